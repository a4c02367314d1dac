import pg from 'pg';

interface Subscription {
  onNotify(payload: string): void;
  onListening?: (() => void) | undefined;
  onLost?: (() => void) | undefined;
}

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 2000;
/** How often the listening connection is asked `select 1` (options.heartbeatMs). */
const DEFAULT_HEARTBEAT_MS = 5000;
/** How long an answer to it may take before the connection counts as lost (options.heartbeatTimeoutMs). */
const DEFAULT_HEARTBEAT_TIMEOUT_MS = 3000;

export interface PgListenerOptions {
  heartbeatMs?: number | undefined;
  heartbeatTimeoutMs?: number | undefined;
}

/**
 * Ends a connection without waiting on its peer: end() alone waits for the server's goodbye,
 * which a silent peer (a dropped NAT state, a stopped proxy) never sends.
 */
function drop(client: pg.Client): void {
  client.end().catch(() => undefined);
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * One dedicated PostgreSQL connection for all LISTEN channels of a process. A pooled
 * connection cannot LISTEN (it goes back to the pool), and a LISTEN connection that dies
 * (restart, failover, pg_terminate_backend) must come back by itself: it reconnects with
 * backoff, LISTENs again, and then tells every subscriber, which may have missed
 * notifications meanwhile, so it can catch up.
 *
 * A connection can also die silently: a NAT or firewall that drops its state, a proxy that
 * stops forwarding. No error and no end ever arrive (TCP keepalive would notice after many
 * minutes), and notifications simply stop. So the connection is asked `select 1` every
 * `heartbeatMs`; one not answered within `heartbeatTimeoutMs` is dropped and reported like
 * any lost connection (onError, then each subscriber's onLost), and a new one is opened.
 */
export class PgListener {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private attempt = 0;
  private closed = false;
  private heartbeat: NodeJS.Timeout | null = null;
  /** The last statement sent on the connection: one at a time (node-postgres deprecates queueing). */
  private previous: Promise<unknown> = Promise.resolve();
  private readonly channels = new Map<string, Set<Subscription>>();
  private readonly heartbeatMs: number;
  private readonly heartbeatTimeoutMs: number;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly onError: (error: Error) => void,
    options: PgListenerOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
    this.heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? DEFAULT_HEARTBEAT_TIMEOUT_MS;
  }

  /**
   * Whether notifications arrive: true while the connection listens, false while it is
   * down (being reopened), null when nothing is listened to.
   */
  get listening(): boolean | null {
    if (this.closed || this.channels.size === 0) return null;
    return this.client !== null;
  }

  /** Subscribes to a channel; answers the function that stops. Never throws for an outage. */
  async listen(channel: string, onNotify: (payload: string) => void, onListening?: () => void, onLost?: () => void): Promise<() => Promise<void>> {
    const subscription: Subscription = { onNotify, onListening, onLost };
    let subscribers = this.channels.get(channel);
    const firstOfChannel = !subscribers;
    if (!subscribers) {
      subscribers = new Set();
      this.channels.set(channel, subscribers);
    }
    subscribers.add(subscription);
    if (this.client && firstOfChannel) {
      // a failure here means the connection is going; the reconnect LISTENs again
      await this.send(this.client, `LISTEN ${quoteIdent(channel)}`).catch(() => undefined);
      subscription.onListening?.();
    } else if (this.client) {
      subscription.onListening?.();
    } else if (!this.retryTimer) {
      await this.connect();
    }
    return async () => {
      subscribers.delete(subscription);
      if (subscribers.size > 0) return;
      this.channels.delete(channel);
      if (this.channels.size === 0) {
        await this.disconnect();
      } else {
        if (this.client) await this.send(this.client, `UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
      }
    };
  }

  private connect(): Promise<void> {
    this.connecting ??= this.attemptConnection().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async attemptConnection(): Promise<void> {
    // LISTEN after a reconnect is bounded like the heartbeat: a connection that goes silent
    // between its login and LISTEN's answer is dropped and tried again, not waited on
    const client = new pg.Client({ query_timeout: this.heartbeatTimeoutMs, ...this.config });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      for (const subscription of this.channels.get(message.channel) ?? []) subscription.onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (error) {
      drop(client);
      this.onError(error as Error);
      this.scheduleRetry();
      return;
    }
    if (this.closed || this.channels.size === 0) {
      drop(client);
      return;
    }
    this.client = client;
    this.previous = Promise.resolve();
    this.attempt = 0;
    this.scheduleHeartbeat(client);
    for (const subscribers of this.channels.values()) {
      for (const subscription of subscribers) subscription.onListening?.();
    }
  }

  /** Sends a statement once the one before it has finished. */
  private send(client: pg.Client, text: string): Promise<unknown> {
    const sent = this.previous.then(() => client.query(text));
    this.previous = sent.catch(() => undefined);
    return sent;
  }

  private scheduleHeartbeat(client: pg.Client): void {
    this.heartbeat = setTimeout(() => {
      this.heartbeat = null;
      void this.beat(client);
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  private async beat(client: pg.Client): Promise<void> {
    if (this.client !== client) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the LISTEN connection did not answer within ${this.heartbeatTimeoutMs} ms; opening a new one`)),
        this.heartbeatTimeoutMs,
      );
    });
    try {
      await Promise.race([this.send(client, 'select 1'), late]);
    } catch (error) {
      // ending it with the query still running destroys the socket (a silent peer never answers a goodbye)
      this.lost(client, error as Error);
      return;
    } finally {
      clearTimeout(timer);
    }
    if (this.client === client) this.scheduleHeartbeat(client);
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = null;
    if (this.heartbeat) clearTimeout(this.heartbeat);
    this.heartbeat = null;
    if (error) this.onError(error);
    for (const subscribers of this.channels.values()) {
      for (const subscription of subscribers) subscription.onLost?.();
    }
    drop(client);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.closed || this.channels.size === 0 || this.retryTimer) return;
    const delay = Math.min(FIRST_RETRY_MS * 2 ** this.attempt, MAX_RETRY_MS);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  private async disconnect(): Promise<void> {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.heartbeat) clearTimeout(this.heartbeat);
    this.heartbeat = null;
    if (this.connecting) await this.connecting;
    const client = this.client;
    this.client = null;
    if (client) drop(client);
  }

  /** Ends the connection for good. */
  async close(): Promise<void> {
    this.closed = true;
    this.channels.clear();
    await this.disconnect();
  }
}
