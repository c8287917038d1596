import { afterEach, describe, expect, it, vi } from 'vitest';
import { SyncQueue } from '../../../src/app/sync-queue.ts';

describe('SyncQueue', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs jobs one at a time, in order', async () => {
    vi.useFakeTimers();
    const queue = new SyncQueue();
    const events: string[] = [];
    const job = (name: string) => async () => {
      events.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      events.push(`end ${name}`);
      return name;
    };
    const running = Promise.all([queue.enqueue('a', job('a')), queue.enqueue('b', job('b'))]);
    await vi.runAllTimersAsync();
    const results = await running;
    expect(results).toEqual(['a', 'b']);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('cancels a queued job before it starts and keeps running the next', async () => {
    const queue = new SyncQueue();
    let release: (value: string) => void = () => undefined;
    const gate = new Promise<string>((resolve) => (release = resolve));
    const first = queue.enqueue('first', () => gate);
    const second = queue.enqueue('second', async () => 'second');
    const third = queue.enqueue('third', async () => 'third');
    queue.cancel('second');
    release('first');
    await expect(first).resolves.toBe('first');
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    await expect(third).resolves.toBe('third');
  });

  it('hands each job its pause and abort controls', async () => {
    const queue = new SyncQueue();
    const result = queue.enqueue('job', async ({ pause, abort }) => {
      queue.pause('job');
      const paused = pause.paused;
      queue.resume('job');
      queue.cancel('job');
      return { paused, resumed: !pause.paused, aborted: abort.signal.aborted };
    });
    await expect(result).resolves.toEqual({ paused: true, resumed: true, aborted: true });
  });
});
