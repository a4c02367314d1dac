import { describe, expect, it, vi } from 'vitest';
import { watchForUpdates, type UpdatableWorker } from './register-sw.js';

/** workbox-window's Workbox as far as the update flow uses it, driven by the test. */
class FakeWorkbox implements UpdatableWorker {
  private readonly waitingListeners: (() => void)[] = [];
  skipWaitingSent = 0;
  updates = 0;
  constructor(readonly registration: { waiting: object | null }) {}
  addEventListener(_type: 'waiting', listener: () => void) {
    this.waitingListeners.push(listener);
  }
  async register() {
    return this.registration as unknown as ServiceWorkerRegistration;
  }
  async update() {
    this.updates += 1;
  }
  messageSkipWaiting() {
    this.skipWaitingSent += 1;
  }
  /** the browser installed a new worker that now waits */
  newVersionWaits() {
    this.registration.waiting = {};
    for (const listener of this.waitingListeners) listener();
  }
}

function setUp(registration: { waiting: object | null } = { waiting: null }) {
  const workbox = new FakeWorkbox(registration);
  const container = new EventTarget();
  const prompts: (() => void)[] = [];
  const reload = vi.fn();
  const timers: (() => void)[] = [];
  let online = true;
  const ready = watchForUpdates({
    workbox,
    container,
    prompt: (apply) => prompts.push(apply),
    reload,
    isOnline: () => online,
    setInterval: (callback) => timers.push(callback),
  });
  return { workbox, container, prompts, reload, timers, ready, goOffline: () => (online = false) };
}

describe('service worker updates', () => {
  it('prompts when a new version waits, and reloads only once the new worker controls the tab', async () => {
    const { workbox, container, prompts, reload, ready } = setUp();
    await ready;
    expect(prompts).toHaveLength(0);

    workbox.newVersionWaits();
    expect(prompts).toHaveLength(1);
    expect(reload).not.toHaveBeenCalled();

    prompts[0]!();
    expect(workbox.skipWaitingSent).toBe(1);
    expect(reload).not.toHaveBeenCalled(); // still the old worker: reloading now would load the old version

    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a second tap on Reload sends nothing more', async () => {
    const { workbox, prompts, ready } = setUp();
    await ready;
    workbox.newVersionWaits();
    prompts[0]!();
    prompts[0]!();
    expect(workbox.skipWaitingSent).toBe(1);
  });

  it('a version that was already waiting when the page opened is offered too', async () => {
    const { workbox, prompts, ready } = setUp({ waiting: {} });
    workbox.newVersionWaits(); // workbox-window reports it during register()
    await ready;
    expect(prompts).toHaveLength(1);
  });

  it('when another tab already switched to the new version, Reload just reloads', async () => {
    const { workbox, prompts, reload, ready } = setUp();
    await ready;
    workbox.newVersionWaits();
    workbox.registration.waiting = null; // activated from the other tab
    prompts[0]!();
    expect(workbox.skipWaitingSent).toBe(0);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a tab left open looks for a new version now and then, only while online', async () => {
    const { workbox, timers, ready, goOffline } = setUp();
    await ready;
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(workbox.updates).toBe(1);
    goOffline();
    timers[0]!();
    expect(workbox.updates).toBe(1);
  });
});
