import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Duty } from '../../../shared/schemas/duties.js';
import { errorText } from '../../api/error-text.js';
import type { OutboxEntry } from '../../offline/outbox-types.js';
import { useSubmitWrite } from '../../offline/submit-write.js';
import { useAuth } from '../../auth/auth-context.js';
import { dutyEditRefusal } from '../../../shared/duty-permissions.js';
import { dayInZone } from '../../../shared/time.js';
import { useCompanyTimeZone } from '../../company-profile.js';
import { formatNumber } from '../../i18n/format.js';
import { translateMessage, useMessages } from '../../i18n/messages.js';
import { MSG } from '../../../shared/messages.js';

/**
 * SPEC §4: 'Mark Completed' sends status completed; for an acca duty a dialog first asks
 * for the returned bedsheet count (0 when left empty). The boards reload afterwards. The
 * completion goes through the phone's outbox: without network it is kept and sent later
 * (decision 0020); `fix` is a refused completion this one replaces.
 */
export function MarkCompletedButton({
  duty,
  label,
  size = 'sm',
  fullWidth,
  fix,
}: {
  duty: Duty;
  label: string;
  size?: 'sm' | 'md';
  fullWidth?: boolean;
  fix?: OutboxEntry;
}) {
  const { t } = useTranslation();
  const submitWrite = useSubmitWrite();
  const [saving, setSaving] = useState(false);
  const { user } = useAuth();
  const [asking, setAsking] = useState(false);
  const [returned, setReturned] = useState<string | number>(fix?.entered.returned ?? '');
  const timeZone = useCompanyTimeZone();
  const m = useMessages();
  // the server's rule (decision 0015): a supervisor completes only duties they supervise,
  // so the button is not offered where it would be refused
  if (!user || dutyEditRefusal({ id: user._id, role: user.role }, duty, dayInZone(new Date(), timeZone)) !== null) return null;

  async function complete(returnedCount?: number) {
    setSaving(true);
    try {
      const result = await submitWrite(
        {
          kind: 'complete',
          dutyRef: duty._id,
          // with the version shown: a duty completed or edited meanwhile answers 409 (kept and
          // shown as a conflict) instead of the server's silent "already completed" no-op
          body: returnedCount === undefined ? { status: 'completed', version: duty.version } : { status: 'completed', returned: returnedCount, version: duty.version },
          entered: { work: duty.work, trainno: duty.trainno, returned: returnedCount ?? null },
        },
        fix?.id,
      );
      if (result.kind === 'refused') {
        notifications.show({ color: 'red', message: errorText(result.error) });
        return;
      }
      setAsking(false);
      notifications.show(result.kind === 'sent' ? { color: 'green', message: translateMessage(result.answer.message) } : { color: 'blue', message: t('offline.savedOnPhone') });
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error) });
    } finally {
      setSaving(false);
    }
  }

  function onReturnedSubmit(event: FormEvent) {
    event.preventDefault();
    void complete(returned === '' ? 0 : Number(returned));
  }

  const what = duty.trainno ? t('duties.trainInSentence', { train: duty.trainno }) : duty.work.toUpperCase();
  return (
    <>
      <Button
        size={size}
        fullWidth={fullWidth}
        color="teal"
        loading={saving && !asking}
        onClick={() => {
          if (duty.work === 'acca') {
            setReturned(fix?.entered.returned ?? '');
            setAsking(true);
          } else void complete();
        }}
        aria-label={`${label}: ${what}`}
      >
        {label}
      </Button>
      <Modal opened={asking} onClose={() => setAsking(false)} title={`${label}: ${what}`} centered>
        <form onSubmit={onReturnedSubmit}>
          <Stack gap="md">
            {duty.suppliedBedsheet !== null && (
              <Text size="sm" c="dimmed">
                {t('duties.suppliedBedsheets', { supplied: formatNumber(duty.suppliedBedsheet) })}
              </Text>
            )}
            <NumberInput
              label={t('duties.returnedBedsheets')}
              description={t('duties.leaveEmptyForZero')}
              value={returned}
              onChange={setReturned}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              inputMode="numeric"
              size="md"
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(false)} size="md">
                {m(MSG.cancel)}
              </Button>
              <Button type="submit" loading={saving} size="md">
                {label}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
