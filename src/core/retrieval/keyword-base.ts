import type { KeywordBase, KeywordSegment } from '../ports/lexical-index.ts';
import type { SlicedWork } from '../time-slices.ts';
import { DocumentPairs } from './document-pairs.ts';
import { invertingPairs, invertPairs } from './postings.ts';

/**
 * `segment` as a base: its pairs turned into lists by term (`invertPairs`), each large frequency
 * moved with its pair.
 */
export function baseOf(segment: KeywordSegment): KeywordBase {
  const byTerm = invertPairs(segment.terms.length, segment.pairs, segment.pairEnds);
  const large = segment.largeFrequencies;
  const moved: [position: number, frequency: number][] = [];
  if (large.length > 0) {
    const starts = listStarts(byTerm.holders);
    let document = 0;
    for (let entry = 0; entry < large.length; entry += 2) {
      const pair = large[entry]!;
      while (segment.pairEnds[document]! <= pair) document += 1;
      const term = segment.pairs[pair]! >>> 8; // pairId (packed-pairs.ts)
      const list = byTerm.pairs.subarray(starts[term], starts[term + 1]);
      moved.push([starts[term]! + positionOf(list, document), large[entry + 1]!]);
    }
  }
  moved.sort((left, right) => left[0] - right[0]);
  return {
    terms: segment.terms,
    ids: segment.ids,
    lengths: segment.lengths,
    byTerm,
    largeFrequencies: Int32Array.from(moved.flat()),
  };
}

/**
 * Every document's packed (term, frequency) pairs of `base`, document after document (`pairEnds`
 * as in `KeywordSegment`), each document's terms in the order of their ids: its lists turned
 * document-major, as `invertPairs` turns documents term-major. Sliced work (`invertingPairs`),
 * the pairs followed by `room` numbers of room in the same array.
 */
export function* derivingDocumentPairs(
  base: KeywordBase,
  room = 0,
): SlicedWork<{ pairs: Uint32Array; pairEnds: Int32Array }> {
  const listEnds = listStarts(base.byTerm.holders).subarray(1);
  const lists = base.byTerm.pairs;
  const { holders, pairs } = yield* invertingPairs(base.ids.length, lists, listEnds, room);
  // Each document's pairs end where the next one's would start.
  return { pairs, pairEnds: listStarts(holders).subarray(1) };
}

/**
 * Every slot's pairs of `base` held by an index (slot i is document i), with the room their
 * pool's first growth would make, so the first change appends without a copy; sliced work.
 */
export function* derivingSlotPairs(base: KeywordBase): SlicedWork<DocumentPairs> {
  const room = DocumentPairs.growthOf(base.byTerm.pairs.length);
  const { pairs, pairEnds } = yield* derivingDocumentPairs(base, room);
  return DocumentPairs.of(pairs, pairEnds, true);
}

/** Where each list starts in the pairs, and (last) where the last one ends. */
export function listStarts(holders: Int32Array): Int32Array {
  const starts = new Int32Array(holders.length + 1);
  for (let term = 0; term < holders.length; term += 1)
    starts[term + 1] = starts[term]! + holders[term]!;
  return starts;
}

/**
 * The position in `list` (packed (document, frequency) pairs in rising document order) of the
 * first pair of a document at or after `document`.
 */
function positionOf(list: Uint32Array, document: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! >>> 8 < document)
      low = middle + 1; // pairId (packed-pairs.ts)
    else high = middle;
  }
  return low;
}
