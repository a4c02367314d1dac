import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Duty } from '../../../shared/schemas/duties.js';
import { errorText } from '../../api/error-text.js';
import { useUpdateDuty } from './api.js';
import { useAuth } from '../../auth/auth-context.js';
import { dutyEditRefusal } from '../../../shared/duty-permissions.js';
import { dayInZone } from '../../../shared/time.js';
import { useCompanyTimeZone } from '../../company-profile.js';
import { formatNumber } from '../../i18n/format.js';
import { translateMessage, useMessages } from '../../i18n/messages.js';
import { MSG } from '../../../shared/messages.js';

/**
 * SPEC §4: 'Mark Completed' sends status completed; for an acca duty a dialog first asks
 * for the returned bedsheet count (0 when left empty). The boards reload afterwards.
 */
export function MarkCompletedButton({ duty, label, size = 'sm', fullWidth }: { duty: Duty; label: string; size?: 'sm' | 'md'; fullWidth?: boolean }) {
  const update = useUpdateDuty();
  const { user } = useAuth();
  const [asking, setAsking] = useState(false);
  const [returned, setReturned] = useState<string | number>('');
  const timeZone = useCompanyTimeZone();
  const { t } = useTranslation();
  const m = useMessages();
  // the server's rule (decision 0015): a supervisor completes only duties they supervise,
  // so the button is not offered where it would be refused
  if (!user || dutyEditRefusal({ id: user._id, role: user.role }, duty, dayInZone(new Date(), timeZone)) !== null) return null;

  async function complete(returnedCount?: number) {
    try {
      const answer = await update.mutateAsync({
        id: duty._id,
        body: returnedCount === undefined ? { status: 'completed' } : { status: 'completed', returned: returnedCount },
      });
      setAsking(false);
      notifications.show({ color: 'green', message: translateMessage(answer.message) });
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error) });
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
        loading={update.isPending && !asking}
        onClick={() => {
          if (duty.work === 'acca') {
            setReturned('');
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
              <Button type="submit" loading={update.isPending} size="md">
                {label}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
