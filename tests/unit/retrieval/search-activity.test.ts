import { describe, expect, it } from 'vitest';
import { SearchActivity } from '../../../src/core/retrieval/search-activity.ts';

/** A clock that moves only when the activity sleeps. */
function scriptedClock() {
  const clock = { now: 0, slept: [] as number[] };
  const sleep = async (ms: number) => {
    clock.slept.push(ms);
    clock.now += ms;
  };
  return { clock, activity: new SearchActivity(500, () => clock.now, sleep) };
}

describe('SearchActivity', () => {
  it('is quiet at once when no search has run', async () => {
    const { clock, activity } = scriptedClock();
    await activity.quiet();
    expect(clock.slept).toEqual([]);
  });

  it('waits for the searches under way, then for the quiet spell after the last', async () => {
    const { clock, activity } = scriptedClock();
    let finish: (value: string) => void = () => undefined;
    const searching = activity.during(() => new Promise<string>((resolve) => (finish = resolve)));
    const events: string[] = [];
    const quiet = activity.quiet().then(() => events.push(`quiet at ${clock.now}`));
    await Promise.resolve();
    expect(events).toEqual([]);
    clock.now = 120;
    finish('results');
    expect(await searching).toBe('results');
    await quiet;
    expect(events).toEqual(['quiet at 620']);
    expect(clock.slept).toEqual([500]);
  });

  it('counts a failed search as ended', async () => {
    const { clock, activity } = scriptedClock();
    clock.now = 1_000;
    await expect(activity.during(() => Promise.reject(new Error('no index')))).rejects.toThrow(
      'no index',
    );
    clock.now = 1_200;
    await activity.quiet();
    expect(clock.slept).toEqual([300]);
  });
});
