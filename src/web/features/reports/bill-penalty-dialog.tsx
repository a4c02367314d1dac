import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { DEDUCTION_MAX_PAISE, PAYROLL_REASON_MAX } from '../../../shared/limits.js';
import type { WorkType } from '../../../shared/work-types.js';
import { errorText } from '../../api/error-text.js';
import { AppModal } from '../../components/app-modal.js';
import { DecimalInput } from '../../components/decimal-input.js';
import { issueText } from '../../forms/field-errors.js';
import { billDraftRules, rulesOr, useRulesSoon } from '../../forms/form-rules.js';
import { formatMonth } from '../../i18n/format.js';
import { translateAnswer, useMessages } from '../../i18n/messages.js';
import { newWriteKey, useAddBillPenalty } from './bill-draft-api.js';

const EMPTY = { amount: '', reason: '' };

/**
 * Add a penalty to the month's bill by hand (the railway's inspection deduction): an amount
 * and a reason, both required, checked by the server's own rules; the server's refusal (a
 * passed bill) shows under the form. The same form sent again after a lost answer goes under
 * the same Idempotency-Key, so it is added once.
 */
export function BillPenaltyDialog({ opened, onClose, work, month }: { opened: boolean; onClose: () => void; work: WorkType; month: string }) {
  const { t } = useTranslation();
  const m = useMessages();
  const add = useAddBillPenalty();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  // the key of the form as it was last sent: kept while the form is unchanged
  const [sent, setSent] = useState<{ body: string; key: string } | null>(null);
  useRulesSoon(billDraftRules);

  const change = (field: keyof typeof EMPTY, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    setProblem(null);
  };
  const close = () => {
    setErrors({});
    setProblem(null);
    onClose();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const rules = await rulesOr(billDraftRules, (error) => setProblem(errorText(error, 'somethingWentWrong')));
    if (!rules) return;
    const body = { work, month, amount: form.amount.trim(), reason: form.reason.trim() };
    const parsed = rules.billPenaltyBody.safeParse(body);
    if (!parsed.success) {
      const found: { amount?: string; reason?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'amount' || field === 'reason') && !found[field]) found[field] = issueText(issue.message);
      }
      setErrors(found);
      if (!found.amount && !found.reason) setProblem(issueText(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    const text = JSON.stringify(body);
    const key = sent?.body === text ? sent.key : newWriteKey();
    setSent({ body: text, key });
    add.mutate(
      { body, key },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'teal', message: translateAnswer(answer) });
          setForm(EMPTY);
          setSent(null);
          close();
        },
        onError: (error) => setProblem(errorText(error, 'somethingWentWrong')),
      },
    );
  }

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={
        <Text fw={700} size="lg">
          {t('billDraft.penalties.dialogTitle', { month: formatMonth(month) })}
        </Text>
      }
      centered
      size="md"
      radius="lg"
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('billDraft.penalties.add')}>
        <Stack gap="sm">
          <DecimalInput
            label={t('billDraft.penalties.amount')}
            value={form.amount}
            onChange={(amount) => change('amount', amount)}
            min={0}
            max={DEDUCTION_MAX_PAISE / 100}
            step={100}
            scale={2}
            size="md"
            error={errors.amount}
            required
            data-autofocus
          />
          <Textarea
            label={t('billDraft.penalties.reason')}
            description={t('billDraft.penalties.reasonHint')}
            value={form.reason}
            onChange={(event) => change('reason', event.currentTarget.value)}
            error={errors.reason}
            maxLength={PAYROLL_REASON_MAX}
            autosize
            minRows={2}
            size="md"
            required
          />
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} size="md" mih={44}>
              {m('cancel')}
            </Button>
            <Button type="submit" loading={add.isPending} size="md" mih={44}>
              {t('billDraft.penalties.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
