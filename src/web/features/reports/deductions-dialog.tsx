import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { DEDUCTION_KINDS, type DeductionKind } from '../../../shared/payroll.js';
import type { WorkType } from '../../../shared/work-types.js';
import { errorText } from '../../api/error-text.js';
import { AppModal } from '../../components/app-modal.js';
import { ChoiceSelect } from '../../components/choice-select.js';
import { DecimalInput } from '../../components/decimal-input.js';
import { readForm } from '../../forms/field-errors.js';
import { payrollRules, rulesOr, useRulesSoon } from '../../forms/form-rules.js';
import { formatMoney, formatMonth } from '../../i18n/format.js';
import { translateAnswer, useMessages } from '../../i18n/messages.js';
import { useAddDeduction, useDeductions, useRemoveDeduction } from './payroll-api.js';

const EMPTY = { kind: 'advance' as DeductionKind, amount: '', reason: '' };

/**
 * A worker's deductions of the month (issue 26): the list (kind, amount, reason, remove) and
 * a form to add an advance, fine, damage or other deduction. The server refuses one that
 * would take total deductions (EPF and ESI included) over 50 % of the month's wages (422):
 * its message shows under the form. A final month is shown, not changed.
 */
export function DeductionsDialog({
  opened,
  onClose,
  work,
  month,
  worker,
  final,
}: {
  opened: boolean;
  onClose: () => void;
  work: WorkType;
  month: string;
  worker: { staffId: string; name: string; empid: string };
  final: boolean;
}) {
  const { t } = useTranslation();
  const m = useMessages();
  const list = useDeductions(work, month, opened ? worker.staffId : null);
  const add = useAddDeduction();
  const remove = useRemoveDeduction();
  const [form, setForm] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  useRulesSoon(payrollRules);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const rules = await rulesOr(payrollRules, (error) => setProblem(errorText(error, 'somethingWentWrong')));
    if (!rules) return;
    const body = { staffId: worker.staffId, month, kind: form.kind, amount: form.amount, reason: form.reason.trim() };
    const checked = readForm(rules.deductionBody, body);
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    add.mutate(body, {
      onSuccess: (answer) => {
        notifications.show({ color: 'teal', message: translateAnswer(answer) });
        setForm(EMPTY);
      },
      onError: (error) => setProblem(errorText(error, 'somethingWentWrong')),
    });
  }

  const kindLabel = (kind: DeductionKind) => t(`payroll.deductions.kinds.${kind}`);

  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={
        <Text fw={700} size="lg">
          {t('payroll.deductions.title', { name: worker.name, month: formatMonth(month) })}
        </Text>
      }
      centered
      size="lg"
      radius="lg"
    >
      <Stack gap="md">
        {list.isPending ? (
          <Text c="dimmed" role="status">
            {m('loadingData')}
          </Text>
        ) : list.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(list.error, 'somethingWentWrong')}
          </Alert>
        ) : list.data.length === 0 ? (
          <Text c="dimmed">{t('payroll.deductions.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={420} type="native">
            <Table verticalSpacing="xs" fz="sm" aria-label={t('payroll.deductions.listLabel', { name: worker.name })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('payroll.deductions.kind')}</Table.Th>
                  <Table.Th ta="right">{t('payroll.deductions.amount')}</Table.Th>
                  <Table.Th>{t('payroll.deductions.reason')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('payroll.deductions.remove')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((deduction) => (
                  <Table.Tr key={deduction._id}>
                    <Table.Td>{kindLabel(deduction.kind)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(deduction.amount)}</Table.Td>
                    <Table.Td className="break-anywhere">{deduction.reason}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-sm"
                        disabled={final}
                        loading={remove.isPending && remove.variables === deduction._id}
                        aria-label={t('payroll.deductions.removeOne', { kind: kindLabel(deduction.kind), amount: formatMoney(deduction.amount) })}
                        onClick={() =>
                          remove.mutate(deduction._id, {
                            onSuccess: (answer) => notifications.show({ color: 'teal', message: translateAnswer(answer) }),
                            onError: (error) => setProblem(errorText(error, 'somethingWentWrong')),
                          })
                        }
                      >
                        {t('payroll.deductions.remove')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}

        {final ? (
          <Alert color="blue" variant="light">
            {t('payroll.deductions.final')}
          </Alert>
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('payroll.deductions.addTitle')}>
            <Stack gap="sm">
              <Text fw={600}>{t('payroll.deductions.addTitle')}</Text>
              <Group grow align="flex-start" gap="sm" wrap="wrap">
                <ChoiceSelect
                  label={t('payroll.deductions.kind')}
                  value={form.kind}
                  onChange={(value) => setForm({ ...form, kind: (value ?? 'advance') as DeductionKind })}
                  data={DEDUCTION_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) }))}
                  miw={140}
                />
                <DecimalInput
                  label={t('payroll.deductions.amount')}
                  value={form.amount}
                  onChange={(amount) => setForm({ ...form, amount })}
                  min={0}
                  max={10_000_000}
                  step={100}
                  scale={2}
                  size="md"
                  miw={140}
                  required
                />
              </Group>
              <TextInput
                label={t('payroll.deductions.reason')}
                value={form.reason}
                onChange={(event) => setForm({ ...form, reason: event.currentTarget.value })}
                size="md"
                required
              />
              {problem && (
                <Alert color="red" variant="light" role="alert">
                  {problem}
                </Alert>
              )}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={onClose} size="md">
                  {t('common.close')}
                </Button>
                <Button type="submit" loading={add.isPending} size="md">
                  {t('payroll.deductions.add')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </AppModal>
  );
}
