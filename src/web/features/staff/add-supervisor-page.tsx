import { useDocumentTitle } from '@mantine/hooks';
import { useMessages } from '../../i18n/messages.js';
import { AddSupervisorForm } from './add-supervisor-form.js';

/** manager/addsupervisors */
export default function AddSupervisorPage() {
  const m = useMessages();
  useDocumentTitle(`${m('addSupervisor')} · Dutyroll`);
  return <AddSupervisorForm />;
}
