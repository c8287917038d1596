/** Lets the UI pause and resume a long job; the job awaits `whilePaused` between files. */
export class PauseController {
  #paused = false;
  #waiters: (() => void)[] = [];

  get paused(): boolean {
    return this.#paused;
  }

  pause(): void {
    this.#paused = true;
  }

  resume(): void {
    this.#paused = false;
    for (const wake of this.#waiters.splice(0)) wake();
  }

  /** Resolves at once when running; otherwise when resumed or when `signal` aborts. */
  whilePaused(signal?: AbortSignal): Promise<void> {
    if (!this.#paused) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = (): void => {
        signal?.removeEventListener('abort', wake);
        resolve();
      };
      this.#waiters.push(wake);
      signal?.addEventListener('abort', wake, { once: true });
    });
  }
}
