/**
 * How many cases the property tests generate, and the guards that keep them from hanging.
 *
 * `PROPERTY_RUNS` sets the cases per property: 200 by default, so the suite stays quick inside
 * `npm test`; `npm run test:property:full` uses 10,000. `PROPERTY_SEED` replays a reported run.
 *
 * Hangs fail fast: a case slower than SLOW_CASE_MS fails its property (super-linear work on some
 * input), an async case is raced against that limit, a property stops with a failure once its
 * whole time budget is spent, and a case that blocks the thread for HUNG_CASE_MS (an endless
 * synchronous loop, which nothing in the thread can interrupt) makes a watchdog thread print the
 * test and seed and end the test process, so the run fails instead of waiting forever.
 */
import { writeSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { expect } from 'vitest';

export const PROPERTY_RUNS = positiveInteger(process.env.PROPERTY_RUNS, 200);
const seedText = process.env.PROPERTY_SEED?.trim();
const SEED = seedText && Number.isInteger(Number(seedText)) ? Number(seedText) : undefined;

/** One case slower than this fails its property. */
export const SLOW_CASE_MS = 5_000;
/** One case blocking the thread this long is taken for an endless loop. */
const HUNG_CASE_MS = 30_000;

/** The time a property may take in all: generous, so only a real slowdown trips it. */
function budgetMs(numRuns: number): number {
  return 60_000 + numRuns * 40;
}

/** The vitest timeout for a test that checks one property of `numRuns` cases. */
export function testTimeout(numRuns = PROPERTY_RUNS): number {
  return budgetMs(numRuns) + 30_000;
}

/** Asserts a synchronous property of one generated value; `predicate` throws (expect) to fail. */
export function checkProperty<Value>(
  arbitrary: fc.Arbitrary<Value>,
  predicate: (value: Value) => void,
  numRuns = PROPERTY_RUNS,
): void {
  const seed = startProperty();
  fc.assert(
    fc.property(arbitrary, (value) => {
      const started = watchdog.start();
      try {
        predicate(value);
      } finally {
        watchdog.stop();
      }
      failIfSlow(started);
    }),
    parameters(numRuns, seed),
  );
}

/** Asserts an async property; a case that does not settle within SLOW_CASE_MS fails. */
export async function checkAsyncProperty<Value>(
  arbitrary: fc.Arbitrary<Value>,
  predicate: (value: Value) => Promise<void>,
  numRuns = PROPERTY_RUNS,
): Promise<void> {
  const seed = startProperty();
  await fc.assert(
    fc.asyncProperty(arbitrary, async (value) => {
      const started = watchdog.start();
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        await Promise.race([
          predicate(value),
          new Promise<never>((_resolve, reject) => {
            timer = setTimeout(
              () => reject(new Error(`one case did not finish within ${SLOW_CASE_MS} ms`)),
              SLOW_CASE_MS,
            );
          }),
        ]);
      } finally {
        clearTimeout(timer);
        watchdog.stop();
      }
      failIfSlow(started);
    }),
    parameters(numRuns, seed),
  );
}

function parameters(numRuns: number, seed: number): fc.Parameters<unknown> {
  return {
    numRuns,
    seed,
    plugins: [fc.interruptAfterTimeLimit(budgetMs(numRuns), { failOnInterrupt: true })],
  };
}

function failIfSlow(started: number): void {
  const elapsed = Date.now() - started;
  if (elapsed > SLOW_CASE_MS) {
    throw new Error(`one case took ${elapsed} ms, over the ${SLOW_CASE_MS} ms allowed`);
  }
}

function startProperty(): number {
  const seed = SEED ?? (Date.now() ^ (Math.random() * 0x100000000)) | 0;
  watchdog.label(`"${expect.getState().currentTestName ?? 'a property'}" (PROPERTY_SEED=${seed})`);
  return seed;
}

function positiveInteger(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/**
 * A thread that watches the start time of the running case in shared memory; the test thread only
 * writes two numbers per case. Started once per test file, and never keeps the process alive.
 */
const watchdog = (() => {
  const clock = new Float64Array(new SharedArrayBuffer(8));
  const label = new Uint8Array(new SharedArrayBuffer(1024));
  const source = `
    const { workerData } = require('node:worker_threads');
    const { writeSync } = require('node:fs');
    const clock = new Float64Array(workerData.clock);
    setInterval(() => {
      const started = clock[0];
      if (started > 0 && Date.now() - started > workerData.limit) {
        const label = new TextDecoder().decode(new Uint8Array(workerData.label)).replace(/\\0+$/, '');
        writeSync(2, '\\nA property case blocked for ' + workerData.limit / 1000 + ' s in ' + label +
          ': an endless loop? Ending the test process.\\n');
        process.kill(process.pid, 'SIGKILL');
      }
    }, 1000);
  `;
  const worker = new Worker(source, {
    eval: true,
    workerData: { clock: clock.buffer, label: label.buffer, limit: HUNG_CASE_MS },
  });
  worker.unref();
  worker.on('error', (error) => writeSync(2, `property watchdog failed: ${String(error)}\n`));
  return {
    start(): number {
      const now = Date.now();
      clock[0] = now;
      return now;
    },
    stop(): void {
      clock[0] = 0;
    },
    label(text: string): void {
      label.fill(0);
      label.set(new TextEncoder().encode(text).subarray(0, label.length - 1));
    },
  };
})();
