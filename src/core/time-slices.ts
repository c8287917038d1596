/** Resolves after the tasks already queued have run (a message, not a timer: no 1-4 ms clamp). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/**
 * For a long loop on a thread that must keep answering (the page, a worker): call the function
 * it returns once per step; it lets the tasks waiting run once `sliceMs` of work have passed
 * since the last pause, and resolves at once otherwise. `now` is the clock in milliseconds (tests
 * pass their own, so that a busy machine's pauses cannot lengthen a slice).
 */
export function timeSlices(
  sliceMs: number,
  now: () => number = () => performance.now(),
): () => Promise<void> {
  let sliceStart = now();
  return async () => {
    if (now() - sliceStart <= sliceMs) return;
    await nextTask();
    sliceStart = now();
  };
}

/**
 * Work written as a generator that pauses (`yield`) between slices of it and returns its result:
 * run at once (`runAtOnce`) where nothing waits on the thread, or giving way at each pause
 * (`runGivingWay`) where something may.
 */
export type SlicedWork<Result> = Generator<void, Result, void>;

export function runAtOnce<Result>(work: SlicedWork<Result>): Result {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/** Runs `work`, awaiting `giveWay` (`timeSlices`) at each of its pauses. */
export async function runGivingWay<Result>(
  work: SlicedWork<Result>,
  giveWay: () => Promise<void>,
): Promise<Result> {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    await giveWay();
  }
}

/** Entries made between two pauses of `mappingPositions`. */
const ENTRIES_PER_SLICE = 1 << 15;

/** The position of each of `keys` (distinct) by key, as sliced work. */
export function* mappingPositions<Key>(keys: readonly Key[]): SlicedWork<Map<Key, number>> {
  const positions = new Map<Key, number>();
  for (let position = 0; position < keys.length; position += 1) {
    positions.set(keys[position]!, position);
    if (position % ENTRIES_PER_SLICE === ENTRIES_PER_SLICE - 1) yield;
  }
  return positions;
}
