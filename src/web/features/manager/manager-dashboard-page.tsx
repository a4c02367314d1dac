import { useDocumentTitle } from '@mantine/hooks';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/auth-context.js';
import { useMessages } from '../../i18n/messages.js';
import { DashboardSummary } from '../reports/dashboard-summary.js';

/** SPEC §2 Manager Dashboard: the greeting, the summary cards and the charts. */
export default function ManagerDashboardPage() {
  const { t } = useTranslation();
  const m = useMessages();
  useDocumentTitle(`${t('manager.dashboardTitle')} · Dutyroll`);
  const { user } = useAuth();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }} className="break-anywhere">
          {t('manager.welcome', { name: m.of('managerGreetingName', user?.name) })}
        </Title>
        <Text c="dimmed" size="lg">
          {m('managerSubtitle')}
        </Text>
      </Stack>
      <DashboardSummary />
    </Stack>
  );
}
