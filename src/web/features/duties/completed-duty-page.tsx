import { useDocumentTitle } from '@mantine/hooks';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ROLE } from '../../../shared/roles.js';
import { toWorkType } from '../../../shared/work-types.js';
import { useAuth } from '../../auth/auth-context.js';
import { CompletedDutiesBoard } from './completed-duties-board.js';

const detailPath = (id: string) => `/dashboard/user/traindetails/${id}`;

/** SPEC §2 user/completedduty: a supervisor sees only their own work type. */
export default function CompletedDutyPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('supervisor.menu.completedDuty'));
  const { user } = useAuth();
  const ownWork = user?.role === ROLE.supervisor ? toWorkType(user.work) : null;
  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('supervisor.menu.completedDuty')}
      </Title>
      <CompletedDutiesBoard ownWork={ownWork} detailPath={detailPath} />
    </Stack>
  );
}
