import { describe, expect, it } from 'vitest';
import { timeSlices } from '../../src/core/time-slices.ts';

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
