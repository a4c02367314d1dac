import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import { formatDueDate } from './payroll-display.js';
import type { BillDraft } from './bill-draft-api.js';
import { useCountLabel } from './bill-draft-display.js';
import { BillDraftPrintPage, BillFiguresTable, BillSheet, SignatureBlock } from './bill-print-frame.js';
import classes from './bill-print.module.css';

/**
 * The duty-wise annexure to the bill, to print (issue 27; manager/bills/print/annexure):
 * an A4 sheet with a row per completed duty of the month (date, train number, type, coaches
 * or tanks, required crew, crew assigned, shortfall, penalty) and the totals, then the
 * penalties added by hand and the bill's figures, as the .xlsx has them. "DRAFT" across it
 * while the draft names a problem.
 */
export default function BillAnnexurePrintPage() {
  return <BillDraftPrintPage titleKey="billDraft.print.annexureTitle" render={(draft, title) => <AnnexureSheet draft={draft} title={title} />} />;
}

function AnnexureSheet({ draft, title }: { draft: BillDraft; title: string }) {
  const { t } = useTranslation();
  const m = useMessages();
  const countLabel = useCountLabel();
  const { duties } = draft;
  const sum = (pick: (duty: BillDraft['duties'][number]) => number) => duties.reduce((total, duty) => total + pick(duty), 0);
  const draftMark = draft.problems.length > 0 ? t('billDraft.print.draftMark') : undefined;
  return (
    <BillSheet title={title} subtitle={`${m('contractPeriod')}: ${draft.contractperiod ?? '—'}`} watermark={draftMark}>
      {duties.length === 0 ? (
        <p>{t('billDraft.annexure.empty')}</p>
      ) : (
        // the table scrolls sideways on a phone inside the sheet: focusable, so a keyboard can scroll it
        <div className={classes.scroll} tabIndex={0} role="region" aria-label={t('billDraft.annexure.tableLabel', { count: duties.length })}>
          <table className={classes.grid}>
            <thead>
              <tr>
                <th scope="col">{t('billDraft.print.serial')}</th>
                <th scope="col">{t('billDraft.annexure.date')}</th>
                <th scope="col">{t('billDraft.annexure.trainNo')}</th>
                <th scope="col">{t('billDraft.annexure.type')}</th>
                <th scope="col" className={classes.number}>
                  {countLabel(draft.unit)}
                </th>
                <th scope="col" className={classes.number}>
                  {t('billDraft.annexure.required')}
                </th>
                <th scope="col" className={classes.number}>
                  {t('billDraft.annexure.assigned')}
                </th>
                <th scope="col" className={classes.number}>
                  {t('billDraft.annexure.shortfall')}
                </th>
                <th scope="col" className={classes.number}>
                  {t('billDraft.annexure.penalty')}
                </th>
              </tr>
            </thead>
            <tbody>
              {duties.map((duty, index) => (
                <tr key={duty._id}>
                  <td>{index + 1}</td>
                  <td className={classes.nowrap}>{formatDueDate(duty.completedDay)}</td>
                  <td>{duty.trainno ?? '—'}</td>
                  <td>{duty.type ?? '—'}</td>
                  <td className={classes.number}>{duty.totalcoach ? formatNumber(duty.totalcoach) : draft.unit === 'month' ? '—' : t('billDraft.annexure.missing')}</td>
                  <td className={classes.number}>{formatNumber(duty.required)}</td>
                  <td className={classes.number}>{formatNumber(duty.assigned)}</td>
                  <td className={classes.number}>{formatNumber(duty.shortfall)}</td>
                  <td className={classes.number}>{formatMoney(duty.penalty)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4}>
                  {t('billDraft.annexure.total', { count: duties.length })}
                </th>
                <td className={classes.number}>{formatNumber(sum((duty) => duty.totalcoach ?? 0))}</td>
                <td className={classes.number}>{formatNumber(sum((duty) => duty.required))}</td>
                <td className={classes.number}>{formatNumber(sum((duty) => duty.assigned))}</td>
                <td className={classes.number}>{formatNumber(sum((duty) => duty.shortfall))}</td>
                <td className={classes.number}>{formatMoney(draft.dutyPenalty)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}

      {draft.manualPenalties.length > 0 && (
        <>
          <h2 className={classes.section}>{t('billDraft.penalties.title')}</h2>
          <table className={classes.grid}>
            <thead>
              <tr>
                <th scope="col">{t('billDraft.penalties.reason')}</th>
                <th scope="col" className={classes.number}>
                  {t('billDraft.penalties.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {draft.manualPenalties.map((penalty) => (
                <tr key={penalty._id}>
                  <td>{penalty.reason}</td>
                  <td className={classes.number}>{formatMoney(penalty.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}

      <h2 className={classes.section}>{t('billDraft.figures.title')}</h2>
      <BillFiguresTable draft={draft} penaltyLabel={t('billDraft.figures.penalty')} />
      <SignatureBlock />
    </BillSheet>
  );
}
