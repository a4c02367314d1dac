import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { AppModal } from '../components/app-modal.js';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ConfirmDialog } from '../components/confirm-dialog.js';
import { useMessages } from '../i18n/messages.js';
import { dependantsOf, isHeldBack } from './outbox.js';
import { useOnline, useOutbox, useOutboxStatus } from './outbox-provider.js';
import type { OutboxEntry } from './outbox-types.js';
import { isLocalId } from './outbox-types.js';
import { fixPath, type FixState } from './fix-entry.js';

/**
 * The outbox on screen (decision 0020): "You are offline", "2 changes waiting to send" (or
 * "Sending…"), refused changes and "Sign in to send your changes", above every page of a
 * signed-in area while there is something to say; Review opens the list of kept changes,
 * where a refused one shows the server's message and what was entered, to Fix or Discard.
 */
export function OfflineStatus() {
  const { t } = useTranslation();
  const online = useOnline();
  const { entries, sending, needsSignIn } = useOutboxStatus();
  const [reviewing, setReviewing] = useState(false);
  const waiting = entries.filter((entry) => entry.state !== 'refused').length;
  const refused = entries.filter((entry) => entry.state === 'refused').length;
  if (online && entries.length === 0 && !needsSignIn) return null;

  return (
    <Stack gap="xs" mb="md" role="status" aria-live="polite" data-testid="offline-status">
      {!online && (
        <Alert color="gray" variant="light" py="xs">
          <Text size="sm" fw={600}>
            {t('offline.youAreOffline')}
          </Text>
        </Alert>
      )}
      {needsSignIn && entries.length > 0 && (
        <Alert color="orange" variant="light" py="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              {t('offline.signInToSend')}
            </Text>
            <Anchor component={Link} to="/login" fw={600} size="sm">
              {t('offline.signIn')}
            </Anchor>
          </Group>
        </Alert>
      )}
      {(waiting > 0 || refused > 0) && (
        <Paper withBorder radius="md" px="md" py="xs" bg={refused > 0 ? 'red.0' : 'yellow.0'}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Stack gap={0}>
              {waiting > 0 && (
                <Text size="sm" fw={600}>
                  {sending ? t('offline.sending') : t('offline.waiting', { count: waiting })}
                </Text>
              )}
              {refused > 0 && (
                <Text size="sm" fw={600} c="red.8">
                  {t('offline.refused', { count: refused })}
                </Text>
              )}
            </Stack>
            <Button size="sm" variant={refused > 0 ? 'filled' : 'default'} color={refused > 0 ? 'red' : undefined} onClick={() => setReviewing(true)}>
              {t('offline.review')}
            </Button>
          </Group>
        </Paper>
      )}
      <KeptChangesDialog opened={reviewing} onClose={() => setReviewing(false)} />
    </Stack>
  );
}

function KeptChangesDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { entries } = useOutboxStatus();
  const outbox = useOutbox();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  const later = discarding && discarding.kind === 'create' ? dependantsOf(discarding, entries).length : 0;

  function fix(entry: OutboxEntry) {
    onClose();
    const state: FixState = { fix: entry };
    void navigate(fixPath(entry, pathname), { state });
  }

  return (
    <>
      <AppModal opened={opened && !discarding} onClose={onClose} title={<Text fw={700}>{t('offline.changesTitle')}</Text>} centered size="lg">
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
  const m = useMessages();
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
          {entry.refusal?.message ? m(entry.refusal.message) : t('offline.noServerMessage')}
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
      {(refused || heldBack) && (
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
