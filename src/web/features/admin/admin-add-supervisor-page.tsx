import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useMessages } from '../../i18n/messages.js';
import { AddSupervisorForm } from '../staff/add-supervisor-form.js';

/** admin/addsupervisors: the manager's Add Supervisor form and rules (SPEC §2), mounted in the admin area. */
export default function AdminAddSupervisorPage() {
  const { t } = useTranslation();
  const m = useMessages();
  useDocumentTitle(t('admin.documentTitle', { page: m('addSupervisor') }));
  return <AddSupervisorForm />;
}
