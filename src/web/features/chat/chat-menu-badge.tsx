import { Badge, VisuallyHidden } from '@mantine/core';
import { formatNumber } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import { useTodayChatCount } from './today-count.js';

/**
 * The count beside 'Connect' in the side menu (SPEC §2): today's messages sent by others.
 * Hidden at 0 and while unknown; a failed refresh keeps the last count rather than blinking.
 */
export function ChatMenuBadge() {
  const m = useMessages();
  const { data: count } = useTodayChatCount();
  if (!count) return null;
  const shown = count > 99 ? `${formatNumber(99)}+` : formatNumber(count);
  const label = m.of('chatTodayFromOthers', count);
  return (
    <Badge size="md" circle={shown.length === 1} color="red" variant="filled" title={label} data-testid="chat-badge">
      <span aria-hidden>{shown}</span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Badge>
  );
}
