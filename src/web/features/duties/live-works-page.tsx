import { useDocumentTitle } from '@mantine/hooks';
import { Stack, Title } from '@mantine/core';
import { useMessages } from '../../i18n/messages.js';
import { LiveDutiesBoard } from './live-duties-board.js';

/** SPEC §2 Live Trains Dashboard (manager/livework). */
export default function LiveWorksPage() {
  const m = useMessages();
  useDocumentTitle(m('liveWorkManagerTitle'));
  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {m('liveWorkManagerTitle')}
      </Title>
      <LiveDutiesBoard variant="manager" ownWork={null} />
    </Stack>
  );
}
