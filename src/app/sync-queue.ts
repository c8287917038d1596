import { PauseController } from '../core/ingest/pause.ts';
import type { WebLocks } from './web-locks.ts';

/** The controls of one sync job. */
export interface SyncControl {
  readonly pause: PauseController;
  readonly abort: AbortController;
}

/** Held by the tab whose job runs: one job at a time in all tabs of the origin. */
const JOBS_LOCK = 'archivist-jobs';

/**
 * Runs sync jobs one at a time, in the order they were asked for, and with `locks` one at a time
 * across tabs too (a job waits while another tab's runs). A job can be paused, resumed or
 * cancelled by id from the moment it is queued.
 */
export class SyncQueue {
  #tail: Promise<unknown> = Promise.resolve();
  readonly #controls = new Map<string, SyncControl>();
  readonly #locks: Pick<WebLocks, 'request'> | undefined;

  constructor(locks?: Pick<WebLocks, 'request'>) {
    this.#locks = locks;
  }

  enqueue<Result>(jobId: string, run: (control: SyncControl) => Promise<Result>): Promise<Result> {
    const control: SyncControl = { pause: new PauseController(), abort: new AbortController() };
    this.#controls.set(jobId, control);
    const result = this.#tail.then(async () => {
      const { signal } = control.abort;
      signal.throwIfAborted();
      if (!this.#locks) return run(control);
      return this.#locks.request(JOBS_LOCK, { signal }, () => run(control));
    });
    const settled = result.finally(() => this.#controls.delete(jobId));
    this.#tail = settled.catch(() => undefined);
    return settled;
  }

  pause(jobId: string): void {
    this.#controls.get(jobId)?.pause.pause();
  }

  resume(jobId: string): void {
    this.#controls.get(jobId)?.pause.resume();
  }

  cancel(jobId: string): void {
    this.#controls.get(jobId)?.abort.abort();
  }
}
