import type { ReactNode } from 'react';
import { Button, Center, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MSG } from '../../shared/messages.js';
import { checkArea, type GuardArea } from '../api/auth.js';
import { ApiError } from '../api/client.js';
import { useAuth } from '../auth/auth-context.js';
import { useMessages } from '../i18n/messages.js';
import { AccessGuardScreen } from './access-guard-screen.js';
import { PageLoader } from './page-loader.js';

/**
 * SPEC §4 route guard: with a token, ask the area's check endpoint; ok → the area,
 * otherwise the countdown to /login. The server decides; this only picks the screen.
 */
export function RoleGuard({ area, children }: { area: GuardArea; children: ReactNode }) {
  const m = useMessages();
  const { token, signingOut } = useAuth();
  const location = useLocation();
  const { t } = useTranslation();
  const check = useQuery({
    queryKey: ['guard', area, token],
    queryFn: ({ signal }) => checkArea(area, token as string, signal),
    enabled: Boolean(token) && !signingOut,
    retry: false,
    refetchOnWindowFocus: true,
  });

  // Logged out from inside the area: the logout hook is about to go to /login.
  if (signingOut) return <PageLoader />;
  if (!token) return <AccessGuardScreen from={location.pathname + location.search} />;
  if (check.data === true) return children;
  if (check.isPending) return <PageLoader />;
  if (check.isError) {
    return (
      <Center mih="55vh" p="md">
        <Paper withBorder p="xl" radius="lg" maw={420} w="100%">
          <Stack align="center" gap="md">
            <Text ta="center">
              {m(check.error instanceof ApiError ? check.error.message || MSG.serverError : MSG.cannotReachServer)}
            </Text>
            <Button onClick={() => void check.refetch()} loading={check.isFetching}>
              {t('common.tryAgain')}
            </Button>
          </Stack>
        </Paper>
      </Center>
    );
  }
  return <AccessGuardScreen from={location.pathname + location.search} />;
}
