import { describe, expect, it } from 'vitest';
import {
  mappingPositions,
  runAtOnce,
  runGivingWay,
  type SlicedWork,
  timeSlices,
} from '../../src/core/time-slices.ts';

/** A message posted now; `ran()` tells whether it has been handled. */
function queuedMessage(): { ran: () => boolean; close: () => void } {
  let handled = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => (handled = true);
  channel.port2.postMessage(undefined);
  return { ran: () => handled, close: () => channel.port1.close() };
}

describe('timeSlices', () => {
  it('goes on at once while the slice lasts', async () => {
    const giveWay = timeSlices(60_000);
    const waiting = queuedMessage();
    await giveWay();
    expect(waiting.ran()).toBe(false);
    waiting.close();
  });

  it('lets the waiting tasks run once the slice is spent, then starts a new slice', async () => {
    let clock = 0;
    const giveWay = timeSlices(5, () => clock);
    clock += 10; // work longer than the slice
    const waiting = queuedMessage();
    await giveWay();
    expect(waiting.ran()).toBe(true);
    waiting.close();
    const next = queuedMessage();
    await giveWay();
    expect(next.ran()).toBe(false);
    next.close();
  });
});

describe('sliced work', () => {
  function* twoPauses(): SlicedWork<string> {
    yield;
    yield;
    return 'done';
  }

  it('runs at once, or giving way at each pause', async () => {
    expect(runAtOnce(twoPauses())).toBe('done');
    let pauses = 0;
    const result = await runGivingWay(twoPauses(), async () => {
      pauses += 1;
    });
    expect([result, pauses]).toEqual(['done', 2]);
  });

  it('maps 100,000 keys to their positions with a pause every 32,768', async () => {
    const keys = Array.from({ length: 100_000 }, (_, position) => `chunk-${position}`);
    let pauses = 0;
    const positions = await runGivingWay(mappingPositions(keys), async () => {
      pauses += 1;
    });
    expect(pauses).toBe(3);
    expect(positions.size).toBe(keys.length);
    expect([positions.get('chunk-0'), positions.get('chunk-99999')]).toEqual([0, 99_999]);
  });
});
