import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WorkType } from '../../../shared/work-types.js';
import { formatMoney } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import { useBillDraft, type BillDraft } from './bill-draft-api.js';
import { useRateText, useUnitsText, workLabel } from './bill-draft-display.js';
import { errorText } from '../../api/error-text.js';
import { useCompanyProfile } from '../../company-profile.js';
import { formatMonth } from '../../i18n/format.js';
import { payrollMonth } from './payroll-display.js';
import { reportSearch, useCurrentMonth, useReportParams } from './report-params.js';
import classes from './bill-print.module.css';

/** The work type and month a printed page of the bill is of (?work=&month=; the last month by default). */
export function useBillPrintParams(): { work: WorkType; month: string } {
  const { work, month } = useReportParams();
  return { work, month: payrollMonth(month, useCurrentMonth(undefined)) };
}

/**
 * A printed page of the bill (issue 27): Print and Back to the bill above it (not printed),
 * then the page itself, which the caller draws as a sheet (BillSheet, whose title is the
 * page's h1) once its data is in; until then, or when there is nothing to print, the title
 * is the page's heading here.
 */
export function BillPrintFrame({ work, month, title, printable, children }: { work: WorkType; month: string; title: string; printable: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · Dutyroll`);
  return (
    <Stack gap="md">
      <Group gap="sm" className={classes.noPrint}>
        <Button onClick={() => window.print()} size="md" mih={44} disabled={!printable}>
          {t('billDraft.print.print')}
        </Button>
        <Button component={Link} to={`/dashboard/manager/bills/draft?${reportSearch(work, month)}`} variant="default" size="md" mih={44}>
          {t('billDraft.print.back')}
        </Button>
      </Group>
      {!printable && (
        <Title order={1} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
      )}
      {children}
    </Stack>
  );
}

/** The sheet: the company's name and address from its profile, the page's title (its one h1) and what follows. */
export function BillSheet({ title, subtitle, watermark, children }: { title: string; subtitle?: ReactNode; watermark?: string; children: ReactNode }) {
  const company = useCompanyProfile();
  return (
    <section className={classes.sheet} aria-label={title}>
      {watermark && (
        <div className={classes.watermark} aria-hidden>
          {watermark}
        </div>
      )}
      <header className={classes.heading}>
        <div className={classes.company}>{company.name}</div>
        <div className={classes.address}>{company.address}</div>
        <h1 className={classes.title}>{title}</h1>
        {subtitle && <div className={classes.subtitle}>{subtitle}</div>}
      </header>
      {children}
    </section>
  );
}

/** Prepared by, Checked by, and the authorised signatory for the company, each over a line; the date below. */
export function SignatureBlock() {
  const { t } = useTranslation();
  const company = useCompanyProfile();
  return (
    <>
      <div className={classes.signatures}>
        <div className={classes.signature}>{t('billDraft.print.preparedBy')}</div>
        <div className={classes.signature}>{t('billDraft.print.checkedBy')}</div>
        <div className={classes.signature}>
          {t('billDraft.print.authorisedSignatory')}
          <div>{t('billDraft.print.forCompany', { company: company.name })}</div>
        </div>
      </div>
      <div className={classes.dateLine}>{t('billDraft.print.dateLine')}</div>
    </>
  );
}

/**
 * The bill's figures as both printed pages show them: units, rate, bill value, the penalty
 * (under the label each page gives it) and the net amount.
 */
export function BillFiguresTable({ draft, penaltyLabel }: { draft: BillDraft; penaltyLabel: string }) {
  const { t } = useTranslation();
  const m = useMessages();
  const unitsText = useUnitsText();
  const rateText = useRateText();
  return (
    <table className={classes.figures}>
      <tbody>
        <tr>
          <th scope="row">{t('billDraft.figures.units')}</th>
          <td className={classes.number}>{unitsText(draft.unit, draft.units)}</td>
        </tr>
        <tr>
          <th scope="row">{t('billDraft.figures.rate')}</th>
          <td className={classes.number}>{rateText(draft.unit, draft.rate)}</td>
        </tr>
        <tr>
          <th scope="row">{m('billValue')}</th>
          <td className={classes.number}>{formatMoney(draft.billvalue)}</td>
        </tr>
        <tr>
          <th scope="row">{penaltyLabel}</th>
          <td className={classes.number}>{formatMoney(draft.penalty)}</td>
        </tr>
        <tr className={classes.total}>
          <th scope="row">{m('netAmount')}</th>
          <td className={classes.number}>{formatMoney(draft.netamount)}</td>
        </tr>
      </tbody>
    </table>
  );
}

/**
 * A printed page made from the month's draft (the annexure, the cover page): the frame with
 * its title, "Loading…" or the error while the draft is not there, then `render(draft, title)`.
 */
export function BillDraftPrintPage({ titleKey, render }: { titleKey: 'billDraft.print.annexureTitle' | 'billDraft.print.coverTitle'; render: (draft: BillDraft, title: string) => ReactNode }) {
  const { t } = useTranslation();
  const { work, month } = useBillPrintParams();
  const query = useBillDraft(work, month);
  const title = t(titleKey, { work: workLabel(work), month: formatMonth(month) });
  return (
    <BillPrintFrame work={work} month={month} title={title} printable={Boolean(query.data)}>
      {query.isPending ? (
        <Text c="dimmed" role="status">
          {t('billDraft.loading')}
        </Text>
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(query.error, 'somethingWentWrong')}
        </Alert>
      ) : (
        render(query.data, title)
      )}
    </BillPrintFrame>
  );
}
