import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Duty } from '../../../shared/schemas/duties.js';
import { ApiError } from '../../api/client.js';
import { errorText } from '../../api/error-text.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { translateAnswer, useMessages, messageText } from '../../i18n/messages.js';
import { useDeleteDuty } from './api.js';

/**
 * Delete on the boards and the train page (managers and admins; issue 13): removes a
 * mistaken duty with its crew after a confirmation, since attendance and the dashboard
 * stop counting it. The lists reload afterwards.
 */
export function DeleteDutyButton({
  duty,
  size = 'sm',
  fullWidth,
  onDeleted,
}: {
  duty: Pick<Duty, '_id' | 'trainno' | 'work'>;
  size?: 'sm' | 'md';
  fullWidth?: boolean;
  onDeleted?: () => void;
}) {
  const remove = useDeleteDuty();
  const [asking, setAsking] = useState(false);
  const { t } = useTranslation();
  const m = useMessages();
  const what = duty.trainno ? t('duties.trainInSentence', { train: duty.trainno }) : duty.work.toUpperCase();

  async function confirm() {
    try {
      const answer = await remove.mutateAsync(duty._id);
      notifications.show({ color: 'green', message: translateAnswer(answer) });
      setAsking(false);
      onDeleted?.();
    } catch (error) {
      // already deleted by someone else: the lists reload without it
      const gone = error instanceof ApiError && error.status === 404;
      notifications.show({ color: gone ? 'yellow' : 'red', message: gone ? messageText('dutyNotFound') : errorText(error) });
      setAsking(false);
      if (gone) onDeleted?.();
    }
  }

  return (
    <>
      <Button size={size} fullWidth={fullWidth} color="red" variant="light" onClick={() => setAsking(true)} aria-label={`${m('delete')}: ${what}`}>
        {m('delete')}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={m('confirmDeleteDuty')}
        confirmLabel={m('confirmDeleteDutyAction')}
        color="red"
        busy={remove.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      >
        <Text fw={600}>{what.charAt(0).toUpperCase() + what.slice(1)}</Text>
        <Text size="sm" c="dimmed">
          {m('confirmDeleteDutyDetail')}
        </Text>
      </ConfirmDialog>
    </>
  );
}
