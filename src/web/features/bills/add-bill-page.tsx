import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select.js';
import { MonthPicker } from '../../components/lazy-date-pickers.js';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { billRules, rulesOr, useRulesSoon } from '../../forms/form-rules.js';
import { errorText } from '../../api/error-text.js';
import { readForm } from '../../forms/field-errors.js';
import { WORK_TYPES, WORK_TYPE_SELECT_LABELS } from '../../../shared/work-types.js';
import { notifyCreated, notifyCreateFailed } from '../../forms/create-toasts.js';
import { useMessages } from '../../i18n/messages.js';
import { AmountInput } from './amount-input.js';
import { useCreateBill } from './api.js';
import { useBillStatusOptions } from '../../i18n/bill-status-label.js';
import { netAmountText } from './bill-summary.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';

const workOptions = WORK_TYPES.map((work) => ({ value: work, label: WORK_TYPE_SELECT_LABELS[work] }));

const emptyForm = { work: '', month: '', status: '', billvalue: '', penalty: '', netamount: '' };
type Form = typeof emptyForm;

/** SPEC §2 Add bill (manager/addbills), with §5's confirm and §8's toasts. */
export default function AddBillPage() {
  const { t, i18n } = useTranslation();
  const m = useMessages();
  const statusOptions = useBillStatusOptions();
  useDocumentTitle(`${m('addMonthlyBill')} · Dutyroll`);
  const create = useCreateBill();
  const [form, setForm] = useState<Form>(emptyForm);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  useRulesSoon(billRules);

  const set = (field: keyof Form) => (value: string) => {
    setProblem(null);
    setForm((current) => {
      const next = { ...current, [field]: value };
      // Net amount is prefilled as bill value minus penalty, and stays editable.
      if (field === 'billvalue' || field === 'penalty') next.netamount = netAmountText(next.billvalue, next.penalty);
      return next;
    });
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const rules = await rulesOr(billRules, (error) => setProblem(errorText(error)));
    if (!rules) return;
    const read = readForm(rules.createBillBody, form);
    if (!read.ok) {
      setProblem(read.message);
      return;
    }
    setProblem(null);
    setConfirming(true);
  }

  async function submit() {
    setConfirming(false);
    // in since the confirmation opened (onSubmit read the form with them)
    const read = readForm((await billRules()).createBillBody, form);
    if (!read.ok) return setProblem(read.message);
    create.mutate(read.value, {
      onSuccess: (answer) => {
        notifyCreated(answer.status, 'billAdded', answer.data);
        // The work type stays chosen: bills are usually entered for several months of one contract.
        if (answer.status === 201) setForm({ ...emptyForm, work: form.work });
      },
      onError: notifyCreateFailed,
    });
  }

  return (
    <Stack gap="md" maw={720}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {m('addMonthlyBill')}
        </Title>
        <Button component={Link} to={form.work ? `/dashboard/manager/bills?work=${encodeURIComponent(form.work)}` : '/dashboard/manager/bills'} variant="default" size="md">
          {m('billDetails')}
        </Button>
      </Group>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <ChoiceSelect label={t('bills.work')} placeholder={t('bills.chooseWork')} data={workOptions} value={form.work || null} onChange={(value) => set('work')(value ?? '')} required />
              <MonthPicker
                label={m('columnMonth')}
                placeholder={t('bills.pickMonth')}
                locale={i18n.resolvedLanguage}
                size="md"
                value={form.month ? `${form.month}-01` : null}
                onChange={(value) => set('month')(value ? String(value).slice(0, 7) : '')}
                valueFormat="MMMM YYYY"
                required
                clearable
              />
              <ChoiceSelect label={m('columnStatus')} placeholder={t('bills.chooseStatus')} data={statusOptions} value={form.status || null} onChange={(value) => set('status')(value ?? '')} required />
              <AmountInput label={m('billValue')} size="md" value={form.billvalue} onChange={set('billvalue')} required />
              <AmountInput label={m('penalty')} size="md" value={form.penalty} onChange={set('penalty')} required />
              <AmountInput label={m('netAmount')} size="md" value={form.netamount} onChange={set('netamount')} required />
            </SimpleGrid>
            {problem && (
              <Alert color="red" variant="light" role="alert">
                {problem}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" size="md" disabled={create.isPending} miw={160}>
                {create.isPending ? m('submitting') : m('addBill')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <ConfirmDialog opened={confirming} title={m('confirmAddBill')} confirmLabel={m('confirmAddBillAction')} onConfirm={submit} onClose={() => setConfirming(false)} />
    </Stack>
  );
}
