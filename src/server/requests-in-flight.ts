import type { FastifyInstance, FastifyReply } from 'fastify';
import { MSG } from '../shared/messages.js';
import { RETRY_AFTER_SECONDS } from './http-error.js';

/** A stop keeps the port open until no new connection has come for this long… */
const QUIET_MS = 100;
/** …but no longer than this. */
const LINGER_MS = 1000;
/** How often a stop looks again whether every request taken has been answered. */
const DRAIN_CHECK_MS = 50;

/**
 * The requests this instance has taken and not yet answered, so that a stop (SIGTERM)
 * answers every one of them before the port closes, and says how many it had to cut when
 * the grace ran out (decision 0011).
 *
 * On a stop, main.ts first waits for connections to stop coming (`settled()`: what reached
 * the port before the signal is accepted, read and served as usual), then calls close().
 * From then on a new request is answered 503 with Retry-After and `Connection: close` (our
 * message, where Fastify's own closing answer has neither), while the port still accepts
 * connections, so none is reset; the preClose hook waits for the requests taken before,
 * and for a moment without new connections, and only then does the port close. A stream
 * (a hijacked reply, the chat's) counts as answered: the chat ends its streams in its own
 * preClose hook.
 */
export class RequestsInFlight {
  private readonly open = new Set<FastifyReply>();
  private waiters: (() => void)[] = [];
  /** Set when close() begins: new requests are refused. */
  closing = false;
  /** When the server last accepted a connection. */
  lastConnectionAt = 0;

  /** Requests taken and not yet answered. */
  get count(): number {
    let count = 0;
    for (const reply of this.open) if (!reply.sent) count += 1;
    return count;
  }

  /** Answers once every request taken so far has been answered (or its client left). */
  async drained(): Promise<void> {
    while (this.count > 0) {
      // woken by the last answer; also looked at again every DRAIN_CHECK_MS, as a reply
      // taken over by its route (the chat stream) stops counting without any event
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, DRAIN_CHECK_MS);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /**
   * Answers once no connection has come for QUIET_MS (at most LINGER_MS: a steady stream
   * never ends). The kernel completes connections before this process accepts them, in
   * bursts, a little after the client saw its connection open; one not yet accepted when
   * the port closes is reset.
   */
  async settled(): Promise<void> {
    const started = Date.now();
    for (;;) {
      // the loop polls the port between a timer and an immediate: a turn that kept the
      // thread busy must not pass for quiet while connections wait to be accepted
      await new Promise((resolve) => setImmediate(resolve));
      if (Date.now() - this.lastConnectionAt >= QUIET_MS || Date.now() - started >= LINGER_MS) return;
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS / 4));
    }
  }

  track(reply: FastifyReply): void {
    this.open.add(reply);
    const done = () => {
      this.open.delete(reply);
      if (this.waiters.length > 0 && this.count === 0) {
        const waiters = this.waiters;
        this.waiters = [];
        for (const resolve of waiters) resolve();
      }
    };
    reply.raw.once('finish', done);
    reply.raw.once('close', done);
  }
}

/**
 * Tracks every request of `app` from its first hook; close() waits for them before the port
 * closes. The app must be made with `return503OnClosing: false`, so that requests arriving
 * while it closes reach this hook.
 */
export function trackRequestsInFlight(app: FastifyInstance): RequestsInFlight {
  const inFlight = new RequestsInFlight();
  app.addHook('onRequest', (request, reply, done) => {
    if (inFlight.closing) {
      reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('connection', 'close').send({ msg: MSG.serviceUnavailable });
      return;
    }
    inFlight.track(reply);
    done();
  });
  app.server.on('connection', () => {
    inFlight.lastConnectionAt = Date.now();
  });
  app.addHook('preClose', async () => {
    inFlight.closing = true;
    await inFlight.drained();
    // the port stays open, answering 503, until connections stop coming
    await inFlight.settled();
    await inFlight.drained();
  });
  return inFlight;
}
