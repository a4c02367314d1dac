import { useDocumentTitle } from '@mantine/hooks';
import { MSG } from '../../../shared/messages.js';
import { AddSupervisorForm } from './add-supervisor-form.js';

/** manager/addsupervisors */
export default function AddSupervisorPage() {
  useDocumentTitle(`${MSG.addSupervisor} · Dutyroll`);
  return <AddSupervisorForm />;
}
