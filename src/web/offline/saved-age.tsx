import { useEffect, useState } from 'react';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShownSavedAt } from './list-cache.js';
import type { PendingChange } from './queued-duties.js';

const MINUTE = 60_000;

/** The age words of a saved list: just now, minutes, hours, days (plural-aware keys). */
export function savedAgeKey(savedAt: number, now: number): { key: 'savedJustNow' | 'savedMinutesAgo' | 'savedHoursAgo' | 'savedDaysAgo'; count: number } {
  const minutes = Math.max(0, Math.floor((now - savedAt) / MINUTE));
  if (minutes < 1) return { key: 'savedJustNow', count: 0 };
  if (minutes < 60) return { key: 'savedMinutesAgo', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { key: 'savedHoursAgo', count: hours };
  return { key: 'savedDaysAgo', count: Math.floor(hours / 24) };
}

/**
 * "Saved 12 minutes ago" beside a list shown from the phone's saved copy (no network);
 * nothing while the list on screen is fresh. Counts on while it stays on screen.
 */
export function SavedAge({ name }: { name: string | null }) {
  const { t } = useTranslation();
  const savedAt = useShownSavedAt(name);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (savedAt === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, [savedAt]);
  if (savedAt === null) return null;
  const { key, count } = savedAgeKey(savedAt, now);
  return (
    <Text size="sm" c="dimmed" fw={600} data-testid="saved-age">
      {key === 'savedJustNow' ? t('offline.savedJustNow') : t(`offline.${key}`, { count })}
    </Text>
  );
}

/** The mark of a duty whose change waits in the outbox. */
export function PendingBadge({ pending }: { pending: PendingChange | undefined }) {
  const { t } = useTranslation();
  if (!pending) return null;
  const text = pending === 'added' ? t('offline.addedWaiting') : pending === 'completed' ? t('offline.completedWaiting') : t('offline.editedWaiting');
  return (
    <Badge color="yellow" variant="light" tt="none" size="md" style={{ whiteSpace: 'normal', height: 'auto' }}>
      {text}
    </Badge>
  );
}
