import { useEffect, useRef } from 'react';
import { Alert, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../api/error-text.js';
import { useAuth } from '../../auth/auth-context.js';
import { useMessages } from '../../i18n/messages.js';
import { chatKeys, useAddChatMessages, useChatLog, useLoadOlderChats, useRefreshTodayCount } from './api.js';
import { addedMessages, type ChatLog } from './chat-log.js';
import { ChatComposer } from './chat-composer.js';
import { ChatMessageList } from './chat-message-list.js';
import { openChatStream } from './chat-stream.js';
import classes from './chat-page.module.css';

/**
 * SPEC §2 Chat ('Connect', manager/connect and, for supervisors, user/connect): the team's
 * messages, live through the stream, refreshed every 5 seconds by polling as well.
 */
export default function ChatPage() {
  const m = useMessages();
  useDocumentTitle(`${m('chatMenuLabel')} · Dutyroll`);
  const { user, token } = useAuth();
  const client = useQueryClient();
  const log = useChatLog();
  const older = useLoadOlderChats();
  const addMessages = useAddChatMessages();
  const refreshTodayCount = useRefreshTodayCount();
  const myId = user?._id;
  const loaded = log.data !== undefined;

  // The stream starts once the first page is held, so its Last-Event-ID (the newest
  // message held) makes the server replay anything sent in between.
  useEffect(() => {
    if (!token || !loaded) return;
    return openChatStream({
      token,
      onMessage: (message) => addMessages([message]),
      onReconnect: () => void client.refetchQueries({ queryKey: chatKeys.log }),
      lastKnownId: () => client.getQueryData<ChatLog>(chatKeys.log)?.messages.at(-1)?._id,
    });
  }, [token, loaded, client, addMessages]);

  // However a message from someone else arrived (stream or poll), the menu badge counts it.
  const messages = log.data?.messages;
  const previous = useRef(messages);
  useEffect(() => {
    const before = previous.current;
    previous.current = messages;
    if (!before || !messages) return;
    if (addedMessages(before, messages).some((message) => message.userId !== myId)) refreshTodayCount();
  }, [messages, myId, refreshTodayCount]);

  // SPEC §8: a failed refresh is only logged; the next poll tries again. Only a first
  // load that failed is shown, so the screen does not claim to be loading forever.
  useEffect(() => {
    if (log.error) console.error('chat refresh failed', log.error);
  }, [log.error]);
  const loadError = log.error ? errorText(log.error, 'somethingWentWrong') : null;

  const loadOlder = () => {
    if (older.isPending || !log.data?.hasOlder) return;
    older.mutate(undefined, {
      onError: (error) => notifications.show({ color: 'red', message: errorText(error, 'somethingWentWrong') }),
    });
  };

  return (
    <Stack gap="sm">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {m('chatMenuLabel')}
      </Title>
      <Paper withBorder radius="lg" className={classes.panel}>
        <div className={classes.listArea}>
          {log.data ? (
            <ChatMessageList
              log={log.data}
              myId={myId}
              loadingOlder={older.isPending}
              onLoadOlder={loadOlder}
            />
          ) : (
            <div className={classes.viewport}>
              <div className={classes.status}>
                {loadError ? (
                  <Alert color="red" variant="light" role="alert">
                    {loadError}
                  </Alert>
                ) : (
                  <Stack align="center" gap="xs" role="status">
                    <Loader type="dots" aria-hidden />
                    <Text c="dimmed">{m('loadingChats')}</Text>
                  </Stack>
                )}
              </div>
            </div>
          )}
        </div>
        <ChatComposer disabled={!token} />
      </Paper>
    </Stack>
  );
}
