import { useDocumentTitle } from '@mantine/hooks';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { toWorkType } from '../../../shared/work-types.js';
import { useAuth } from '../../auth/auth-context.js';
import { useMessages } from '../../i18n/messages.js';
import { LiveDutiesBoard } from './live-duties-board.js';

/**
 * The supervisor area's index (SPEC §2 Live Duty, 'Live Work Details'). It is also the
 * area's Home, so it greets the person first; the tabs show their work type.
 */
export default function LiveDutyPage() {
  const { t } = useTranslation();
  const m = useMessages();
  useDocumentTitle(m(MSG.liveWorkDetails));
  const { user } = useAuth();
  // SPEC §6: a known work type shows only its tab; managers (Supervisor Tab) see all
  const ownWork = user?.role === ROLE.supervisor ? toWorkType(user.work) : null;
  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 20, sm: 24 }} c="dimmed" fw={600} className="break-anywhere">
        {t('supervisor.welcome', { name: user?.name || t('supervisor.supervisor') })}
      </Title>
      <Title order={2} fz={{ base: 22, sm: 28 }}>
        {m(MSG.liveWorkDetails)}
      </Title>
      <LiveDutiesBoard variant="user" ownWork={ownWork} />
    </Stack>
  );
}
