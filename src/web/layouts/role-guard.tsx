import type { ReactNode } from 'react';
import { Button, Center, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { checkArea } from '../api/auth.js';
import { errorText } from '../api/error-text.js';
import { guardKey, type GuardArea } from '../auth/areas.js';
import { useAuth } from '../auth/auth-context.js';
import { recordAreaCheck, wasConfirmed } from '../auth/confirmed-areas.js';
import { AccessGuardScreen } from './access-guard-screen.js';
import { PageLoader } from './page-loader.js';

/**
 * SPEC §4 route guard: with a token, ask the area's check endpoint; ok → the area,
 * otherwise the countdown to /login. The server decides; this only picks the screen.
 *
 * An area the server already let this session into (auth/confirmed-areas.ts) opens at
 * once while the check runs again, and stays open when the check gets no answer — a
 * supervisor's phone offline on a platform, or a slow network — but a "no" (401, 403)
 * always wins: the countdown, as for anyone else.
 */
export function RoleGuard({ area, children }: { area: GuardArea; children: ReactNode }) {
  const { token, signingOut } = useAuth();
  const location = useLocation();
  const { t } = useTranslation();
  const check = useQuery({
    queryKey: guardKey(area, token),
    queryFn: async ({ signal }) => {
      const session = token as string;
      const allowed = await checkArea(area, session, signal);
      recordAreaCheck(area, session, allowed);
      return allowed;
    },
    enabled: Boolean(token) && !signingOut,
    retry: false,
    refetchOnWindowFocus: true,
    // offline, the check fails at once (and the area opens from memory) instead of waiting
    networkMode: 'always',
  });

  // Logged out from inside the area: the logout hook is about to go to /login.
  if (signingOut) return <PageLoader />;
  if (!token) return <AccessGuardScreen from={location.pathname + location.search} />;
  if (check.data === true) return children;
  if (check.data === false) return <AccessGuardScreen from={location.pathname + location.search} />;
  if (wasConfirmed(area, token)) return children;
  if (check.isPending) return <PageLoader />;
  if (check.isError) {
    return (
      <Center mih="55vh" p="md">
        <Paper withBorder p="xl" radius="lg" maw={420} w="100%">
          <Stack align="center" gap="md">
            <Text ta="center">
              {errorText(check.error, 'serverError', 'cannotReachServer')}
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
