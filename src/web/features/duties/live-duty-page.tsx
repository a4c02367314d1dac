import { useDocumentTitle } from '@mantine/hooks';
import { Button, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROLE } from '../../../shared/roles.js';
import { toWorkType } from '../../../shared/work-types.js';
import { useAuth } from '../../auth/auth-context.js';
import { useMessages } from '../../i18n/messages.js';
import { LiveDutiesBoard } from './live-duties-board.js';

/**
 * The supervisor area's index (SPEC §2 Live Duty, 'Live Work Details'). It is also the
 * area's Home, so it greets the person first, with Add Duty one tap away (issue 15); the
 * tabs show their work type.
 */
export default function LiveDutyPage() {
  const { t } = useTranslation();
  const m = useMessages();
  useDocumentTitle(m('liveWorkDetails'));
  const { user } = useAuth();
  // SPEC §6: a known work type shows only its tab; managers (Supervisor Tab) see all
  const ownWork = user?.role === ROLE.supervisor ? toWorkType(user.work) : null;
  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 20, sm: 24 }} c="dimmed" fw={600} className="break-anywhere">
        {t('supervisor.welcome', { name: user?.name || t('supervisor.supervisor') })}
      </Title>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} fz={{ base: 22, sm: 28 }}>
          {m('liveWorkDetails')}
        </Title>
        <Button component={Link} to="/dashboard/user/addduty" size="md" mih={44} leftSection={<PlusIcon />}>
          {t('supervisor.menu.addDuty')}
        </Button>
      </Group>
      <LiveDutiesBoard variant="user" ownWork={ownWork} />
    </Stack>
  );
}

function PlusIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" aria-hidden>
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}
