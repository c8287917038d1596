import { PauseController } from '../../core/ingest/pause.ts';

/** The controls of one sync job. */
export interface SyncControl {
  readonly pause: PauseController;
  readonly abort: AbortController;
}

/**
 * Runs sync jobs one at a time, in the order they were asked for. A job can be paused, resumed or
 * cancelled by id from the moment it is queued.
 */
export class SyncQueue {
  #tail: Promise<unknown> = Promise.resolve();
  readonly #controls = new Map<string, SyncControl>();

  enqueue<Result>(jobId: string, run: (control: SyncControl) => Promise<Result>): Promise<Result> {
    const control: SyncControl = { pause: new PauseController(), abort: new AbortController() };
    this.#controls.set(jobId, control);
    const result = this.#tail.then(async () => {
      control.abort.signal.throwIfAborted();
      return run(control);
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
