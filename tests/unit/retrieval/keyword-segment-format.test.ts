import { describe, expect, it } from 'vitest';
import { analyzeDocuments } from '../../../src/core/retrieval/keyword-segment.ts';
import {
  decodeSegment,
  encodeSegment,
  encodeSegmentParts,
  holdsTermLists,
  KeywordIndexDamagedError,
} from '../../../src/core/retrieval/keyword-segment-format.ts';
import { invertPairs } from '../../../src/core/retrieval/postings.ts';

const DOCUMENTS = [
  { id: 'a/notes.md#0', text: 'The station by the lake; the lake station' },
  { id: 'a/naïve #1.md#1', text: 'Café Zoë, 日本語の文書 and stations' },
  { id: 'a/empty.md#0', text: 'the of and' },
];

describe('keyword segments', () => {
  it('counts each document’s terms in first-occurrence order with its length', () => {
    const segment = analyzeDocuments(DOCUMENTS.slice(0, 1));
    expect(segment.terms).toEqual(['station', 'lake']);
    expect([...segment.lengths]).toEqual([4]);
    expect([...segment.pairEnds]).toEqual([2]);
    expect([...segment.pairs]).toEqual([0, 2, 1, 2]);
  });

  it('round-trips through bytes, any text and ids included', () => {
    const segment = analyzeDocuments(DOCUMENTS);
    const decoded = decodeSegment(encodeSegment(segment));
    expect(decoded.ids).toEqual(segment.ids);
    expect(decoded.terms).toEqual(segment.terms);
    expect([...decoded.lengths]).toEqual([...segment.lengths]);
    expect([...decoded.pairEnds]).toEqual([...segment.pairEnds]);
    expect([...decoded.pairs]).toEqual([...segment.pairs]);
    expect([...decoded.lengths]).toEqual([4, 8, 0]);
  });

  it('reads bytes at an offset that is not a multiple of four', () => {
    const bytes = encodeSegment(analyzeDocuments(DOCUMENTS));
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(decodeSegment(shifted.subarray(1)).ids).toEqual(DOCUMENTS.map(({ id }) => id));
  });

  it('refuses bytes that do not add up with KeywordIndexDamagedError', () => {
    const bytes = encodeSegment(analyzeDocuments(DOCUMENTS));
    const damaged = (change: (copy: Uint8Array) => Uint8Array) => () =>
      decodeSegment(change(bytes.slice()));
    expect(damaged((copy) => copy.subarray(0, 10))).toThrow(KeywordIndexDamagedError);
    expect(damaged((copy) => copy.subarray(0, copy.length - 1))).toThrow(KeywordIndexDamagedError);
    expect(damaged((copy) => copy.fill(7, 0, 4))).toThrow(KeywordIndexDamagedError);
    // The first pair's term: position 6 + 3 documents * 2 (lengths, pair ends) = int32 12.
    expect(damaged((copy) => copy.fill(0xff, 48, 52))).toThrow(
      expect.objectContaining({ name: 'KeywordIndexDamagedError' }),
    );
  });

  it('turns documents’ pairs into posting lists, term after term, documents in order', () => {
    const segment = analyzeDocuments([DOCUMENTS[0]!, { id: 'x', text: 'lake lake lake' }]);
    expect(segment.terms).toEqual(['station', 'lake']);
    const lists = invertPairs(segment.terms.length, segment.pairs, segment.pairEnds);
    expect([...lists.holders]).toEqual([1, 2]);
    expect([...lists.pairs]).toEqual([0, 2, 0, 2, 1, 3]);
  });

  it('stores the posting lists after the documents when asked, read back as views', () => {
    const segment = analyzeDocuments(DOCUMENTS);
    const bytes = encodeSegment(segment, { byTerm: true });
    expect(holdsTermLists(bytes)).toBe(true);
    expect(holdsTermLists(encodeSegment(segment))).toBe(false);
    const decoded = decodeSegment(bytes);
    const expected = invertPairs(segment.terms.length, segment.pairs, segment.pairEnds);
    expect([...decoded.byTerm!.holders]).toEqual([...expected.holders]);
    expect([...decoded.byTerm!.pairs]).toEqual([...expected.pairs]);
    expect(decoded.byTerm!.pairs.buffer).toBe(bytes.buffer);
    expect([...decoded.pairs]).toEqual([...segment.pairs]);
    expect(decoded.ids).toEqual(segment.ids);
    expect(decodeSegment(encodeSegment(segment)).byTerm).toBeUndefined();
  });

  it('gives the same bytes in parts that view the segment’s own numbers', () => {
    const segment = analyzeDocuments(DOCUMENTS);
    const lists = invertPairs(segment.terms.length, segment.pairs, segment.pairEnds);
    const held = { ...segment, byTerm: lists };
    const parts = encodeSegmentParts(held, { byTerm: true });
    const joined = new Uint8Array(parts.flatMap((part) => [...part]));
    expect(joined).toEqual(encodeSegment(segment, { byTerm: true }));
    const viewed = parts.map((part) => part.buffer);
    for (const numbers of [segment.pairs, segment.lengths, lists.pairs, lists.holders]) {
      expect(viewed).toContain(numbers.buffer);
    }
    expect(decodeSegment(joined).ids).toEqual(segment.ids);
  });

  it('refuses stored posting lists that disagree with the documents', () => {
    const segment = analyzeDocuments(DOCUMENTS);
    const bytes = encodeSegment(segment, { byTerm: true });
    const documents = segment.ids.length;
    const terms = segment.terms.length;
    // Header 6, lengths, pair ends, pairs, term lengths, id lengths; then holders, lists.
    const holdersAt = 6 + documents * 3 + segment.pairs.length + terms;
    const listsAt = holdersAt + terms;
    const damaged = (at: number, value: number) => () => {
      const copy = bytes.slice();
      new Int32Array(copy.buffer)[at] = value;
      return decodeSegment(copy);
    };
    expect(damaged(holdersAt, 9)).toThrow(KeywordIndexDamagedError);
    expect(damaged(listsAt, documents)).toThrow(KeywordIndexDamagedError);
    expect(damaged(listsAt + 1, 0)).toThrow(KeywordIndexDamagedError);
  });
});
