import { describe, expect, it } from 'vitest';
import type { KeywordBase } from '../../../src/core/ports/lexical-index.ts';
import {
  decodeBase,
  encodeBaseParts,
  isCurrentBase,
} from '../../../src/core/retrieval/keyword-base-format.ts';
import { baseOf } from '../../../src/core/retrieval/keyword-base.ts';
import { analyzeDocuments } from '../../../src/core/retrieval/keyword-segment.ts';
import {
  encodeSegment,
  joinBytes,
  KeywordIndexDamagedError,
} from '../../../src/core/retrieval/keyword-segment-format.ts';
import { packPair } from '../../../src/core/retrieval/packed-pairs.ts';
import { format4Bytes, legacyBytes } from '../../support/legacy-keyword-bytes.ts';

const DOCUMENTS = [
  { id: 'a/notes.md#0', text: 'The station by the lake; the lake station' },
  { id: 'a/naïve #1.md#1', text: 'Café Zoë, 日本語の文書 and stations' },
  { id: 'a/empty.md#0', text: 'the of and' },
  { id: 'r#0', text: `station ${'lake '.repeat(300)}` },
];

const segment = analyzeDocuments(DOCUMENTS);
const base = baseOf(segment);
const bytes = joinBytes(encodeBaseParts(base));

/** The base's contents as plain arrays, to compare. */
const plain = (of: KeywordBase) => ({
  terms: of.terms,
  ids: of.ids,
  lengths: [...of.lengths],
  holders: [...of.byTerm.holders],
  pairs: [...of.byTerm.pairs],
  largeFrequencies: [...of.largeFrequencies],
});

describe('keyword base format', () => {
  it('round-trips a base through bytes, its numbers read as views of them', () => {
    const decoded = decodeBase(bytes);
    expect(plain(decoded)).toEqual(plain(base));
    expect(decoded.byTerm.pairs.buffer).toBe(bytes.buffer);
    // "station" holds documents 0, 1 and 3, then "lake" 0 and 3: the large pair is the fifth.
    expect([...decoded.largeFrequencies]).toEqual([4, 300]);
    expect(isCurrentBase(bytes)).toBe(true);
  });

  it('gives parts that view the base’s own numbers', () => {
    const viewed = encodeBaseParts(base).map((part) => part.buffer);
    for (const numbers of [base.lengths, base.byTerm.holders, base.byTerm.pairs]) {
      expect(viewed).toContain(numbers.buffer);
    }
  });

  it('reads bytes at an offset that is not a multiple of four', () => {
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(plain(decodeBase(shifted.subarray(1)))).toEqual(plain(base));
  });

  it.each([
    ['format 1', legacyBytes(segment, false)],
    ['format 2', legacyBytes(segment, true)],
    ['format 3', encodeSegment(segment)],
    ['format 4', format4Bytes(segment)],
  ])('reads a base stored in %s as the same base', (_, old) => {
    expect(isCurrentBase(old)).toBe(false);
    expect(plain(decodeBase(old))).toEqual(plain(base));
  });

  it('refuses bytes that do not add up with KeywordIndexDamagedError', () => {
    const documents = base.ids.length;
    const terms = base.terms.length;
    // Header 7, lengths, holders, then the lists.
    const holdersAt = 7 + documents;
    const listsAt = holdersAt + terms;
    const largeAt = listsAt + base.byTerm.pairs.length;
    const damaged = (at: number, value: number) => () => {
      const copy = bytes.slice();
      new DataView(copy.buffer).setInt32(at * 4, value, true);
      return decodeBase(copy);
    };
    expect(() => decodeBase(bytes.subarray(0, 10))).toThrow(KeywordIndexDamagedError);
    expect(() => decodeBase(bytes.slice(0, -1))).toThrow(KeywordIndexDamagedError);
    expect(damaged(1, documents + 1)).toThrow(KeywordIndexDamagedError);
    expect(damaged(holdersAt, base.byTerm.holders[0]! + 1)).toThrow(KeywordIndexDamagedError);
    expect(damaged(holdersAt, -1)).toThrow(KeywordIndexDamagedError);
    expect(damaged(listsAt, packPair(documents, 1))).toThrow(KeywordIndexDamagedError);
    expect(damaged(listsAt, packPair(0, 0))).toThrow(KeywordIndexDamagedError);
    // "station": documents 0, 1 and 3; the second named as the first goes backwards.
    expect(damaged(listsAt + 1, packPair(0, 1))).toThrow(
      expect.objectContaining({ name: 'KeywordIndexDamagedError' }),
    );
    expect(damaged(largeAt, 0)).toThrow(KeywordIndexDamagedError);
    expect(damaged(largeAt + 1, 3)).toThrow(KeywordIndexDamagedError);
  });
});
