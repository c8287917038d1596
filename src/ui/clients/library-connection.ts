import { wrap, type Endpoint, type Remote } from 'comlink';
import type { LibraryApi } from '../../../workers/library.worker.ts';
import type { WorkerSignal } from '../../app/worker-signals.ts';
import { WorkerCrashedError } from './worker-crashed-error.ts';

/** A started library worker as the connection uses it: comlink's endpoint, and `terminate`. */
export type WorkerEndpoint = Endpoint & { terminate(): void };

/** An error the user should see although no call of theirs failed with it. */
export interface Notice {
  name: string;
  message: string;
}

export interface LibraryConnectionOptions {
  startWorker: () => WorkerEndpoint;
  /** The page's Web Locks; without them a worker that stopped goes unnoticed. */
  locks?: Pick<LockManager, 'request'>;
  onNotice: (notice: Notice) => void;
  /** Milliseconds since some fixed point; tests pass a fake clock. */
  now?: () => number;
}

/** More stops than this within the window and the worker is not restarted again. */
export const RESTART_LIMIT = { stops: 3, withinMs: 60_000 };

/** One started worker: its comlink remote, and a promise rejected once it has stopped. */
interface WorkerRun {
  worker: WorkerEndpoint;
  remote: Remote<LibraryApi>;
  stopped: Promise<never>;
  stop: (error: WorkerCrashedError) => void;
}

/**
 * The page's connection to the library worker, which survives the worker: each worker holds a
 * Web Lock while it lives (`announceLife`), so the page can take that lock once the worker has
 * ended, for whatever reason. Then every call still waiting for it is rejected with
 * `WorkerCrashedError`, a new worker is started, the user is told, and later calls go to the new
 * worker. After `RESTART_LIMIT.stops` stops within its window it gives up: calls fail at once.
 */
export class LibraryConnection {
  /** Calls only: every call goes to the worker running at that moment. */
  readonly client: Remote<LibraryApi>;
  readonly #options: LibraryConnectionOptions;
  #run: WorkerRun;
  #stops: number[] = [];

  constructor(options: LibraryConnectionOptions) {
    this.#options = options;
    this.#run = this.#start();
    this.client = forwardCalls(() => this.#run, []) as Remote<LibraryApi>;
  }

  #start(): WorkerRun {
    const worker = this.#options.startWorker();
    let stop!: WorkerRun['stop'];
    const stopped = new Promise<never>((_, reject) => (stop = reject));
    stopped.catch(() => undefined); // observed by the calls racing it
    const run: WorkerRun = { worker, remote: wrap<LibraryApi>(worker), stopped, stop };
    worker.addEventListener('message', (event) => {
      const data: unknown = (event as MessageEvent).data;
      if (!isWorkerSignal(data)) return;
      if (data.archivist === 'notice') this.#options.onNotice(data);
      else void this.#options.locks?.request(data.lock, () => this.#stopped(run));
    });
    return run;
  }

  /** The worker of `run` has ended (its life lock was granted to the page). */
  #stopped(run: WorkerRun): void {
    if (run !== this.#run) return;
    const now = (this.#options.now ?? Date.now)();
    this.#stops = [...this.#stops.filter((time) => now - time < RESTART_LIMIT.withinMs), now];
    const restart = this.#stops.length < RESTART_LIMIT.stops;
    const error = new WorkerCrashedError(restart);
    run.worker.terminate();
    run.stop(error);
    if (restart) this.#run = this.#start();
    this.#options.onNotice(error);
  }
}

function isWorkerSignal(data: unknown): data is WorkerSignal {
  return typeof data === 'object' && data !== null && 'archivist' in data;
}

type Callable = (...args: unknown[]) => Promise<unknown>;

/**
 * A stand-in for comlink's remote that looks `path` up on the current worker's remote at each
 * call and races the call against that worker stopping. Reading a property is not supported
 * (`then` is undefined, so the stand-in is never taken for a promise).
 */
function forwardCalls(current: () => WorkerRun, path: readonly PropertyKey[]): unknown {
  return new Proxy(() => undefined, {
    get: (_, key) => (key === 'then' ? undefined : forwardCalls(current, [...path, key])),
    apply: (_, __, args: unknown[]) => {
      const { remote, stopped } = current();
      const method = path.reduce<unknown>(
        (target, key) => (target as Record<PropertyKey, unknown>)[key],
        remote,
      ) as Callable;
      return Promise.race([method(...args), stopped]);
    },
  });
}
