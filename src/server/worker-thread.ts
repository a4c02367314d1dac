import { Worker } from 'node:worker_threads';

/**
 * Heavy work off the event loop (decision 0037; first the spreadsheet uploads): a limit on
 * how many such jobs run at once in this process, and one job in a worker thread with a
 * time and heap limit. Used by the upload's sheet reader and the wage slips' PDF.
 */

/** At most `max` jobs at once; the rest wait in order, optionally a bounded number of them for a bounded time. */
export class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly max: number,
    /** no bound: every job waits its turn */
    private readonly queue?: { max: number; waitMs: number; refuse: () => Error },
  ) {}

  /** Jobs running now (for tests and diagnostics). */
  get inUse(): number {
    return this.running;
  }

  /** Runs `work` in a slot, waiting for one first. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private async acquire(): Promise<void> {
    if (this.running < this.max) {
      this.running += 1;
      return;
    }
    const queue = this.queue;
    if (!queue) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
      return;
    }
    if (this.waiting.length >= queue.max) throw queue.refuse();
    await new Promise<void>((resolve, reject) => {
      const wake = (): void => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(wake);
        if (index !== -1) this.waiting.splice(index, 1);
        reject(queue.refuse());
      }, queue.waitMs);
      this.waiting.push(wake);
    });
  }

  /** Hands the slot to the next waiting job (running stays the same), or frees it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}

/**
 * The worker module `name` beside the module at `from` (its import.meta.url): name.js once
 * built into dist/, or from the sources (tests, npm run dev) name.ts behind a bootstrap that
 * registers tsx first (Node 20's `--import tsx` in a worker's execArgv does not reach its entry).
 */
function workerModule(from: string, name: string): { entry: string | URL; eval: boolean } {
  if (!from.endsWith('.ts')) return { entry: new URL(`./${name}.js`, from), eval: false };
  const source = new URL(`./${name}.ts`, from).href;
  return {
    entry: `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`,
    eval: true,
  };
}

export interface WorkerJob<J> {
  /** the caller's import.meta.url, and the worker module's name beside it */
  from: string;
  name: string;
  /** the job, handed over as workerData[dataKey] */
  dataKey: string;
  job: J;
  heapMb: number;
  timeoutMs: number;
  /** the error a job that ran too long answers */
  onTimeout: () => Error;
  /** the error of a worker that failed (out of heap: code ERR_WORKER_OUT_OF_MEMORY) */
  onError: (error: Error & { code?: string }) => Error;
  /** the error of a worker that stopped without an answer */
  onExit: (code: number) => Error;
}

/** Runs one job in a new worker thread and answers its first message; the worker is ended after. */
export function runInWorker<J, R>(options: WorkerJob<J>): Promise<R> {
  const module = workerModule(options.from, options.name);
  return new Promise<R>((resolve, reject) => {
    const worker = new Worker(module.entry, {
      eval: module.eval,
      workerData: { [options.dataKey]: options.job },
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb, maxYoungGenerationSizeMb: 64 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const finish = (action: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => reject(options.onTimeout())), options.timeoutMs);
    worker.once('message', (reply: R) => finish(() => resolve(reply)));
    worker.once('error', (error: Error & { code?: string }) => finish(() => reject(options.onError(error))));
    worker.once('exit', (code) => finish(() => reject(options.onExit(code))));
  });
}
