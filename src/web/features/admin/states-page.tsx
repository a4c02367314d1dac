import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ActionIcon, Alert, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { firstIssueText } from '../../forms/field-errors.js';
import type { stateResponse } from '../../../shared/schemas/admin.js';
import { adminRules, useRulesSoon } from '../../forms/form-rules.js';
import { errorText } from '../../api/error-text.js';
import { formatNumber } from '../../i18n/format.js';
import { useDeleteState, useSaveState, useStates } from './api.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { useMessages } from '../../i18n/messages.js';

type State = z.infer<typeof stateResponse>;

/** States and union territories (SPEC §3 States list, issue 8): add, rename, remove. */
export default function StatesPage() {
  const { t } = useTranslation();
  const m = useMessages();
  const title = m('counterLabels.states');
  useDocumentTitle(t('admin.documentTitle', { page: title }));
  const states = useStates();
  const save = useSaveState();
  const remove = useDeleteState();
  const [newName, setNewName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: string; name: string; error?: string } | null>(null);
  const [removing, setRemoving] = useState<State | null>(null);
  const [filter, setFilter] = useState('');
  useRulesSoon(adminRules);

  async function add(event: FormEvent) {
    event.preventDefault();
    try {
      const parsed = (await adminRules()).stateBody.safeParse({ name: newName });
      if (!parsed.success) {
        setAddError(firstIssueText(parsed.error.issues, 'fillAllFields'));
        return;
      }
      const added = await save.mutateAsync({ id: null, name: parsed.data.name });
      notifications.show({ color: 'teal', message: m.of('stateAdded', added.name) });
      setNewName('');
      setAddError(null);
    } catch (error) {
      setAddError(errorText(error));
    }
  }

  async function rename() {
    if (!editing) return;
    try {
      const parsed = (await adminRules()).stateBody.safeParse({ name: editing.name });
      if (!parsed.success) {
        setEditing({ ...editing, error: firstIssueText(parsed.error.issues, 'fillAllFields') });
        return;
      }
      const saved = await save.mutateAsync({ id: editing.id, name: parsed.data.name });
      notifications.show({ color: 'teal', message: m.of('stateRenamed', saved.name) });
      setEditing(null);
    } catch (error) {
      setEditing({ ...editing, error: errorText(error) });
    }
  }

  async function confirmRemove() {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing._id);
      notifications.show({ color: 'teal', message: m.of('stateRemoved', removing.name) });
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error) });
    }
    setRemoving(null);
  }

  const needle = filter.trim().toLowerCase();
  const shown = (states.data ?? []).filter((state) => !needle || state.name.toLowerCase().includes(needle));

  let rows;
  if (states.isPending) rows = <StatusRow text={m('loading')} />;
  else if (states.isError)
    rows = (
      <Table.Tr>
        <Table.Td colSpan={2}>
          <Alert color="red" variant="light">
            {errorText(states.error)}
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  else if (shown.length === 0) rows = <StatusRow text={needle ? t('admin.states.noMatch') : t('admin.states.noneYet')} />;
  else
    rows = shown.map((state) =>
      editing?.id === state._id ? (
        <Table.Tr key={state._id}>
          <Table.Td>
            <TextInput
              aria-label={t('admin.states.newNameFor', { name: state.name })}
              value={editing.name}
              onChange={(event) => setEditing({ id: state._id, name: event.currentTarget.value })}
              onKeyDown={(event) => {
                if (event.key === 'Enter') void rename();
                if (event.key === 'Escape') setEditing(null);
              }}
              error={editing.error}
              size="sm"
              autoFocus
            />
          </Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="nowrap" justify="flex-end">
              <Button size="xs" onClick={() => void rename()} loading={save.isPending}>
                {m('billSave')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                {m('cancel')}
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      ) : (
        <Table.Tr key={state._id}>
          <Table.Td className="break-anywhere">{state.name}</Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="nowrap" justify="flex-end">
              <Button size="xs" variant="light" onClick={() => setEditing({ id: state._id, name: state.name })} aria-label={t('admin.states.renameAria', { name: state.name })}>
                {t('admin.states.rename')}
              </Button>
              <ActionIcon variant="subtle" color="red" size="lg" onClick={() => setRemoving(state)} aria-label={t('admin.states.removeAria', { name: state.name })}>
                <CrossIcon />
              </ActionIcon>
            </Group>
          </Table.Td>
        </Table.Tr>
      ),
    );

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      <Paper withBorder radius="lg" p="md" component="form" onSubmit={(event: FormEvent) => void add(event)} noValidate>
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            label={t('admin.states.addLabel')}
            placeholder={t('admin.states.addPlaceholder')}
            value={newName}
            onChange={(event) => {
              setNewName(event.currentTarget.value);
              setAddError(null);
            }}
            error={addError}
            style={{ flex: 1, minWidth: 0 }}
            maw={480}
          />
          <Button type="submit" loading={save.isPending && editing === null} mt={29} size="md">
            {t('admin.states.add')}
          </Button>
        </Group>
      </Paper>
      <TextInput type="search" label={t('admin.states.find')} placeholder={t('admin.states.findPlaceholder')} value={filter} onChange={(event) => setFilter(event.currentTarget.value)} maw={{ sm: 360 }} />
      <Paper withBorder radius="lg">
        <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing="md" aria-busy={states.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                {m('columnName')}{' '}
                {states.data ? (
                  <Text span c="dimmed" size="sm">
                    ({formatNumber(states.data.length)})
                  </Text>
                ) : null}
              </Table.Th>
              <Table.Th ta="right">{m('columnActions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{rows}</Table.Tbody>
        </Table>
      </Paper>
      <ConfirmDialog
        opened={removing !== null}
        title={removing ? t('admin.states.removeTitle', { name: removing.name }) : ''}
        confirmLabel={t('admin.states.remove')}
        color="red"
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

function StatusRow({ text }: { text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={2} ta="center" py="xl" c="dimmed">
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
