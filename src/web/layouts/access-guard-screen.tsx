import { useEffect, useState } from 'react';
import { Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { REDIRECT_COUNTDOWN_SECONDS } from '../../shared/limits.js';
import { useMessages } from '../i18n/messages.js';

/** Router state that carries where the person wanted to go; login returns there. */
export interface LoginRedirectState {
  from?: string;
}

/**
 * SPEC §2 access-guard screen: 'Redirecting you in N seconds', counting down from 3,
 * then /login with the original location (path and query) in the router state.
 */
export function AccessGuardScreen({ from }: { from: string }) {
  const [seconds, setSeconds] = useState(REDIRECT_COUNTDOWN_SECONDS);
  const navigate = useNavigate();
  const m = useMessages();

  useEffect(() => {
    if (seconds <= 0) {
      navigate('/login', { replace: true, state: { from } satisfies LoginRedirectState });
      return;
    }
    const timer = window.setTimeout(() => setSeconds((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds, from, navigate]);

  return (
    <Center mih="55vh" p="md">
      <Paper withBorder shadow="xs" p="xl" radius="lg" maw={420} w="100%">
        <Stack align="center" gap="md">
          <Loader size="md" aria-hidden />
          {/* the screen's heading (issue 15), announced as it counts down */}
          <div role="status" aria-live="polite">
            <Title order={1} fz="lg" fw={600} ta="center">
              {m.of('redirecting', Math.max(seconds, 1))}
            </Title>
          </div>
        </Stack>
      </Paper>
    </Center>
  );
}
