import { LARGE_FREQUENCY, type LargeFrequencies } from './packed-pairs.ts';

// Posting lists hold (slot, frequency) pairs packed one number each, in rising slot order;
// `>>> 8` and `& 255` are written out as in the scoring loop (packed-pairs.ts).

/**
 * The first position from `from` on, before `end`, whose pair's slot is `slot` or more (`end`
 * when there is none): steps doubling from `from`, then halving, so walking a list for rising
 * slots costs about the logarithm of each gap.
 */
function seekSlot(pairs: Uint32Array, from: number, end: number, slot: number): number {
  let low = from;
  let high = from;
  let step = 1;
  while (high < end && pairs[high]! >>> 8 < slot) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  high = Math.min(high, end);
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (pairs[middle]! >>> 8 < slot) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Writes the term's frequency in each of the first `count` slots of `slots` (in rising order)
 * into `frequencies`, 0 where the list holds none of it.
 */
export function frequenciesIn(
  list: { pairs: Uint32Array; end: number },
  termId: number,
  largeFrequencies: LargeFrequencies,
  slots: Int32Array,
  count: number,
  frequencies: Float64Array,
): void {
  const { pairs, end } = list;
  let position = 0;
  for (let index = 0; index < count; index += 1) {
    const slot = slots[index]!;
    position = seekSlot(pairs, position, end, slot);
    if (position < end && pairs[position]! >>> 8 === slot) {
      const frequency = pairs[position]! & 255;
      frequencies[index] =
        frequency === LARGE_FREQUENCY ? largeFrequencies.get(termId, slot) : frequency;
    } else {
      frequencies[index] = 0;
    }
  }
}

/** Whether at least `k` of `values` at the first `count` slots of `slots` are `floor` or more. */
export function countsAtLeast(
  values: Float64Array,
  slots: Int32Array,
  count: number,
  k: number,
  floor: number,
): boolean {
  let found = 0;
  for (let index = 0; index < count && found < k; index += 1) {
    if (values[slots[index]!]! >= floor) found += 1;
  }
  return found >= k;
}

/**
 * The `k`-th largest of `values` at the first `count` slots of `slots`, or 0 when there are
 * fewer than `k`: a heap of the best `k` seen, its least at the root. Values under `floor` are
 * passed over: a floor known to be at most the answer (a `k`-th largest found before, the
 * values having only grown since) saves most of the heap's work.
 */
export function kthLargest(
  values: Float64Array,
  slots: Int32Array,
  count: number,
  k: number,
  floor = 0,
): number {
  if (count < k || k <= 0) return 0;
  const heap = new Float64Array(k);
  let size = 0;
  for (let index = 0; index < count; index += 1) {
    const value = values[slots[index]!]!;
    if (value < floor) continue;
    if (size < k) {
      let child = size++;
      heap[child] = value;
      while (child > 0) {
        const parent = (child - 1) >> 1;
        if (heap[parent]! <= heap[child]!) break;
        [heap[parent], heap[child]] = [heap[child]!, heap[parent]!];
        child = parent;
      }
      continue;
    }
    if (value <= heap[0]!) continue;
    heap[0] = value;
    let parent = 0;
    for (;;) {
      const left = 2 * parent + 1;
      if (left >= k) break;
      const right = left + 1;
      const least = right < k && heap[right]! < heap[left]! ? right : left;
      if (heap[parent]! <= heap[least]!) break;
      [heap[parent], heap[least]] = [heap[least]!, heap[parent]!];
      parent = least;
    }
  }
  return size < k ? 0 : heap[0]!;
}
