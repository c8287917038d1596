/**
 * The searches under way, for work done behind them (a collection's float32 rows read after it
 * loaded, decision 0029): `quiet` resolves once no search has run for `quietMs`, so such work
 * waits while a user searches again and again, and goes on while they read the results.
 */
export class SearchActivity {
  #running = 0;
  #lastEnded = Number.NEGATIVE_INFINITY;
  #waiting: (() => void)[] = [];

  /**
   * `now` is the clock in milliseconds and `sleep` waits that many (tests pass their own, so that
   * a busy machine cannot change what they see).
   */
  constructor(
    readonly quietMs: number,
    readonly now: () => number = () => performance.now(),
    readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** Runs `search`, counted as under way until it settles. */
  async during<Result>(search: () => Promise<Result>): Promise<Result> {
    this.#running += 1;
    try {
      return await search();
    } finally {
      this.#running -= 1;
      this.#lastEnded = this.now();
      if (this.#running === 0) for (const resolve of this.#waiting.splice(0)) resolve();
    }
  }

  /** Resolves once no search is under way and none has ended for `quietMs`. */
  async quiet(): Promise<void> {
    for (;;) {
      if (this.#running > 0) {
        await new Promise<void>((resolve) => this.#waiting.push(resolve));
        continue;
      }
      const left = this.quietMs - (this.now() - this.#lastEnded);
      if (left <= 0) return;
      await this.sleep(left);
    }
  }
}
