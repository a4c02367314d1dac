import { Button, Checkbox, Group, Paper, Table, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffSelection } from './use-staff-selection.js';

const BulkChangeDialog = lazy(() => import('./bulk-change-form.js'));

/** Bulk changes to staff (issue 28): the list's selection bar and tick boxes, and the dialog that previews, confirms and applies one change. */

/** The tick box heading the table: every row of this page. */
export function SelectPageTh({ selection, workers }: { selection: StaffSelection; workers: readonly { _id: string; name: string }[] }) {
  const { t } = useTranslation();
  const ticked = workers.filter((worker) => selection.allMatching || selection.picked.has(worker._id)).length;
  return (
    <Table.Th w={44} data-no-print>
      <Checkbox
        aria-label={t('staff.bulk.selectPage')}
        checked={workers.length > 0 && ticked === workers.length}
        indeterminate={ticked > 0 && ticked < workers.length}
        disabled={workers.length === 0}
        onChange={(event) => selection.setPage(workers, event.currentTarget.checked)}
      />
    </Table.Th>
  );
}

/** A row's tick box. */
export function SelectTd({ selection, worker }: { selection: StaffSelection; worker: { _id: string; name: string } }) {
  const { t } = useTranslation();
  return (
    <Table.Td data-no-print>
      <Checkbox
        aria-label={t('staff.bulk.selectOne', { name: worker.name })}
        checked={selection.allMatching || selection.picked.has(worker._id)}
        onChange={(event) => selection.toggle(worker, event.currentTarget.checked)}
      />
    </Table.Td>
  );
}

/** "N selected", "Select all N that match", "Change selected…", "Clear selection"; shown while anything is selected. */
export function BulkSelectionBar({ selection, total }: { selection: StaffSelection; total: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // once opened the dialog stays mounted, so closing keeps its transition
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  const count = selection.allMatching ? total : selection.picked.size;
  if (count === 0) return null;
  return (
    <Paper withBorder radius="md" p="sm" data-no-print role="region" aria-label={t('staff.bulk.region')}>
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Text fw={600}>{selection.allMatching ? t('staff.bulk.allMatchingSelected', { count: total }) : t('staff.bulk.selected', { count })}</Text>
          {!selection.allMatching && total > count ? (
            <Button variant="subtle" onClick={selection.selectAllMatching}>
              {t('staff.bulk.selectAllMatching', { count: total })}
            </Button>
          ) : null}
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={selection.clear}>
            {t('staff.bulk.clear')}
          </Button>
          <Button onClick={() => setOpen(true)}>{t('staff.bulk.change')}</Button>
        </Group>
      </Group>
      {/* the dialog's code loads when it is first opened, not with the list */}
      {wanted ? (
        <Suspense fallback={null}>
          <BulkChangeDialog opened={open} onClose={() => setOpen(false)} selection={selection} />
        </Suspense>
      ) : null}
    </Paper>
  );
}

