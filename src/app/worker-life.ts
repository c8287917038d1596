/**
 * Notices when a worker started from this one has ended, whatever ended it: it holds a Web Lock
 * while it lives and says which (`announceLife`), and this side asks for that lock, granted once
 * the worker is gone. A worker that ends before it has announced itself (closed or crashed while
 * starting) leaves no lock to wait for, so one that has not announced itself in time is ended.
 */
import type { WorkerSignal } from './worker-signals.ts';

/** How long a worker may take to start and announce itself (a slow device loading its script). */
export const ANNOUNCE_WITHIN_MS = 20_000;

/** What is needed of the started worker. */
export interface WatchedWorker {
  addEventListener(type: 'message' | 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

/**
 * Settles once `worker` has ended by itself (its lock is granted here), fails to load or throws
 * outside a call (`error`: it is terminated), or has not announced itself within
 * `announceWithinMs` (terminated). Without Web Locks, only `error` is noticed.
 */
export function workerEnded(
  worker: WatchedWorker,
  locks: Pick<LockManager, 'request'> | undefined,
  announceWithinMs = ANNOUNCE_WITHIN_MS,
): Promise<void> {
  return new Promise((resolve) => {
    const end = (): void => {
      clearTimeout(unannounced);
      worker.terminate();
      resolve();
    };
    const unannounced = locks ? setTimeout(end, announceWithinMs) : undefined;
    worker.addEventListener('message', (event) => {
      const signal = (event as MessageEvent<WorkerSignal | undefined>).data;
      if (signal?.archivist !== 'alive') return;
      clearTimeout(unannounced);
      void locks?.request(signal.lock, () => resolve());
    });
    worker.addEventListener('error', end);
  });
}
