import { CONTRACT_PERIOD_MAX } from '../../../shared/limits.js';
import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../shared/messages.js';
import { firstMessage } from '../../../shared/api/first-message.js';
import { contractPeriodBody } from '../../../shared/schemas/admin.js';
import { toWorkType, WORK_TYPE_SELECT_LABELS } from '../../../shared/work-types.js';
import { useErrorText } from '../../api/error-text.js';
import { useContractPeriods, useSaveContractPeriod } from './api.js';
import { translateMessage } from '../../i18n/messages.js';

/** The contract period of each work type, which Bill Details shows as its Contract Period card. */
export default function ContractPeriodsPage() {
  const errorText = useErrorText();
  useDocumentTitle('Contract periods · Admin · Dutyroll');
  const periods = useContractPeriods();
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Contract periods
        </Title>
        <Text c="dimmed">The contract period of each work type, shown on the manager's Bill Details page.</Text>
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
              <Table.Th>Work type</Table.Th>
              <Table.Th>Contract period</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {periods.isPending ? (
              <Table.Tr>
                <Table.Td colSpan={2} ta="center" py="xl" c="dimmed">
                  {MSG.loading}
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
  const errorText = useErrorText();
  const save = useSaveContractPeriod();
  const [value, setValue] = useState(period ?? '');
  const [error, setError] = useState<string | null>(null);
  const label = WORK_TYPE_SELECT_LABELS[toWorkType(work) ?? 'mcc'] ?? work;

  async function onSave() {
    const parsed = contractPeriodBody.safeParse({ period: value });
    if (!parsed.success) {
      setError(translateMessage(firstMessage(parsed.error.issues) ?? MSG.fillAllFields));
      return;
    }
    try {
      const answer = await save.mutateAsync({ work, period: parsed.data.period });
      notifications.show({ color: 'teal', message: `${translateMessage(answer.msg)}: ${label}` });
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
            aria-label={`Contract period for ${label}`}
            placeholder="e.g. Apr 2024 – Mar 2027"
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
          <Button size="sm" onClick={() => void onSave()} loading={save.isPending} disabled={value.trim() === (period ?? '')} aria-label={`Save contract period for ${label}`}>
            Save
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
