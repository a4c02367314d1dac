import { useDocumentTitle } from '@mantine/hooks';
import { MSG } from '../../../shared/messages.js';
import { useMessages } from '../../i18n/messages.js';
import { AddSupervisorForm } from './add-supervisor-form.js';

/** manager/addsupervisors */
export default function AddSupervisorPage() {
  const m = useMessages();
  useDocumentTitle(`${m(MSG.addSupervisor)} · Dutyroll`);
  return <AddSupervisorForm />;
}
