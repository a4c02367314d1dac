import { Badge } from '@mantine/core';
import { STAFF_STATUS, type StaffStatus } from '../../../shared/staff.js';
import { useStaffLabels } from './staff-options.js';

/** The badge's colour per status; its light variant draws shade 9 on shade 1 (theme.test.ts checks 4.5:1). */
export const STATUS_COLORS: Record<StaffStatus, string> = { [STAFF_STATUS.active]: 'green', [STAFF_STATUS.onLeave]: 'yellow', [STAFF_STATUS.resigned]: 'red' };

/** Staff status (SPEC §4) as a coloured badge, in the reader's language. */
export function StaffStatusBadge({ status }: { status: string }) {
  const labels = useStaffLabels();
  return (
    <Badge color={STATUS_COLORS[status as StaffStatus] ?? 'gray'} variant="light" radius="sm" style={{ whiteSpace: 'nowrap' }}>
      {labels.status(status)}
    </Badge>
  );
}
