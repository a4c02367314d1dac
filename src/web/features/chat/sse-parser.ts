/**
 * An incremental Server-Sent Events parser (the "event stream interpretation" of the HTML
 * standard). We read /chat/stream with fetch() rather than EventSource because the
 * session token must travel in the Authorization header, so the parsing is ours.
 *
 * Chunks arrive split anywhere (mid-line, mid-field, even between the \r and \n of one
 * line break), so the parser keeps the unfinished line between calls.
 */

export interface SseEvent {
  /** the `event:` field, 'message' when none was given */
  type: string;
  /** the `data:` lines joined with \n */
  data: string;
  /** the last event id seen so far (it persists across events, as in EventSource) */
  lastEventId: string;
}

export class SseParser {
  private buffer = '';
  /** The previous chunk ended in \r: a \n opening the next chunk belongs to that line break. */
  private pendingCr = false;
  private data: string[] = [];
  private eventType = '';
  private idBuffer = '';
  /** `id:` of the events dispatched so far. */
  lastEventId = '';
  /** The server's `retry:` advice in ms, if it gave one. */
  retryMs: number | null = null;

  /** Feeds one decoded chunk; answers the events it completed. */
  feed(chunk: string): SseEvent[] {
    let text = chunk;
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;

    const events: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const char = this.buffer[i];
      if (char !== '\n' && char !== '\r') continue;
      const line = this.buffer.slice(start, i);
      if (char === '\r') {
        if (i + 1 < this.buffer.length) {
          if (this.buffer[i + 1] === '\n') i++;
        } else {
          this.pendingCr = true;
        }
      }
      start = i + 1;
      const event = this.line(line);
      if (event) events.push(event);
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  private line(line: string): SseEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null; // a comment (the server's heartbeat)
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.data.push(value);
        break;
      case 'event':
        this.eventType = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.idBuffer = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retryMs = Number(value);
        break;
      default:
        break; // unknown fields are ignored
    }
    return null;
  }

  private dispatch(): SseEvent | null {
    this.lastEventId = this.idBuffer;
    if (this.data.length === 0) {
      this.eventType = '';
      return null;
    }
    const event: SseEvent = { type: this.eventType || 'message', data: this.data.join('\n'), lastEventId: this.lastEventId };
    this.data = [];
    this.eventType = '';
    return event;
  }
}
