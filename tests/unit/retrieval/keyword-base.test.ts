import { describe, expect, it } from 'vitest';
import {
  baseOf,
  derivingDocumentPairs,
  listStarts,
} from '../../../src/core/retrieval/keyword-base.ts';
import { analyzeDocuments } from '../../../src/core/retrieval/keyword-segment.ts';
import { pairFrequency, pairId } from '../../../src/core/retrieval/packed-pairs.ts';
import { runAtOnce } from '../../../src/core/time-slices.ts';

/** Packed pairs as (id, frequency) numbers, two a pair. */
const unpacked = (pairs: Uint32Array) =>
  [...pairs].flatMap((pair) => [pairId(pair), pairFrequency(pair)]);

describe('keyword bases', () => {
  const segment = analyzeDocuments([
    { id: 'a', text: 'lake station lake' },
    { id: 'b', text: `station glacier ${'lake '.repeat(300)}` },
    { id: 'c', text: 'glacier' },
  ]);

  it('turns a segment’s pairs into lists by term, each large frequency moved with its pair', () => {
    expect(segment.terms).toEqual(['lake', 'station', 'glacier']);
    expect([...segment.largeFrequencies]).toEqual([4, 300]);
    const base = baseOf(segment);
    expect([...base.byTerm.holders]).toEqual([2, 2, 2]);
    expect(unpacked(base.byTerm.pairs)).toEqual([0, 2, 1, 255, 0, 1, 1, 1, 1, 1, 2, 1]);
    expect([...base.largeFrequencies]).toEqual([1, 300]);
    expect(base.ids).toBe(segment.ids);
  });

  it('turns the lists back into every document’s pairs, terms in the order of their ids', () => {
    const { pairs, pairEnds } = runAtOnce(derivingDocumentPairs(baseOf(segment)));
    expect([...pairEnds]).toEqual([2, 5, 6]);
    expect(unpacked(pairs)).toEqual([0, 2, 1, 1, 0, 255, 1, 1, 2, 1, 2, 1]);
    const withRoom = runAtOnce(derivingDocumentPairs(baseOf(segment), 4));
    expect(withRoom.pairs).toHaveLength(10);
    expect(withRoom.pairs.subarray(0, 6)).toEqual(pairs);
    expect(withRoom.pairEnds).toEqual(pairEnds);
  });

  it('gives where each list starts and where the last ends', () => {
    expect([...listStarts(Int32Array.of(2, 0, 3))]).toEqual([0, 2, 2, 5]);
    expect([...listStarts(new Int32Array(0))]).toEqual([0]);
  });
});
