/**
 * Web Locks for tests, exclusive only: a request waits while its lock is held (or rejects with
 * `AbortError` when its signal aborts first). `releaseAll(holder)` lets go of every lock a holder
 * took, as the browser does when a tab or worker ends; requests name their holder through
 * `as(holder)`, and `query()` reports it as the `clientId` of the locks held and waited for.
 */
export class FakeLocks {
  readonly #held = new Map<string, string>();
  readonly #waiting = new Map<string, (() => void)[]>();
  readonly #releases = new Map<string, (() => void)[]>();
  /** The requests waiting, in order. */
  readonly #pending: { name: string; clientId: string }[] = [];

  /** The lock manager of one tab or worker. */
  as(holder: string): Pick<LockManager, 'request' | 'query'> {
    return {
      request: ((name: string, ...rest: unknown[]) => {
        const callback = rest.at(-1) as (lock: Lock | null) => unknown;
        const options = (rest.length > 1 ? rest[0] : {}) as LockOptions;
        return this.#request(holder, name, options, callback);
      }) as LockManager['request'],
      query: async () => ({
        held: [...this.#held].map(([name, clientId]) => ({ name, clientId, mode: 'exclusive' })),
        pending: this.#pending.map((request) => ({ ...request, mode: 'exclusive' })),
      }),
    };
  }

  releaseAll(holder: string): void {
    for (const release of this.#releases.get(holder) ?? []) release();
    this.#releases.delete(holder);
  }

  async #request(
    holder: string,
    name: string,
    { signal }: LockOptions,
    callback: (lock: Lock | null) => unknown,
  ): Promise<unknown> {
    signal?.throwIfAborted();
    while (this.#held.has(name)) {
      const request = { name, clientId: holder };
      this.#pending.push(request);
      try {
        await new Promise<void>((resolve, reject) => {
          this.#waiting.set(name, [...(this.#waiting.get(name) ?? []), resolve]);
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
      } finally {
        this.#pending.splice(this.#pending.indexOf(request), 1);
      }
    }
    this.#held.set(name, holder);
    let ended!: () => void;
    const forced = new Promise<void>((resolve) => (ended = resolve));
    this.#releases.set(holder, [...(this.#releases.get(holder) ?? []), ended]);
    const result = Promise.resolve(callback({ name, mode: 'exclusive' } as Lock));
    try {
      return await Promise.race([result, forced]);
    } finally {
      this.#held.delete(name);
      const next = this.#waiting.get(name)?.shift();
      next?.();
    }
  }
}
