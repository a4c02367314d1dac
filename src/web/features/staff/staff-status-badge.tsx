import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = { Active: 'green', 'On Leave': 'yellow', Resigned: 'red' };

/** Staff status (SPEC §4) as a coloured badge. */
export function StaffStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" radius="sm" style={{ whiteSpace: 'nowrap' }}>
      {status}
    </Badge>
  );
}
