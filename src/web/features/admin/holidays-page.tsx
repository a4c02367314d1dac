import { useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { CALENDAR_YEAR_MAX, CALENDAR_YEAR_MIN, HOLIDAY_NAME_MAX } from '../../../shared/limits.js';
import type { Holiday } from '../../../shared/schemas/payroll-settings.js';
import { errorText } from '../../api/error-text.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { firstIssueText } from '../../forms/field-errors.js';
import { payrollSettingsRules, rulesOr, useRulesSoon } from '../../forms/form-rules.js';
import { formatDate } from '../../i18n/format.js';
import { translateAnswer, useMessages } from '../../i18n/messages.js';
import { useAddHoliday, useHolidays, useRemoveHoliday, useRenameHoliday } from './payroll-settings-api.js';

/** A holiday's day in the reader's language, with its weekday: 'Fri, 2 October 2026'. */
function dayText(day: string): string {
  return formatDate(`${day}T12:00:00Z`, 'UTC', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' });
}

/**
 * The national and festival holidays of a year (issue 26), which count as paid days in the
 * payroll: add, rename, remove. The server refuses adding or removing one in a month whose
 * payroll is final, and says so.
 */
export default function HolidaysPage() {
  const { t } = useTranslation();
  const m = useMessages();
  useDocumentTitle(t('admin.documentTitle', { page: t('admin.menu.holidays') }));
  // null until the admin steps: the current year, which the server answers
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const holidays = useHolidays(chosenYear);
  const year = chosenYear ?? holidays.data?.year ?? null;
  const add = useAddHoliday();
  const rename = useRenameHoliday();
  const remove = useRemoveHoliday();
  const [newHoliday, setNewHoliday] = useState({ day: '', name: '' });
  const [addErrors, setAddErrors] = useState<{ day?: string; name?: string; form?: string }>({});
  const [editing, setEditing] = useState<{ day: string; name: string; error?: string } | null>(null);
  const [removing, setRemoving] = useState<Holiday | null>(null);
  useRulesSoon(payrollSettingsRules);

  async function onAdd(event: FormEvent) {
    event.preventDefault();
    const rules = await rulesOr(payrollSettingsRules, (error) => setAddErrors({ form: errorText(error) }));
    if (!rules) return;
    const parsed = rules.holidayBody.safeParse(newHoliday);
    if (!parsed.success) {
      const dayIssues = parsed.error.issues.filter((issue) => issue.path[0] === 'day');
      const nameIssues = parsed.error.issues.filter((issue) => issue.path[0] === 'name');
      setAddErrors({ day: dayIssues.length ? firstIssueText(dayIssues) : undefined, name: nameIssues.length ? firstIssueText(nameIssues) : undefined });
      return;
    }
    try {
      const added = await add.mutateAsync(parsed.data);
      notifications.show({ color: 'teal', message: t('admin.holidays.added', { name: added.name, day: dayText(added.day) }) });
      setNewHoliday({ day: '', name: '' });
      setAddErrors({});
      setChosenYear(Number(added.day.slice(0, 4)));
    } catch (error) {
      setAddErrors({ form: errorText(error) });
    }
  }

  async function onRename() {
    if (!editing) return;
    const rules = await rulesOr(payrollSettingsRules, (error) => setEditing({ ...editing, error: errorText(error) }));
    if (!rules) return;
    const parsed = rules.holidayRenameBody.safeParse({ name: editing.name });
    if (!parsed.success) {
      setEditing({ ...editing, error: firstIssueText(parsed.error.issues) });
      return;
    }
    try {
      const saved = await rename.mutateAsync({ day: editing.day, name: parsed.data.name });
      notifications.show({ color: 'teal', message: t('admin.holidays.renamed', { name: saved.name }) });
      setEditing(null);
    } catch (error) {
      setEditing({ ...editing, error: errorText(error) });
    }
  }

  async function onRemove() {
    if (!removing) return;
    try {
      const answer = await remove.mutateAsync(removing.day);
      notifications.show({ color: 'teal', message: `${translateAnswer(answer)}: ${removing.name}` });
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error) });
    }
    setRemoving(null);
  }

  const list = holidays.data?.year === year ? holidays.data.holidays : null;
  let rows;
  if (holidays.isError)
    rows = (
      <Table.Tr>
        <Table.Td colSpan={3}>
          <Alert color="red" variant="light">
            {errorText(holidays.error)}
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  else if (!list) rows = <StatusRow text={m('loading')} />;
  else if (list.length === 0) rows = <StatusRow text={t('admin.holidays.noneYet', { year })} />;
  else
    rows = list.map((holiday) => (
      <Table.Tr key={holiday.day}>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayText(holiday.day)}</Table.Td>
        {editing?.day === holiday.day ? (
          <>
            <Table.Td>
              <TextInput
                aria-label={t('admin.holidays.newNameFor', { name: holiday.name })}
                value={editing.name}
                onChange={(event) => setEditing({ day: holiday.day, name: event.currentTarget.value })}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') void onRename();
                  if (event.key === 'Escape') setEditing(null);
                }}
                error={editing.error}
                maxLength={HOLIDAY_NAME_MAX}
                size="sm"
                autoFocus
              />
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap" justify="flex-end">
                <Button size="xs" onClick={() => void onRename()} loading={rename.isPending}>
                  {m('billSave')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                  {m('cancel')}
                </Button>
              </Group>
            </Table.Td>
          </>
        ) : (
          <>
            <Table.Td className="break-anywhere">{holiday.name}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap" justify="flex-end">
                <Button size="xs" variant="light" onClick={() => setEditing({ day: holiday.day, name: holiday.name })} aria-label={t('admin.holidays.renameAria', { name: holiday.name })}>
                  {t('admin.holidays.rename')}
                </Button>
                <ActionIcon variant="subtle" color="red" size="lg" onClick={() => setRemoving(holiday)} aria-label={t('admin.holidays.removeAria', { name: holiday.name })}>
                  <CrossIcon />
                </ActionIcon>
              </Group>
            </Table.Td>
          </>
        )}
      </Table.Tr>
    ));

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('admin.menu.holidays')}
        </Title>
        <Text c="dimmed">{t('admin.holidays.intro')}</Text>
      </Stack>
      <Paper withBorder radius="lg" p="md" component="form" onSubmit={(event: FormEvent) => void onAdd(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="md">
            {t('admin.holidays.addTitle')}
          </Title>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              type="date"
              label={m('payrollFields.holidayDate')}
              value={newHoliday.day}
              min={`${CALENDAR_YEAR_MIN}-01-01`}
              max={`${CALENDAR_YEAR_MAX}-12-31`}
              onChange={(event) => {
                const day = event.currentTarget.value;
                setNewHoliday((current) => ({ ...current, day }));
                setAddErrors(({ day: _day, form: _form, ...rest }) => rest);
              }}
              error={addErrors.day}
              required
              w={200}
            />
            <TextInput
              label={m('payrollFields.holidayName')}
              placeholder={t('admin.holidays.namePlaceholder')}
              value={newHoliday.name}
              onChange={(event) => {
                const name = event.currentTarget.value;
                setNewHoliday((current) => ({ ...current, name }));
                setAddErrors(({ name: _name, form: _form, ...rest }) => rest);
              }}
              error={addErrors.name}
              maxLength={HOLIDAY_NAME_MAX}
              required
              style={{ flex: 1, minWidth: 200 }}
              maw={420}
            />
            <Button type="submit" loading={add.isPending} mt={25} size="sm">
              {t('admin.holidays.add')}
            </Button>
          </Group>
          {addErrors.form ? (
            <Alert color="red" variant="light" role="alert">
              {addErrors.form}
            </Alert>
          ) : null}
        </Stack>
      </Paper>
      <Group gap="xs" align="center">
        <Button variant="default" size="sm" disabled={year === null || year <= CALENDAR_YEAR_MIN} onClick={() => year !== null && setChosenYear(year - 1)} aria-label={t('admin.holidays.previousYear')}>
          ‹
        </Button>
        <Title order={2} fz={{ base: 20, sm: 22 }} miw={64} ta="center" aria-live="polite">
          {year ?? ''}
        </Title>
        <Button variant="default" size="sm" disabled={year === null || year >= CALENDAR_YEAR_MAX} onClick={() => year !== null && setChosenYear(year + 1)} aria-label={t('admin.holidays.nextYear')}>
          ›
        </Button>
      </Group>
      <Paper withBorder radius="lg">
        <Table striped verticalSpacing="xs" horizontalSpacing="md" aria-busy={holidays.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.holidays.date')}</Table.Th>
              <Table.Th>{m('columnName')}</Table.Th>
              <Table.Th ta="right">{m('columnActions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{rows}</Table.Tbody>
        </Table>
      </Paper>
      <ConfirmDialog
        opened={removing !== null}
        title={removing ? t('admin.holidays.removeTitle', { name: removing.name, day: dayText(removing.day) }) : ''}
        confirmLabel={t('admin.holidays.remove')}
        color="red"
        busy={remove.isPending}
        onConfirm={() => void onRemove()}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

function StatusRow({ text }: { text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={3} ta="center" py="xl" c="dimmed">
        {text}
      </Table.Td>
    </Table.Tr>
  );
}

function CrossIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" aria-hidden>
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}
