import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { workerEnded } from '../../../src/app/worker-life.ts';

/** A started worker: the test posts its signals and errors; it counts its terminations. */
class FakeWorker extends EventTarget {
  terminated = 0;
  terminate(): void {
    this.terminated += 1;
  }
  announce(lock: string): void {
    this.dispatchEvent(new MessageEvent('message', { data: { archivist: 'alive', lock } }));
  }
}

/** Web Locks whose requests the test grants, as the browser does once the holder is gone. */
class FakeLocks {
  readonly waiting = new Map<string, () => unknown>();
  request(name: string, callback: () => unknown): Promise<unknown> {
    this.waiting.set(name, callback);
    return Promise.resolve();
  }
}

/** Whether `promise` has settled once pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('workerEnded', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('settles once the lock the worker announced is granted, that is once it has ended', async () => {
    const worker = new FakeWorker();
    const locks = new FakeLocks();
    const ended = workerEnded(worker, locks as unknown as LockManager, 1000);
    worker.dispatchEvent(new MessageEvent('message', { data: { id: 'a comlink reply' } }));
    worker.announce('archivist-worker:1');
    await vi.advanceTimersByTimeAsync(5000);
    expect(await settled(ended)).toBe(false);
    locks.waiting.get('archivist-worker:1')!();
    expect(await settled(ended)).toBe(true);
    expect(worker.terminated).toBe(0);
  });

  it('ends a worker that has not announced itself in time (it ended while starting)', async () => {
    const worker = new FakeWorker();
    const ended = workerEnded(worker, new FakeLocks() as unknown as LockManager, 1000);
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(ended)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(ended)).toBe(true);
    expect(worker.terminated).toBe(1);
  });

  it('ends a worker that reports an error', async () => {
    const worker = new FakeWorker();
    const ended = workerEnded(worker, new FakeLocks() as unknown as LockManager, 1000);
    worker.dispatchEvent(new Event('error'));
    expect(await settled(ended)).toBe(true);
    expect(worker.terminated).toBe(1);
  });

  it('without Web Locks waits for no announcement, and notices only errors', async () => {
    const worker = new FakeWorker();
    const ended = workerEnded(worker, undefined, 1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await settled(ended)).toBe(false);
    expect(worker.terminated).toBe(0);
    worker.dispatchEvent(new Event('error'));
    expect(await settled(ended)).toBe(true);
  });
});
