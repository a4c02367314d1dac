import { useDocumentTitle } from '@mantine/hooks';
import { MSG } from '../../../shared/messages.js';
import { AddSupervisorForm } from '../staff/add-supervisor-form.js';

/** admin/addsupervisors: the manager's Add Supervisor form and rules (SPEC §2), mounted in the admin area. */
export default function AdminAddSupervisorPage() {
  useDocumentTitle(`${MSG.addSupervisor} · Admin · Dutyroll`);
  return <AddSupervisorForm />;
}
