import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { API } from '../../shared/api/addresses.js';
import type { DayMarkKind } from '../../shared/payroll.js';
import { call } from '../api/call.js';
import { errorText } from '../api/error-text.js';
import { translateAnswer, useMessages } from '../i18n/messages.js';
import { useAuth } from '../auth/auth-context.js';
import { AppModal } from './app-modal.js';
import { ChoiceSelect } from './choice-select.js';

/**
 * A worker's days that are not duties (issue 26): leave (paid or unpaid), weekly off or a
 * holiday, or cleared, through POST /attendance/marks. Shared by the attendance grid's day
 * menu and the staff record's "Mark leave"; afterwards the grid and the payroll are read again.
 */
export type MarkChoice = DayMarkKind | 'clear';

/** The choices in the order a manager reaches for them, with their catalogue keys. */
export const MARK_CHOICES = [
  { kind: 'leave-paid', label: 'payroll.marks.leavePaid' },
  { kind: 'leave-unpaid', label: 'payroll.marks.leaveUnpaid' },
  { kind: 'weekly-off', label: 'payroll.marks.weeklyOff' },
  { kind: 'holiday', label: 'payroll.marks.holiday' },
  { kind: 'clear', label: 'payroll.marks.clear' },
] as const satisfies readonly { kind: MarkChoice; label: string }[];

export interface MarkRequest {
  staffId: string;
  from: string;
  to: string;
  kind: MarkChoice;
}

/** POST /attendance/marks; on success a toast with the server's words and the grid and payroll read again. */
export function useMarkDays() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkRequest) => call(API.markDays, { body, token }),
    onSuccess: async (answer) => {
      notifications.show({ color: 'teal', message: translateAnswer(answer) });
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['attendance'] }), queryClient.invalidateQueries({ queryKey: ['payroll'] })]);
    },
  });
}

/**
 * "Mark several days…": a worker's days from..to as one kind. `first` is where the range
 * starts (the day tapped on the grid, or today on the staff record).
 */
export function DayMarksDialog({
  opened,
  onClose,
  staffId,
  name,
  first,
}: {
  opened: boolean;
  onClose: () => void;
  staffId: string;
  name: string;
  first: string;
}) {
  const { t } = useTranslation();
  const m = useMessages();
  const mark = useMarkDays();
  const [range, setRange] = useState({ from: first, to: first, kind: 'leave-paid' as MarkChoice });
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  // each opening starts from the day it was opened for
  const key = `${staffId}|${first}`;
  if (opened && openedFor !== key) {
    setOpenedFor(key);
    setRange({ from: first, to: first, kind: 'leave-paid' });
    mark.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    mark.mutate({ staffId, ...range }, { onSuccess: onClose });
  }

  return (
    <AppModal opened={opened} onClose={onClose} title={<Text fw={700} size="lg">{t('payroll.marks.rangeTitle', { name })}</Text>} centered size="md" radius="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group grow align="flex-start" gap="sm">
            <TextInput type="date" label={t('payroll.marks.from')} value={range.from} onChange={(event) => setRange({ ...range, from: event.currentTarget.value })} required size="md" />
            <TextInput type="date" label={t('payroll.marks.to')} value={range.to} min={range.from} onChange={(event) => setRange({ ...range, to: event.currentTarget.value })} required size="md" />
          </Group>
          <ChoiceSelect
            label={t('payroll.marks.kind')}
            value={range.kind}
            onChange={(value) => setRange({ ...range, kind: value as MarkChoice })}
            data={MARK_CHOICES.map((choice) => ({ value: choice.kind, label: t(choice.label) }))}
            size="md"
          />
          <Text size="sm" c="dimmed">
            {t('payroll.marks.rangeHint')}
          </Text>
          {mark.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorText(mark.error, 'somethingWentWrong')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mark.isPending} size="md">
              {m('cancel')}
            </Button>
            <Button type="submit" loading={mark.isPending} size="md">
              {t('payroll.marks.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
