import type { ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Phones get the duty lists as cards: a table's last column (the actions) would sit off
 * a 360 px screen, behind a sideways scroll that people miss. Same fields, same labels.
 */
export function useNarrowScreen(): boolean {
  return !useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
}

export interface CardField {
  label: string;
  value: ReactNode;
  color?: string | undefined;
  testId?: string;
}

export function DutyCard({
  title,
  status,
  statusColor,
  fields,
  actions,
  note,
}: {
  title: string;
  status: string;
  statusColor: string;
  fields: CardField[];
  actions: ReactNode;
  /** under the title, e.g. that the duty's change waits to be sent */
  note?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={title}>
      <Group justify="space-between" align="baseline" mb="xs" wrap="nowrap">
        <Text fw={700} fz="xl" className="break-anywhere">
          {title}
        </Text>
        <Text tt="capitalize" c={statusColor} fw={600} size="sm">
          {status}
        </Text>
      </Group>
      {note}
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" mb="md">
        {fields.map((field) => (
          <div key={field.label}>
            <Text size="xs" c="dimmed">
              {field.label}
            </Text>
            <Text size="sm" c={field.color} fw={field.color ? 600 : undefined} data-testid={field.testId} className="break-anywhere">
              {field.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Stack gap="xs">{actions}</Stack>
    </Paper>
  );
}

/** The loading or empty state of a card list. */
export function CardsMessage({ text }: { text: string }) {
  return (
    <Paper withBorder radius="md" p="lg" ta="center" c="dimmed">
      {text}
    </Paper>
  );
}
