import { Anchor, Group, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { useMessages } from '../../i18n/messages.js';
import { AddWorkerForm } from './add-worker-form.js';

/** manager/addworkers; the bulk upload (manager/addworkerss) has no menu entry, so it is offered here. */
export default function AddWorkerPage() {
  const m = useMessages();
  useDocumentTitle(`${m('addWorker')} · Dutyroll`);
  return (
    <Stack gap="sm">
      <AddWorkerForm />
      <Group justify="flex-end">
        <Anchor component={Link} to="/dashboard/manager/addworkerss" py={6}>
          {m('bulkUploadLink')}
        </Anchor>
      </Group>
    </Stack>
  );
}
