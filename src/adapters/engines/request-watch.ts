/**
 * One HTTP call's cancellation: the caller's signal and the engine's own timers both abort the
 * same controller, and afterwards tell which of them did it.
 */
import { EngineTimeoutError } from '../../core/errors.ts';

export class RequestWatch {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly abortFromCaller = (): void => this.controller.abort(abortError());
  /** Set when a timer fired; the call then fails with it. */
  timeout: EngineTimeoutError | undefined;

  constructor(
    /** The server or model, for messages. */
    readonly where: string,
    private readonly callerSignal: AbortSignal | undefined,
  ) {
    if (callerSignal?.aborted) this.controller.abort(abortError());
    else callerSignal?.addEventListener('abort', this.abortFromCaller, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get callerAborted(): boolean {
    return this.callerSignal?.aborted ?? false;
  }

  /** Aborts the call unless `disarm` or another `arm` comes within `milliseconds`. */
  arm(milliseconds: number, phase: EngineTimeoutError['phase']): void {
    this.disarm();
    this.timer = setTimeout(() => {
      this.timeout = new EngineTimeoutError(this.where, milliseconds, phase);
      this.controller.abort(this.timeout);
    }, milliseconds);
  }

  disarm(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /**
   * Settles as `promise` does, or rejects with the abort reason as soon as the call is aborted
   * (an injected `fetch` or a body reader need not watch the signal themselves).
   */
  race<T>(promise: Promise<T>): Promise<T> {
    const signal = this.controller.signal;
    if (signal.aborted) {
      promise.catch(() => undefined);
      return Promise.reject(signal.reason as Error);
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason as Error);
      signal.addEventListener('abort', onAbort, { once: true });
      promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  /** Waits `milliseconds`, or less if the call is aborted. */
  async sleep(milliseconds: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await this.race(new Promise((resolve) => (timer = setTimeout(resolve, milliseconds))));
    } finally {
      clearTimeout(timer);
    }
  }

  /** The error an abort should surface as: the timeout if a timer fired, else an AbortError. */
  failure(): Error {
    return this.timeout ?? abortError();
  }

  dispose(): void {
    this.disarm();
    this.callerSignal?.removeEventListener('abort', this.abortFromCaller);
  }
}

export function abortError(): Error {
  return new DOMException('The request was aborted.', 'AbortError');
}
