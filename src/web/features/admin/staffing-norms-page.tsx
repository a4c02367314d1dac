import { STAFFING_NORM_MAX } from '../../../shared/limits.js';
import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { STAFFING_NORM_TEXT } from '../../../shared/input-checks.js';
import { DecimalInput, decimalText } from '../../components/decimal-input.js';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { DEFAULT_STAFFING_NORM, requiredStaff } from '../../../shared/duties.js';
import { firstIssueText } from '../../forms/field-errors.js';
import { adminRules, useRulesSoon } from '../../forms/form-rules.js';
import { toWorkType, WORK_TYPE_SELECT_LABELS } from '../../../shared/work-types.js';
import { errorText } from '../../api/error-text.js';
import { formatNumber } from '../../i18n/format.js';
import { translateAnswer, useMessages } from '../../i18n/messages.js';
import { useSaveStaffingNorm, useStaffingNorms } from './api.js';

/** An example train length, so the admin sees what a factor means in people. */
const EXAMPLE_COACHES = 20;

/**
 * Required staff per coach (or tank, for bio) of each work type; a new duty stores
 * round(norm × coaches) as its required staff (DESIGN.md Manpower). Duties already made
 * keep theirs.
 */
export default function StaffingNormsPage() {
  const { t } = useTranslation();
  const m = useMessages();
  useDocumentTitle(t('admin.documentTitle', { page: t('admin.menu.norms') }));
  const norms = useStaffingNorms();
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('admin.menu.norms')}
        </Title>
        <Text c="dimmed">{t('admin.norms.intro', { norm: formatNumber(DEFAULT_STAFFING_NORM) })}</Text>
      </Stack>
      {norms.isError ? (
        <Alert color="red" variant="light">
          {errorText(norms.error)}
        </Alert>
      ) : null}
      <Paper withBorder radius="lg">
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="sm" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.workType')}</Table.Th>
                <Table.Th>{t('admin.norms.perCoach')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {norms.isPending ? (
                <Table.Tr>
                  <Table.Td colSpan={2} ta="center" py="xl" c="dimmed">
                    {m('loading')}
                  </Table.Td>
                </Table.Tr>
              ) : (
                (norms.data ?? []).map((norm) => <NormRow key={norm.work} work={norm.work} perCoach={norm.perCoach} />)
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}

function NormRow({ work, perCoach }: { work: string; perCoach: number }) {
  const { t } = useTranslation();
  const m = useMessages();
  const save = useSaveStaffingNorm();
  const [value, setValue] = useState<string | number>(perCoach);
  const [error, setError] = useState<string | null>(null);
  const label = WORK_TYPE_SELECT_LABELS[toWorkType(work) ?? 'mcc'] ?? work;
  // the number typed, when it is one the rule allows (above 0, at most the maximum): Save is
  // offered for a change, the example shows it; the rule's message comes at the save
  const typed = typeof value === 'number' ? value : STAFFING_NORM_TEXT.test(decimalText(value).trim()) ? Number(decimalText(value)) : Number.NaN;
  const allowed = typed > 0 && typed <= STAFFING_NORM_MAX;
  const unchanged = allowed && typed === perCoach;
  useRulesSoon(adminRules);

  async function onSave() {
    try {
      const parsed = (await adminRules()).staffingNormBody.safeParse({ perCoach: value === '' ? undefined : typeof value === 'number' ? value : decimalText(value) });
      if (!parsed.success) {
        setError(firstIssueText(parsed.error.issues, 'fillAllFields'));
        return;
      }
      const answer = await save.mutateAsync({ work, perCoach: parsed.data.perCoach });
      notifications.show({ color: 'teal', message: `${translateAnswer(answer)}: ${label} ${formatNumber(parsed.data.perCoach)}` });
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
        <Group gap="md" align="flex-start" wrap="wrap">
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <DecimalInput
              aria-label={t('admin.norms.perCoachFor', { work: label })}
              value={value}
              onChange={(next) => {
                setValue(next);
                setError(null);
              }}
              min={0}
              max={STAFFING_NORM_MAX}
              step={0.1}
              scale={3}
              error={error}
              w={96}
              size="sm"
            />
            <Button size="sm" onClick={() => void onSave()} loading={save.isPending} disabled={unchanged} aria-label={t('admin.norms.savePerCoachFor', { work: label })}>
              {m('billSave')}
            </Button>
          </Group>
          {allowed ? (
            <Text size="sm" c="dimmed" pt={6}>
              {t('admin.norms.example', { coaches: formatNumber(EXAMPLE_COACHES), staff: formatNumber(requiredStaff(EXAMPLE_COACHES, typed)) })}
            </Text>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
