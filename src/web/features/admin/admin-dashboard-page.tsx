import { useDocumentTitle } from '@mantine/hooks';
import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { MSG } from '../../../shared/messages.js';
import { useAuth } from '../../auth/auth-context.js';
import { useErrorText } from '../../api/error-text.js';
import { useAdminOverview, type AdminOverview } from './api.js';
import classes from './admin.module.css';

interface Shortcut {
  label: string;
  to: string;
  /** what the card counts, from GET /admin/overview; none for a plain shortcut */
  count?: (overview: AdminOverview) => number;
  /** a line under the count; a function when it needs the overview */
  detail?: string | ((overview: AdminOverview) => string);
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

const SHORTCUTS: Shortcut[] = [
  {
    label: 'Accounts',
    to: '/dashboard/admin/accounts',
    count: (o) => o.accounts,
    detail: (o) => [plural(o.admins, 'admin'), plural(o.managers, 'manager'), plural(o.supervisors, 'supervisor')].join(' · '),
  },
  { label: 'Disabled accounts', to: '/dashboard/admin/accounts?disabled=true', count: (o) => o.disabled },
  { label: 'Staff on the register', to: '/dashboard/admin/addworkers', count: (o) => o.staff, detail: 'Active and on leave · add a worker' },
  { label: 'States', to: '/dashboard/admin/states', count: (o) => o.states },
  { label: 'Company profile', to: '/dashboard/admin/company', detail: 'What the public site shows' },
  { label: 'Staffing norms', to: '/dashboard/admin/norms', detail: 'Required staff per coach' },
  { label: 'Contract periods', to: '/dashboard/admin/contracts', detail: 'Shown on Bill Details' },
  { label: 'Audit trail', to: '/dashboard/admin/audit', detail: 'Every recorded change' },
];

/** SPEC §2 admin dashboard: the greeting, then shortcuts with counts (issue 8). */
export default function AdminDashboardPage() {
  const errorText = useErrorText();
  useDocumentTitle('Admin Dashboard · Dutyroll');
  const { user } = useAuth();
  const overview = useAdminOverview();
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap={6}>
          <Title order={1} fz={{ base: 26, sm: 32 }} className="break-anywhere">
            {MSG.adminGreeting(user?.name)}
          </Title>
          <Text c="dimmed" size="lg">
            {MSG.adminWelcome}
          </Text>
        </Stack>
      </Paper>
      {overview.isError ? (
        <Alert color="red" variant="light">
          {errorText(overview.error)}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" component="nav" aria-label="Admin shortcuts">
        {SHORTCUTS.map((shortcut) => (
          <UnstyledButton key={shortcut.label} component={Link} to={shortcut.to} className={classes.shortcut}>
            <Text size="sm" fw={600} c="dimmed">
              {shortcut.label}
            </Text>
            {shortcut.count ? (
              overview.data ? (
                <Text fz={30} fw={700} lh={1.2}>
                  {shortcut.count(overview.data).toLocaleString('en-IN')}
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
