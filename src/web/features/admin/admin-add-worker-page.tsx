import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useMessages } from '../../i18n/messages.js';
import { AddWorkerForm } from '../staff/add-worker-form.js';

/** admin/addworkers: the manager's Add Worker form and rules (SPEC §2), mounted in the admin area. */
export default function AdminAddWorkerPage() {
  const { t } = useTranslation();
  const m = useMessages();
  useDocumentTitle(t('admin.documentTitle', { page: m('addWorker') }));
  return <AddWorkerForm />;
}
