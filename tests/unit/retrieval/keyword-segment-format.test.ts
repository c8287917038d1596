import { describe, expect, it } from 'vitest';
import { analyzeDocuments } from '../../../src/core/retrieval/keyword-segment.ts';
import {
  decodeSegment,
  encodeSegment,
  KeywordIndexDamagedError,
} from '../../../src/core/retrieval/keyword-segment-format.ts';
import {
  KeywordIndexFullError,
  PACKED_ID_LIMIT,
  packPair,
  pairFrequency,
  pairId,
} from '../../../src/core/retrieval/packed-pairs.ts';
import { invertPairs } from '../../../src/core/retrieval/postings.ts';
import { format4Bytes, legacyBytes } from '../../support/legacy-keyword-bytes.ts';

/** Packed pairs as (id, frequency) numbers, two a pair. */
const unpacked = (pairs: Uint32Array) =>
  [...pairs].flatMap((pair) => [pairId(pair), pairFrequency(pair)]);

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
    expect(unpacked(segment.pairs)).toEqual([0, 2, 1, 2]);
    expect([...segment.largeFrequencies]).toEqual([]);
  });

  it('packs each pair in one number, and keeps a frequency too large to pack beside', () => {
    const repeated = { id: 'r', text: `station ${'lake '.repeat(300)}` };
    const segment = analyzeDocuments([DOCUMENTS[0]!, repeated]);
    expect(unpacked(segment.pairs)).toEqual([0, 2, 1, 2, 0, 1, 1, 255]);
    expect([...segment.largeFrequencies]).toEqual([3, 300]);
    const decoded = decodeSegment(encodeSegment(segment));
    expect([...decoded.largeFrequencies]).toEqual([3, 300]);
    expect(unpacked(decoded.pairs)).toEqual([0, 2, 1, 2, 0, 1, 1, 255]);
    expect(() => packPair(PACKED_ID_LIMIT, 1)).toThrow(KeywordIndexFullError);
    expect(unpacked(Uint32Array.of(packPair(PACKED_ID_LIMIT - 1, 7)))).toEqual([
      PACKED_ID_LIMIT - 1,
      7,
    ]);
  });

  it.each([false, true])(
    'reads a segment stored two numbers a pair (formats 1 and 2; lists by term: %s)',
    (byTerm) => {
      const repeated = { id: 'r', text: `station ${'lake '.repeat(300)}` };
      const segment = analyzeDocuments([...DOCUMENTS, repeated]);
      const decoded = decodeSegment(legacyBytes(segment, byTerm));
      expect(decoded.ids).toEqual(segment.ids);
      expect(decoded.terms).toEqual(segment.terms);
      expect([...decoded.pairs]).toEqual([...segment.pairs]);
      expect([...decoded.largeFrequencies]).toEqual([...segment.largeFrequencies]);
    },
  );

  it('reads a base of format 4 (a segment followed by its lists) as its segment', () => {
    const segment = analyzeDocuments([...DOCUMENTS, { id: 'r', text: 'lake '.repeat(300) }]);
    const decoded = decodeSegment(format4Bytes(segment));
    expect(decoded.ids).toEqual(segment.ids);
    expect(decoded.terms).toEqual(segment.terms);
    expect([...decoded.pairs]).toEqual([...segment.pairs]);
    expect([...decoded.largeFrequencies]).toEqual([...segment.largeFrequencies]);
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
    // The first pair: position 7 + 3 documents * 2 (lengths, pair ends) = int32 13.
    expect(damaged((copy) => copy.fill(0xff, 52, 56))).toThrow(
      expect.objectContaining({ name: 'KeywordIndexDamagedError' }),
    );
  });

  it('turns documents’ pairs into posting lists, term after term, documents in order', () => {
    const segment = analyzeDocuments([DOCUMENTS[0]!, { id: 'x', text: 'lake lake lake' }]);
    expect(segment.terms).toEqual(['station', 'lake']);
    const lists = invertPairs(segment.terms.length, segment.pairs, segment.pairEnds);
    expect([...lists.holders]).toEqual([1, 2]);
    expect(unpacked(lists.pairs)).toEqual([0, 2, 0, 2, 1, 3]);
  });

  it('refuses a large frequency that names no large pair', () => {
    const segment = analyzeDocuments([{ id: 'r', text: `station ${'lake '.repeat(300)}` }]);
    const bytes = encodeSegment(segment);
    // Header 7, lengths, pair ends, 2 pairs; then the large frequency's pair index.
    const largeAt = 7 + 2 + 2;
    const damaged = (value: number) => () => {
      const copy = bytes.slice();
      new Int32Array(copy.buffer)[largeAt] = value;
      return decodeSegment(copy);
    };
    expect(damaged(0)).toThrow(KeywordIndexDamagedError);
    expect(damaged(2)).toThrow(KeywordIndexDamagedError);
    expect(decodeSegment(bytes).largeFrequencies[0]).toBe(1);
  });
});
