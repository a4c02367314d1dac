import { Badge, VisuallyHidden } from '@mantine/core';
import { MSG } from '../../../shared/messages.js';
import { useTodayChatCount } from './api.js';

/**
 * The count beside 'Connect' in the side menu (SPEC §2): today's messages sent by others.
 * Hidden at 0 and while unknown; a failed refresh keeps the last count rather than blinking.
 */
export function ChatMenuBadge() {
  const { data: count } = useTodayChatCount();
  if (!count) return null;
  const shown = count > 99 ? '99+' : String(count);
  return (
    <Badge size="md" circle={shown.length === 1} color="red" variant="filled" title={MSG.chatTodayFromOthers(count)} data-testid="chat-badge">
      <span aria-hidden>{shown}</span>
      <VisuallyHidden>{MSG.chatTodayFromOthers(count)}</VisuallyHidden>
    </Badge>
  );
}
