import { CONTRACT_PERIOD_MAX } from '../../../shared/limits.js';
import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { firstIssueText } from '../../forms/field-errors.js';
import { adminRules, useRulesSoon } from '../../forms/form-rules.js';
import { toWorkType, WORK_TYPE_SELECT_LABELS } from '../../../shared/work-types.js';
import { errorText } from '../../api/error-text.js';
import { translateAnswer, useMessages } from '../../i18n/messages.js';
import { useContractPeriods, useSaveContractPeriod } from './api.js';

/** The contract period of each work type, which Bill Details shows as its Contract Period card. */
export default function ContractPeriodsPage() {
  const { t } = useTranslation();
  const m = useMessages();
  useDocumentTitle(t('admin.documentTitle', { page: t('admin.menu.contracts') }));
  const periods = useContractPeriods();
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('admin.menu.contracts')}
        </Title>
        <Text c="dimmed">{t('admin.contracts.intro')}</Text>
      </Stack>
      {periods.isError ? (
        <Alert color="red" variant="light">
          {errorText(periods.error)}
        </Alert>
      ) : null}
      <Paper withBorder radius="lg">
        <Table verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.workType')}</Table.Th>
              <Table.Th>{t('admin.contracts.period')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {periods.isPending ? (
              <Table.Tr>
                <Table.Td colSpan={2} ta="center" py="xl" c="dimmed">
                  {m('loading')}
                </Table.Td>
              </Table.Tr>
            ) : (
              (periods.data ?? []).map((row) => <PeriodRow key={row.work} work={row.work} period={row.period} />)
            )}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}

function PeriodRow({ work, period }: { work: string; period: string | null }) {
  const { t } = useTranslation();
  const m = useMessages();
  const save = useSaveContractPeriod();
  const [value, setValue] = useState(period ?? '');
  const [error, setError] = useState<string | null>(null);
  const label = WORK_TYPE_SELECT_LABELS[toWorkType(work) ?? 'mcc'] ?? work;
  useRulesSoon(adminRules);

  async function onSave() {
    try {
      const parsed = (await adminRules()).contractPeriodBody.safeParse({ period: value });
      if (!parsed.success) {
        setError(firstIssueText(parsed.error.issues, 'fillAllFields'));
        return;
      }
      const answer = await save.mutateAsync({ work, period: parsed.data.period });
      notifications.show({ color: 'teal', message: `${translateAnswer(answer)}: ${label}` });
      setError(null);
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <Table.Tr>
      <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }} valign="top" pt="md">
        {label}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={t('admin.contracts.periodFor', { work: label })}
            placeholder={t('admin.contracts.placeholder')}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            size="sm"
            style={{ flex: 1, minWidth: 0 }}
            maw={360}
            maxLength={CONTRACT_PERIOD_MAX}
          />
          <Button size="sm" onClick={() => void onSave()} loading={save.isPending} disabled={value.trim() === (period ?? '')} aria-label={t('admin.contracts.saveFor', { work: label })}>
            {m('billSave')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
