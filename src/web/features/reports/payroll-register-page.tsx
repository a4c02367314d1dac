import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLE } from '../../../shared/roles.js';
import { errorText } from '../../api/error-text.js';
import { useAuth } from '../../auth/auth-context.js';
import { CATEGORY_TABS } from '../../components/category-tabs.js';
import { useCompanyProfile } from '../../company-profile.js';
import { formatMoney, formatMonth, formatNumber } from '../../i18n/format.js';
import { DEDUCTION_KINDS, type DeductionKind } from '../../../shared/payroll.js';
import { useMonthDeductions, usePayroll, type Payroll } from './payroll-api.js';
import { payrollMonth } from './payroll-display.js';
import { reportSearch, useCurrentMonth, useReportParams } from './report-params.js';
import classes from './payroll-register.module.css';
import { LandscapePages } from '../../components/print/landscape-pages.js';

/** A day's code as the register prints it: absent and days to come are left blank. */
const printedCode = (code: string) => (code === 'A' || code === '-' ? '' : code);

/**
 * The wage register cum muster roll of a month and work type, to print (issue 26): an A4
 * landscape table (print stylesheet: no menu, the header row repeated on each page, small
 * type), the company's name from its profile, and "DRAFT" across a draft. Columns: S.No,
 * name, Emp ID, a column per day, days, rate, gross, EPF, ESI, other deductions, net and a
 * signature column. The figures are the payroll's (GET /payroll), as on the screen.
 */
export default function PayrollRegisterPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const base = user?.role === ROLE.admin ? '/dashboard/admin' : '/dashboard/manager';
  const { work, month: monthParam } = useReportParams();
  const month = payrollMonth(monthParam, useCurrentMonth(undefined));
  const query = usePayroll(work, month);
  const workLabel = CATEGORY_TABS.find((tab) => tab.value === work)?.label ?? work;
  const title = t('payroll.print.title', { work: workLabel, month: formatMonth(month) });
  useDocumentTitle(`${title} · Dutyroll`);

  return (
    <Stack gap="md">
      <Group gap="sm" className={classes.noPrint}>
        <Button onClick={() => window.print()} size="md" disabled={!query.data}>
          {t('payroll.print.print')}
        </Button>
        <Button component={Link} to={`${base}/payroll?${reportSearch(work, month)}`} variant="default" size="md">
          {t('payroll.print.back')}
        </Button>
      </Group>
      {query.isPending ? (
        <Text c="dimmed" role="status">
          {t('payroll.loading')}
        </Text>
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(query.error, 'somethingWentWrong')}
        </Alert>
      ) : (
        <RegisterSheet payroll={query.data} title={title} />
      )}
    </Stack>
  );
}

function RegisterSheet({ payroll, title }: { payroll: Payroll; title: string }) {
  const { t } = useTranslation();
  const company = useCompanyProfile();
  const draft = payroll.status === 'draft';
  const days = Array.from({ length: daysIn(payroll.month) }, (_, index) => index + 1);
  const { totals } = payroll;
  // each deduction in its own column, as the register must show them (paise sums by worker and kind)
  const deductions = useMonthDeductions(payroll.work, payroll.month).data;
  const byKind = new Map<string, number>();
  for (const deduction of deductions ?? []) {
    const key = `${deduction.staffId} ${deduction.kind}`;
    byKind.set(key, (byKind.get(key) ?? 0) + Math.round(deduction.amount * 100));
  }
  const kindOf = (staffId: string, kind: DeductionKind) => (byKind.get(`${staffId} ${kind}`) ?? 0) / 100;
  const kindTotal = (kind: DeductionKind) => payroll.rows.reduce((sum, row) => sum + Math.round(kindOf(row.staffId, kind) * 100), 0) / 100;
  const kinds: readonly DeductionKind[] = deductions ? DEDUCTION_KINDS : [];
  return (
    // the sheet scrolls sideways on screen: focusable, so a keyboard can scroll it (axe scrollable-region-focusable)
    <section className={classes.sheet} aria-label={title} tabIndex={0}>
      <LandscapePages margin="8mm" />
      {draft && (
        <div className={classes.watermark} aria-hidden>
          {t('payroll.print.draftMark')}
        </div>
      )}
      <header className={classes.heading}>
        <div className={classes.company}>{company.name}</div>
        <div className={classes.address}>{company.address}</div>
        <h1 className={classes.title}>{title}</h1>
        <div className={classes.subtitle}>
          {draft ? t('payroll.print.draftNote') : t('payroll.print.finalNote')}
        </div>
      </header>
      {payroll.rows.length === 0 ? (
        <p>{t('payroll.empty')}</p>
      ) : (
        <table className={classes.register}>
          <thead>
            <tr>
              <th scope="col">{t('payroll.print.serial')}</th>
              <th scope="col" className={classes.nameCol}>
                {t('payroll.print.name')}
              </th>
              <th scope="col">{t('payroll.print.empid')}</th>
              {days.map((day) => (
                <th scope="col" key={day} className={classes.dayCol}>
                  {day}
                </th>
              ))}
              <th scope="col">{t('payroll.columns.days')}</th>
              <th scope="col">{t('payroll.columns.rate')}</th>
              <th scope="col">{t('payroll.columns.gross')}</th>
              <th scope="col">{t('payroll.columns.epf')}</th>
              <th scope="col">{t('payroll.columns.esi')}</th>
              {deductions ? (
                kinds.map((kind) => (
                  <th scope="col" key={kind}>
                    {t(`payroll.deductions.kinds.${kind}`)}
                  </th>
                ))
              ) : (
                <th scope="col">{t('payroll.columns.other')}</th>
              )}
              <th scope="col">{t('payroll.columns.net')}</th>
              <th scope="col" className={classes.signature}>
                {t('payroll.print.signature')}
              </th>
            </tr>
          </thead>
          <tbody>
            {payroll.rows.map((row, index) => (
              <tr key={row.staffId}>
                <td>{index + 1}</td>
                <td className={classes.nameCol}>{row.name}</td>
                <td>{row.empid}</td>
                {days.map((day) => (
                  <td key={day} className={classes.dayCol}>
                    {printedCode(row.codes[day - 1] ?? '')}
                  </td>
                ))}
                <td className={classes.number}>{formatNumber(row.days)}</td>
                <td className={classes.number}>{formatMoney(row.rate)}</td>
                <td className={classes.number}>{formatMoney(row.gross)}</td>
                <td className={classes.number}>{formatMoney(row.pfEmployee)}</td>
                <td className={classes.number}>{formatMoney(row.esiEmployee)}</td>
                {deductions ? (
                  kinds.map((kind) => (
                    <td key={kind} className={classes.number}>
                      {formatMoney(kindOf(row.staffId, kind))}
                    </td>
                  ))
                ) : (
                  <td className={classes.number}>{formatMoney(row.otherDeductions)}</td>
                )}
                <td className={classes.number}>{formatMoney(row.net)}</td>
                <td className={classes.signature} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3 + days.length}>
                {t('payroll.print.total')}
              </th>
              <td className={classes.number}>{formatNumber(totals.days)}</td>
              <td />
              <td className={classes.number}>{formatMoney(totals.gross)}</td>
              <td className={classes.number}>{formatMoney(totals.pfEmployee)}</td>
              <td className={classes.number}>{formatMoney(totals.esiEmployee)}</td>
              {deductions ? (
                kinds.map((kind) => (
                  <td key={kind} className={classes.number}>
                    {formatMoney(kindTotal(kind))}
                  </td>
                ))
              ) : (
                <td className={classes.number}>{formatMoney(totals.otherDeductions)}</td>
              )}
              <td className={classes.number}>{formatMoney(totals.net)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}

/** The number of days of a month ('YYYY-MM'). */
function daysIn(month: string): number {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
}
