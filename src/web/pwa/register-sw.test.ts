import { describe, expect, it, vi } from 'vitest';
import { SERVICE_WORKER_URL, watchForUpdates, type ContainerLike, type RegistrationLike, type WorkerLike } from './register-sw.js';

/** A service worker as the page sees it, moved through its states by the test. */
class FakeWorker extends EventTarget implements WorkerLike {
  state = 'installing';
  messages: unknown[] = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  override addEventListener(type: 'statechange', listener: () => void) {
    super.addEventListener(type, listener);
  }
  moveTo(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget implements RegistrationLike {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  updates = 0;
  async update() {
    this.updates += 1;
  }
  override addEventListener(type: 'updatefound', listener: () => void) {
    super.addEventListener(type, listener);
  }
  /** the browser found a new sw.js, installed it, and it now waits */
  newVersionInstalls(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    this.installing = null;
    this.waiting = worker;
    worker.moveTo('installed');
    return worker;
  }
}

class FakeContainer extends EventTarget implements ContainerLike {
  registered: string[] = [];
  constructor(
    readonly registration: FakeRegistration,
    public controller: object | null,
  ) {
    super();
  }
  async register(url: string) {
    this.registered.push(url);
    return this.registration;
  }
  override addEventListener(type: 'controllerchange', listener: () => void, options?: { once?: boolean }) {
    super.addEventListener(type, listener, options);
  }
  /** the waiting worker took over */
  newWorkerControls() {
    this.controller = {};
    this.dispatchEvent(new Event('controllerchange'));
  }
}

async function setUp(options: { controlled?: boolean; waiting?: boolean } = {}) {
  const registration = new FakeRegistration();
  if (options.waiting) registration.waiting = Object.assign(new FakeWorker(), { state: 'installed' });
  const container = new FakeContainer(registration, options.controlled === false ? null : {});
  const prompts: (() => void)[] = [];
  const reload = vi.fn();
  const timers: (() => void)[] = [];
  let online = true;
  await watchForUpdates({
    container,
    prompt: (apply) => prompts.push(apply),
    reload,
    isOnline: () => online,
    setInterval: (callback) => timers.push(callback),
  });
  return { registration, container, prompts, reload, timers, goOffline: () => (online = false) };
}

describe('service worker updates', () => {
  it('registers /sw.js and prompts when a new version waits; reloads only once the new worker controls the tab', async () => {
    const { registration, container, prompts, reload } = await setUp();
    expect(container.registered).toEqual([SERVICE_WORKER_URL]);
    expect(prompts).toHaveLength(0);

    const worker = registration.newVersionInstalls();
    expect(prompts).toHaveLength(1);
    expect(reload).not.toHaveBeenCalled();

    prompts[0]!();
    expect(worker.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reload).not.toHaveBeenCalled(); // still the old worker: reloading now would load the old version

    container.newWorkerControls();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a second tap on Reload sends nothing more', async () => {
    const { registration, prompts } = await setUp();
    const worker = registration.newVersionInstalls();
    prompts[0]!();
    prompts[0]!();
    expect(worker.messages).toHaveLength(1);
  });

  it('the first worker of a page that had none takes over without a prompt', async () => {
    const { registration, prompts } = await setUp({ controlled: false });
    registration.newVersionInstalls();
    expect(prompts).toHaveLength(0);
  });

  it('a version that was already waiting when the page opened is offered at once', async () => {
    const { prompts } = await setUp({ waiting: true });
    expect(prompts).toHaveLength(1);
  });

  it('when another tab already switched to the new version, Reload just reloads', async () => {
    const { registration, prompts, reload } = await setUp();
    const worker = registration.newVersionInstalls();
    registration.waiting = null; // activated from the other tab
    prompts[0]!();
    expect(worker.messages).toEqual([]);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a tab left open looks for a new version now and then, only while online', async () => {
    const { registration, timers, goOffline } = await setUp();
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(registration.updates).toBe(1);
    goOffline();
    timers[0]!();
    expect(registration.updates).toBe(1);
  });
});
