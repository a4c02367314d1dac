import { Fragment, memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Badge, Button, Loader, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '../../../shared/schemas/chat.js';
import { useCompanyTimeZone } from '../../company-profile.js';
import { formatDate, formatDateTime, formatNumber } from '../../i18n/format.js';
import { isLanguage, type Language } from '../../i18n/i18n.js';
import { useMessages } from '../../i18n/messages.js';
import { addedMessages, continuesRun, localDay, type ChatLog } from './chat-log.js';
import classes from './chat-page.module.css';

/** Within this many px of the end counts as "at the newest": new messages keep it in view. */
const BOTTOM_SLACK_PX = 48;
/** Scrolling this close to the top loads the older page. */
const TOP_TRIGGER_PX = 150;

/** A message's time (5:35 pm), its day divider (Mon, 23 Nov, 2026) and, on hover, both (23 Nov 2026, 17:35). */
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' };
const FULL: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

interface Snapshot {
  first: string | undefined;
  last: string | undefined;
  scrollTop: number;
  scrollHeight: number;
  atBottom: boolean;
}

/**
 * The scrolling message list. It opens at the newest message, follows new ones while the
 * reader is at the bottom (and always after their own send), loads older ones when
 * scrolled near the top without moving what the reader is looking at, and otherwise
 * offers a 'New messages' button instead of jumping.
 */
export function ChatMessageList({
  log,
  myId,
  loadingOlder,
  onLoadOlder,
}: {
  log: ChatLog;
  myId: string | undefined;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}) {
  const viewport = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const snapshot = useRef<Snapshot | null>(null);
  const previousMessages = useRef<ChatMessage[] | null>(null);
  const [unseen, setUnseen] = useState(0);
  const { messages } = log;
  const m = useMessages();
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  // days and times as the company tells them, whatever the phone's own zone
  const timeZone = useCompanyTimeZone();

  const remember = (element: HTMLDivElement) => {
    snapshot.current = {
      first: messages[0]?._id,
      last: messages.at(-1)?._id,
      scrollTop: element.scrollTop,
      scrollHeight: element.scrollHeight,
      atBottom: element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK_PX,
    };
  };

  const scrollToNewest = (element: HTMLDivElement) => {
    element.scrollTop = element.scrollHeight;
  };

  // Runs before paint, so the reader never sees the list at the wrong place.
  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const before = snapshot.current;
    const beforeMessages = previousMessages.current;
    previousMessages.current = messages;
    const first = messages[0]?._id;
    const last = messages.at(-1)?._id;
    if (!before || before.last === undefined) {
      scrollToNewest(element); // opened (or the first message of an empty chat)
    } else if (before.last === last && before.first !== first) {
      // An older page went above: keep the same messages under the reader's eyes.
      element.scrollTop = before.scrollTop + (element.scrollHeight - before.scrollHeight);
    } else if (before.last !== last) {
      const added = beforeMessages ? addedMessages(beforeMessages, messages) : [];
      const mine = added.some((message) => myId !== undefined && message.userId === myId);
      if (before.atBottom || mine) {
        scrollToNewest(element);
        setUnseen(0);
      } else {
        setUnseen((count) => count + added.length);
      }
    }
    remember(element);
    // remember() reads `messages` of this render; that is the point.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [messages, myId]);

  // The composer growing, a phone keyboard opening or text re-wrapping changes the sizes:
  // a reader at the newest stays there.
  useEffect(() => {
    const element = viewport.current;
    const inner = content.current;
    if (!element || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (snapshot.current?.atBottom) scrollToNewest(element);
      snapshot.current = snapshot.current && { ...snapshot.current, scrollTop: element.scrollTop, scrollHeight: element.scrollHeight };
    });
    observer.observe(element);
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const element = viewport.current;
    if (!element) return;
    remember(element);
    if (snapshot.current?.atBottom && unseen > 0) setUnseen(0);
    if (element.scrollTop < TOP_TRIGGER_PX && log.hasOlder && !loadingOlder) onLoadOlder();
  };

  return (
    <>
      <div
        ref={viewport}
        className={classes.viewport}
        onScroll={onScroll}
        role="log"
        aria-label={m('chatMessagesLabel')}
        // focusable, so the list can be scrolled with the keyboard
        tabIndex={0}
      >
        <div ref={content} className={classes.content}>
          {messages.length === 0 ? (
            <div className={classes.status}>
              <Text c="dimmed" py="xl">
                {m('noChatsYet')}
              </Text>
            </div>
          ) : null}
          {log.hasOlder ? (
            <div className={classes.olderRow}>
              <Button variant="subtle" size="sm" onClick={onLoadOlder} disabled={loadingOlder}>
                {m('chatLoadOlder')}
              </Button>
            </div>
          ) : null}
          {messages.map((message, index) => {
            const previous = messages[index - 1];
            const newDay = !previous || localDay(previous.createdAt, timeZone) !== localDay(message.createdAt, timeZone);
            return (
              <Fragment key={message._id}>
                {newDay ? (
                  <div className={classes.day}>
                    <span className={classes.dayLabel}>{formatDate(message.createdAt, timeZone, DAY, language)}</span>
                  </div>
                ) : null}
                <MessageRow
                  message={message}
                  own={myId !== undefined && message.userId === myId}
                  continues={!newDay && continuesRun(previous, message, timeZone)}
                  timeZone={timeZone}
                  language={language}
                  you={m('chatYou')}
                />
              </Fragment>
            );
          })}
        </div>
      </div>
      {loadingOlder ? (
        <Badge className={classes.overlayTop} variant="white" color="gray" size="lg" leftSection={<Loader size={12} />} role="status">
          {m('chatLoadingOlder')}
        </Badge>
      ) : null}
      {unseen > 0 ? (
        <Button
          className={classes.overlayBottom}
          size="sm"
          radius="xl"
          onClick={() => {
            const element = viewport.current;
            if (element) element.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
            setUnseen(0);
          }}
        >
          {m('chatNewMessages')} ({formatNumber(unseen)})
        </Button>
      ) : null}
    </>
  );
}

/**
 * One message. Its text is a React text node: whatever it contains is shown, never run as
 * HTML. The language and time zone are props, so a change of either re-renders it.
 */
const MessageRow = memo(function MessageRow({
  message,
  own,
  continues,
  timeZone,
  language,
  you,
}: {
  message: ChatMessage;
  own: boolean;
  continues: boolean;
  timeZone: string;
  language: Language;
  you: string;
}) {
  return (
    <div className={classes.row} data-own={own} data-continues={continues} data-testid="chat-message">
      <div className={classes.bubble}>
        {own ? (
          <VisuallyHidden>{you}</VisuallyHidden>
        ) : continues ? (
          <VisuallyHidden>{message.user}</VisuallyHidden>
        ) : (
          <div className={classes.sender}>{message.user}</div>
        )}
        <div className={classes.text}>{message.text}</div>
        <time className={classes.time} dateTime={message.createdAt} title={formatDateTime(message.createdAt, timeZone, FULL, language)}>
          {formatDateTime(message.createdAt, timeZone, TIME, language)}
        </time>
      </div>
    </div>
  );
});
