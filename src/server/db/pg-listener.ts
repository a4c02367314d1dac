import pg from 'pg';

interface Subscription {
  onNotify(payload: string): void;
  onListening?: (() => void) | undefined;
  onLost?: (() => void) | undefined;
}

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 2000;

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * One dedicated PostgreSQL connection for all LISTEN channels of a process. A pooled
 * connection cannot LISTEN (it goes back to the pool), and a LISTEN connection that dies
 * (restart, failover, pg_terminate_backend) must come back by itself: it reconnects with
 * backoff, LISTENs again, and then tells every subscriber, which may have missed
 * notifications meanwhile, so it can catch up.
 */
export class PgListener {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private attempt = 0;
  private closed = false;
  private readonly channels = new Map<string, Set<Subscription>>();

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly onError: (error: Error) => void,
  ) {}

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
      await this.client.query(`LISTEN ${quoteIdent(channel)}`).catch(() => undefined);
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
        await this.client?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
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
    const client = new pg.Client(this.config);
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      for (const subscription of this.channels.get(message.channel) ?? []) subscription.onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (error) {
      client.end().catch(() => undefined);
      this.onError(error as Error);
      this.scheduleRetry();
      return;
    }
    if (this.closed || this.channels.size === 0) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.attempt = 0;
    for (const subscribers of this.channels.values()) {
      for (const subscription of subscribers) subscription.onListening?.();
    }
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = null;
    if (error) this.onError(error);
    for (const subscribers of this.channels.values()) {
      for (const subscription of subscribers) subscription.onLost?.();
    }
    client.end().catch(() => undefined);
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
    if (this.connecting) await this.connecting;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** Ends the connection for good. */
  async close(): Promise<void> {
    this.closed = true;
    this.channels.clear();
    await this.disconnect();
  }
}
