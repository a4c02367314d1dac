import { Badge } from '@mantine/core';
import { STAFF_STATUS, type StaffStatus } from '../../../shared/staff.js';

const COLORS: Record<StaffStatus, string> = { [STAFF_STATUS.active]: 'green', [STAFF_STATUS.onLeave]: 'yellow', [STAFF_STATUS.resigned]: 'red' };

/** Staff status (SPEC §4) as a coloured badge. */
export function StaffStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status as StaffStatus] ?? 'gray'} variant="light" radius="sm" style={{ whiteSpace: 'nowrap' }}>
      {status}
    </Badge>
  );
}
