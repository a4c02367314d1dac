import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AppModal } from '../components/app-modal.js';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { useOpenedAfterMount } from '../components/opened-after-mount.js';
import { translateAnswer, useMessages } from '../i18n/messages.js';
import { dependantsOf, isHeldBack } from './outbox.js';
import { useOutbox, useOutboxStatus } from './outbox-provider.js';
import type { OutboxEntry } from './outbox-types.js';
import { isLocalId } from './outbox-types.js';
import { fixPath, type FixState } from './fix-entry.js';

/**
 * The list of kept changes (decision 0020), opened from OfflineStatus's Review: a refused
 * one shows the server's message and what was entered, to Fix or Discard; one still
 * waiting (not on its way) can be discarded as well. Its own chunk,
 * loaded when first opened (decision 0023): the dialogs are no part of a first screen.
 */
export default function KeptChangesDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { entries } = useOutboxStatus();
  const outbox = useOutbox();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  const shown = useOpenedAfterMount(opened);
  const later = discarding && discarding.kind === 'create' ? dependantsOf(discarding, entries).length : 0;

  function fix(entry: OutboxEntry) {
    onClose();
    const state: FixState = { fix: entry };
    void navigate(fixPath(entry, pathname), { state });
  }

  return (
    <>
      <AppModal opened={shown && !discarding} onClose={onClose} title={<Text fw={700}>{t('offline.changesTitle')}</Text>} centered size="lg">
        <Stack gap="sm">
          {entries.map((entry) => (
            <EntryCard key={entry.id} entry={entry} heldBack={isHeldBack(entry, entries) && entry.state !== 'refused'} onFix={() => fix(entry)} onDiscard={() => setDiscarding(entry)} />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('offline.close')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
      <ConfirmDialog
        opened={discarding !== null}
        title={t('offline.discardTitle')}
        confirmLabel={t('offline.discard')}
        color="red"
        onClose={() => setDiscarding(null)}
        onConfirm={() => {
          const entry = discarding;
          setDiscarding(null);
          if (entry) void outbox?.discard(entry.id);
        }}
      >
        <Text size="sm">{t('offline.discardBody')}</Text>
        {later > 0 && <Text size="sm">{t('offline.discardDependants', { count: later })}</Text>}
      </ConfirmDialog>
    </>
  );
}

const KIND_LABEL = { create: 'offline.kindCreate', complete: 'offline.kindComplete', editCrew: 'offline.kindEditCrew' } as const;

/** One kept change: what it is, what was entered, and for a refused one the server's message. */
function EntryCard({ entry, heldBack, onFix, onDiscard }: { entry: OutboxEntry; heldBack: boolean; onFix: () => void; onDiscard: () => void }) {
  const { t } = useTranslation();
  useMessages(); // the refusal below follows a language change
  const { entered } = entry;
  const refused = entry.state === 'refused';
  const title = entered.trainno ? `${entered.work.toUpperCase()} · ${entered.trainno}` : entered.work.toUpperCase();
  const facts: [string, string][] = [];
  if (entered.trainno) facts.push([t('offline.trainNumber'), String(entered.trainno)]);
  if (entered.totalcoach !== undefined && entered.totalcoach !== null && entered.totalcoach !== '') facts.push([t('offline.coaches'), String(entered.totalcoach)]);
  if (entry.kind !== 'complete' && entered.suppliedBedsheet !== undefined && entered.suppliedBedsheet !== null && entered.suppliedBedsheet !== '')
    facts.push([t('offline.supplied'), String(entered.suppliedBedsheet)]);
  if (entered.crew && entered.crew.length > 0) facts.push([t('offline.crew'), entered.crew.map((worker) => worker.name).join(', ')]);
  if (entry.kind === 'complete' && entered.returned !== undefined && entered.returned !== null) facts.push([t('offline.returned'), String(entered.returned)]);

  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={`${t(KIND_LABEL[entry.kind])}: ${title}`}>
      <Group justify="space-between" gap="xs" mb={4}>
        <Text fw={700}>
          {t(KIND_LABEL[entry.kind])}: {title}
        </Text>
        <Badge color={refused ? 'red' : 'yellow'} variant="light" tt="none">
          {refused ? t('offline.refusedTitle') : entry.state === 'sending' ? t('offline.sending') : t('offline.waitingTitle')}
        </Badge>
      </Group>
      {refused && (
        <Text size="sm" c="red.8" fw={600} role="alert">
          {entry.refusal?.message ? translateAnswer(entry.refusal) : t('offline.noServerMessage')}
        </Text>
      )}
      {heldBack && (
        <Text size="sm" c="dimmed">
          {t('offline.heldBack')}
        </Text>
      )}
      <Stack gap={2} mt={4}>
        {facts.map(([label, value]) => (
          <Text key={label} size="sm" className="break-anywhere">
            <Text span c="dimmed" size="sm">
              {label}:
            </Text>{' '}
            {value}
          </Text>
        ))}
      </Stack>
      {/* a waiting change may be discarded too: kept from a session that ended, its maker may no longer want it sent */}
      {entry.state !== 'sending' && (
        <Group gap="xs" mt="sm">
          {refused && !(entry.kind !== 'create' && isLocalId(entry.dutyRef)) && (
            <Button size="sm" onClick={onFix}>
              {t('offline.fix')}
            </Button>
          )}
          <Button size="sm" color="red" variant="light" onClick={onDiscard}>
            {t('offline.discard')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
