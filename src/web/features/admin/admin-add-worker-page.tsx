import { useDocumentTitle } from '@mantine/hooks';
import { MSG } from '../../../shared/messages.js';
import { AddWorkerForm } from '../staff/add-worker-form.js';

/** admin/addworkers: the manager's Add Worker form and rules (SPEC §2), mounted in the admin area. */
export default function AdminAddWorkerPage() {
  useDocumentTitle(`${MSG.addWorker} · Admin · Dutyroll`);
  return <AddWorkerForm />;
}
