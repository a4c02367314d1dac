import { Alert, Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../api/error-text.js';
import { formatDateTime, formatMoney, formatMonth, formatNumber } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import { useCompanyTimeZone } from '../../company-profile.js';
import { formatDueDate } from './payroll-display.js';
import { reportSearch } from './report-params.js';
import { useCompliance, type Compliance } from './bill-draft-api.js';
import { workLabel } from './bill-draft-display.js';
import { BillPrintFrame, BillSheet, SignatureBlock, useBillPrintParams } from './bill-print-frame.js';
import classes from './bill-print.module.css';

/**
 * The wage compliance statement of a work type and month, to print (issue 27;
 * manager/bills/print/compliance), the page the railway asks for with the bill: workers
 * paid, total wages, EPF and ESI of the employee and the employer, the wage payment date,
 * a declaration and the signatures. From the month's final payroll; until it is final the
 * page says so and links to the payroll.
 */
export default function BillCompliancePrintPage() {
  const { t } = useTranslation();
  const m = useMessages();
  const { work, month } = useBillPrintParams();
  const query = useCompliance(work, month);
  const title = t('billDraft.print.complianceTitle', { work: workLabel(work), month: formatMonth(month) });
  return (
    <BillPrintFrame work={work} month={month} title={title} printable={Boolean(query.data?.statement)}>
      {query.isPending ? (
        <Text c="dimmed" role="status">
          {m('loading')}
        </Text>
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(query.error, 'somethingWentWrong')}
        </Alert>
      ) : query.data.statement ? (
        <ComplianceSheet statement={query.data.statement} title={title} />
      ) : (
        <Alert color="yellow" variant="light">
          <Text size="sm">{errorText(query.data.notFinal)}</Text>
          <Anchor component={Link} to={`/dashboard/manager/payroll?${reportSearch(work, month)}`} size="sm">
            {t('billDraft.documents.openPayroll', { month: formatMonth(month) })}
          </Anchor>
        </Alert>
      )}
    </BillPrintFrame>
  );
}

function ComplianceSheet({ statement, title }: { statement: Compliance; title: string }) {
  const { t } = useTranslation();
  const timeZone = useCompanyTimeZone();
  const rows: [string, string][] = [
    [t('billDraft.compliance.workers'), formatNumber(statement.workers)],
    [t('billDraft.compliance.gross'), formatMoney(statement.gross)],
    [t('billDraft.compliance.pfEmployee'), formatMoney(statement.pfEmployee)],
    [t('billDraft.compliance.pfEmployer'), formatMoney(statement.pfEmployer)],
    [t('billDraft.compliance.esiEmployee'), formatMoney(statement.esiEmployee)],
    [t('billDraft.compliance.esiEmployer'), formatMoney(statement.esiEmployer)],
    [t('billDraft.compliance.paymentDate'), formatDueDate(statement.paymentDate)],
  ];
  return (
    <BillSheet title={title} subtitle={t('billDraft.compliance.finalisedOn', { when: formatDateTime(statement.finalisedAt, timeZone) })}>
      <table className={classes.figures}>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className={classes.number}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={classes.declaration}>{t('billDraft.compliance.declaration', { month: formatMonth(statement.month), work: workLabel(statement.work) })}</p>
      <SignatureBlock />
    </BillSheet>
  );
}
