import { useDocumentTitle } from '@mantine/hooks';
import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../auth/auth-context.js';
import { errorText } from '../../api/error-text.js';
import { formatNumber } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import { useAdminOverview, type AdminOverview } from './api.js';
import classes from './admin.module.css';

type Messages = ReturnType<typeof useMessages>;

interface Shortcut {
  label: string;
  to: string;
  /** what the card counts, from GET /admin/overview; none for a plain shortcut */
  count?: (overview: AdminOverview) => number;
  /** a line under the count; a function when it needs the overview */
  detail?: string | ((overview: AdminOverview) => string);
}

/** The shortcuts in the reader's language (built during render). */
const shortcuts = (t: TFunction, m: Messages): Shortcut[] => [
  {
    label: t('admin.menu.accounts'),
    to: '/dashboard/admin/accounts',
    count: (o) => o.accounts,
    detail: (o) =>
      [t('admin.dashboard.admins', { count: o.admins }), t('admin.dashboard.managers', { count: o.managers }), t('admin.dashboard.supervisors', { count: o.supervisors })].join(' · '),
  },
  { label: t('admin.dashboard.disabledAccounts'), to: '/dashboard/admin/accounts?disabled=true', count: (o) => o.disabled },
  { label: t('admin.dashboard.staff'), to: '/dashboard/admin/addworkers', count: (o) => o.staff, detail: t('admin.dashboard.staffDetail') },
  { label: m('counterLabels.states'), to: '/dashboard/admin/states', count: (o) => o.states },
  { label: t('admin.menu.company'), to: '/dashboard/admin/company', detail: t('admin.dashboard.companyDetail') },
  { label: t('admin.menu.norms'), to: '/dashboard/admin/norms', detail: t('admin.dashboard.normsDetail') },
  { label: t('admin.menu.contracts'), to: '/dashboard/admin/contracts', detail: t('admin.dashboard.contractsDetail') },
  { label: t('admin.menu.audit'), to: '/dashboard/admin/audit', detail: t('admin.dashboard.auditDetail') },
];

/** SPEC §2 admin dashboard: the greeting, then shortcuts with counts (issue 8). */
export default function AdminDashboardPage() {
  const { t } = useTranslation();
  const m = useMessages();
  useDocumentTitle(t('admin.dashboard.documentTitle'));
  const { user } = useAuth();
  const overview = useAdminOverview();
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap={6}>
          <Title order={1} fz={{ base: 26, sm: 32 }} className="break-anywhere">
            {m.of('adminGreeting', user?.name)}
          </Title>
          <Text c="dimmed" size="lg">
            {m('adminWelcome')}
          </Text>
        </Stack>
      </Paper>
      {overview.isError ? (
        <Alert color="red" variant="light">
          {errorText(overview.error)}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" component="nav" aria-label={t('admin.dashboard.shortcutsLabel')}>
        {shortcuts(t, m).map((shortcut) => (
          <UnstyledButton key={shortcut.label} component={Link} to={shortcut.to} className={classes.shortcut}>
            <Text size="sm" fw={600} c="dimmed">
              {shortcut.label}
            </Text>
            {shortcut.count ? (
              overview.data ? (
                <Text fz={30} fw={700} lh={1.2}>
                  {formatNumber(shortcut.count(overview.data))}
                </Text>
              ) : (
                <Skeleton height={36} width={60} mt={2} />
              )
            ) : null}
            <ShortcutDetail detail={shortcut.detail} overview={overview.data} />
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function ShortcutDetail({ detail, overview }: { detail: Shortcut['detail']; overview: AdminOverview | undefined }) {
  if (!detail) return null;
  if (typeof detail === 'string') return <Text size="sm" c="dimmed">{detail}</Text>;
  return overview ? <Text size="sm" c="dimmed">{detail(overview)}</Text> : null;
}
