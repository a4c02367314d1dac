import { Alert, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BILL_PASSED } from '../../../shared/bills.js';
import { currentLanguage } from '../../i18n/i18n.js';
import { formatMonth } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import { rupeesInWords } from './amount-in-words.js';
import type { BillDraft } from './bill-draft-api.js';
import { useProblemTexts } from './bill-draft-display.js';
import { BillDraftPrintPage, BillFiguresTable, BillSheet, SignatureBlock } from './bill-print-frame.js';
import classes from './bill-print.module.css';

/**
 * The bill's cover page, to print (issue 27; manager/bills/print/cover): the company's name
 * and address, "Bill for {work} — {month}", the contract period, the figures (units, rate,
 * bill value, penalty, net amount, and the net amount in words, in English as bills write
 * it) and the signatures. The figures are the draft's, as the bill made from them carries
 * them; what keeps the bill from being made, or a bill out of date, is said above the sheet.
 */
export default function BillCoverPrintPage() {
  return (
    <BillDraftPrintPage
      titleKey="billDraft.print.coverTitle"
      render={(draft, title) => (
        <>
          <CoverWarnings draft={draft} />
          <CoverSheet draft={draft} title={title} />
        </>
      )}
    />
  );
}

/** Above the sheet, not printed: the draft's problems, and a month whose bill is not made yet or is out of date. */
function CoverWarnings({ draft }: { draft: BillDraft }) {
  const { t } = useTranslation();
  const problems = useProblemTexts(draft);
  if (problems.length > 0) {
    return (
      <Alert color="red" variant="light" title={t('billDraft.problemsTitle', { count: problems.length })} className={classes.noPrint}>
        <List size="sm" spacing={2}>
          {problems.map((problem) => (
            <List.Item key={problem}>{problem}</List.Item>
          ))}
        </List>
      </Alert>
    );
  }
  if (!draft.bill)
    return (
      <Alert color="blue" variant="light" className={classes.noPrint}>
        {t('billDraft.print.noBillYet')}
      </Alert>
    );
  if (draft.bill.outOfDate && draft.bill.status !== BILL_PASSED)
    return (
      <Alert color="yellow" variant="light" className={classes.noPrint}>
        {t('billDraft.print.outOfDate')}
      </Alert>
    );
  return null;
}

function CoverSheet({ draft, title }: { draft: BillDraft; title: string }) {
  const { t } = useTranslation();
  const m = useMessages();
  const draftMark = draft.problems.length > 0 ? t('billDraft.print.draftMark') : undefined;
  return (
    <BillSheet title={title} subtitle={`${m('contractPeriod')}: ${draft.contractperiod ?? '—'}`} watermark={draftMark}>
      <BillFiguresTable draft={draft} penaltyLabel={t('billDraft.print.lessPenalty')} />
      {/* the amount in words is English, as bills write it: shown with the English screens only */}
      {currentLanguage() === 'en' && <p className={classes.words}>{rupeesInWords(draft.netamount)}</p>}
      <p className={classes.declaration}>{t('billDraft.print.coverNote', { count: draft.duties.length, month: formatMonth(draft.month) })}</p>
      <SignatureBlock />
    </BillSheet>
  );
}
