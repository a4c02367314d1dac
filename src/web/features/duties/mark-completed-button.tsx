import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { WholeNumberInput } from '../../components/whole-number-input.js';
import { AppModal } from '../../components/app-modal.js';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Duty } from '../../../shared/schemas/duties.js';
import { errorText } from '../../api/error-text.js';
import type { OutboxEntry } from '../../offline/outbox-types.js';
import { useSubmitWrite } from '../../offline/submit-write.js';
import { useAuth } from '../../auth/auth-context.js';
import { dutyEditRefusal } from '../../../shared/permissions.js';
import { dayInZone } from '../../../shared/time.js';
import { useCompanyTimeZone } from '../../company-profile.js';
import { formatNumber } from '../../i18n/format.js';
import { translateAnswer, useMessages } from '../../i18n/messages.js';
import { UNDO_WINDOW_MS } from './completion-hold.js';
import { useCompletionHold } from './completion-hold-scope.js';

/**
 * SPEC §4: 'Mark Completed' sends status completed; for an acca duty a dialog first asks
 * for the returned bedsheet count (0 when left empty). The boards reload afterwards. The
 * completion goes through the phone's outbox: without network it is kept and sent later
 * (decision 0020); `fix` is a refused completion this one replaces. Inside a
 * CompletionHoldScope the completion is held for UNDO_WINDOW_MS first, with Undo on the
 * button and in a toast (decision 0021). When the window ends (or Undo is pressed) while an
 * Undo button has the focus, the focus goes to this duty's Mark Completed button after an
 * Undo, or to the board's tab when the completion goes (the duty leaves the list), never
 * to the page's body (issue 28).
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
  const { hold, held, focusBoard } = useCompletionHold(duty._id);
  const markButton = useRef<HTMLButtonElement>(null);
  const undoing = useRef(false);
  const [refocus, setRefocus] = useState<'mark' | 'board' | null>(null);
  useEffect(() => {
    if (!hold) return;
    // told before the page redraws, while the Undo button (on the card or in the toast) is still there
    return hold.subscribe(() => {
      if (hold.getHeld().has(duty._id)) return;
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && focused.dataset.undoFor === duty._id) setRefocus(undoing.current ? 'mark' : 'board');
    });
  }, [hold, duty._id]);
  useEffect(() => {
    if (!refocus || held) return;
    if (refocus === 'mark' && markButton.current) markButton.current.focus();
    else focusBoard();
    setRefocus(null);
  }, [refocus, held, focusBoard]);
  // the server's rule (decision 0015): a supervisor completes only duties they supervise,
  // so the button is not offered where it would be refused
  if (!user || dutyEditRefusal({ id: user._id, role: user.role }, duty, dayInZone(new Date(), timeZone)) !== null) return null;

  const what = duty.trainno ? t('duties.trainInSentence', { train: duty.trainno }) : duty.work.toUpperCase();
  const toastId = `completion-held-${duty._id}`;

  function complete(returnedCount?: number) {
    if (!hold) {
      void send(returnedCount);
      return;
    }
    setAsking(false);
    if (!hold.hold(duty._id, () => {
      notifications.hide(toastId);
      void send(returnedCount);
    }))
      return;
    notifications.show({
      id: toastId,
      color: 'teal',
      autoClose: UNDO_WINDOW_MS,
      withCloseButton: false,
      message: (
        <Group justify="space-between" gap="xs">
          <Text size="sm">{t('duties.completionHeld', { what })}</Text>
          <Button variant="outline" color="teal.9" mih={44} onClick={undo} data-undo-for={duty._id} aria-label={t('duties.undoCompletionOf', { undo: t('duties.undo'), what })}>
            {t('duties.undo')}
          </Button>
        </Group>
      ),
    });
  }

  function undo() {
    notifications.hide(toastId);
    // false: the window is over and the completion is on its way (the server decides it)
    undoing.current = true;
    const undone = hold?.undo(duty._id) ?? false;
    undoing.current = false;
    if (undone) notifications.show({ color: 'gray', message: t('duties.completionUndone', { what }) });
  }

  async function send(returnedCount?: number) {
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
      notifications.show(result.kind === 'sent' ? { color: 'green', message: translateAnswer(result.answer) } : { color: 'blue', message: t('offline.savedOnPhone') });
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error) });
    } finally {
      setSaving(false);
    }
  }

  function onReturnedSubmit(event: FormEvent) {
    event.preventDefault();
    complete(returned === '' ? 0 : Number(returned));
  }

  if (held) {
    return (
      <Button size={size} fullWidth={fullWidth} mih={44} variant="outline" color="orange.9" onClick={undo} data-undo-for={duty._id} aria-label={t('duties.undoCompletionOf', { undo: t('duties.undo'), what })}>
        {t('duties.undo')}
      </Button>
    );
  }

  return (
    <>
      <Button
        ref={markButton}
        size={size}
        fullWidth={fullWidth}
        mih={size === 'md' ? 44 : undefined}
        color="teal"
        // a long label (Malayalam's) wraps and shows whole: Mantine's label box hid a few pixels of it at 1366 px (issue 28)
        styles={{ label: { overflow: 'visible', height: 'auto' } }}
        loading={saving && !asking}
        onClick={() => {
          if (duty.work === 'acca') {
            setReturned(fix?.entered.returned ?? '');
            setAsking(true);
          } else complete();
        }}
        aria-label={`${label}: ${what}`}
      >
        {label}
      </Button>
      <AppModal opened={asking} onClose={() => setAsking(false)} title={`${label}: ${what}`} centered className="large-targets">
        <form onSubmit={onReturnedSubmit}>
          <Stack gap="md">
            {duty.suppliedBedsheet !== null && (
              <Text size="sm" c="dimmed">
                {t('duties.suppliedBedsheets', { supplied: formatNumber(duty.suppliedBedsheet) })}
              </Text>
            )}
            <WholeNumberInput
              label={t('duties.returnedBedsheets')}
              description={t('duties.leaveEmptyForZero')}
              value={returned}
              onChange={setReturned}
              size="md"
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(false)} size="md">
                {m('cancel')}
              </Button>
              <Button type="submit" loading={saving} size="md">
                {label}
              </Button>
            </Group>
          </Stack>
        </form>
      </AppModal>
    </>
  );
}
