import { ActionIcon, Group, Text } from '@mantine/core';
import { formatMonth } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import { isMonth, shiftMonth } from './report-month.js';

/**
 * Steps to earlier months and back, never past the current month (SPEC §2 attendance
 * shows the current month; earlier ones are ours, for closing last month's register).
 */
export function MonthStepper({ month, currentMonth, onChange }: { month: string; currentMonth: string; onChange: (month: string) => void }) {
  const m = useMessages();
  const atCurrent = month >= currentMonth;
  // the first month the server keeps reports for (CALENDAR_YEAR_MIN)
  const atFirst = !isMonth(shiftMonth(month, -1));
  return (
    <Group gap="xs" wrap="nowrap" role="group" aria-label={m('columnMonth')}>
      <ActionIcon
        variant="default"
        size={44}
        radius="md"
        aria-label={m('previousMonth')}
        disabled={atFirst}
        onClick={() => onChange(shiftMonth(month, -1))}
      >
        <Chevron direction="left" />
      </ActionIcon>
      <Text fw={600} miw={136} ta="center" aria-live="polite">
        {formatMonth(month)}
      </Text>
      <ActionIcon
        variant="default"
        size={44}
        radius="md"
        aria-label={m('nextMonth')}
        disabled={atCurrent}
        onClick={() => onChange(shiftMonth(month, 1))}
      >
        <Chevron direction="right" />
      </ActionIcon>
    </Group>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}
