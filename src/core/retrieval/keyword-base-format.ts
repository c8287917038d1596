import type { KeywordBase, TermLists } from '../ports/lexical-index.ts';
import { baseOf } from './keyword-base.ts';
import {
  bytesOf,
  checkLargeFrequencies,
  decodeSegment,
  encodeTexts,
  KeywordIndexDamagedError,
  magicOf,
  SectionReader,
  split,
} from './keyword-segment-format.ts';
import { LARGE_FREQUENCY, PACKED_ID_LIMIT } from './packed-pairs.ts';

/** 'AKW5': a collection's base, its pairs term after term only (decision 0027). */
const MAGIC = 0x41_4b_57_35;
const HEADER_NUMBERS = 7;

/**
 * The binary form of a collection's base (decision 0027), as parts to be stored one after
 * another: a header of seven int32 (magic, documents, terms, pairs, large frequencies, term text
 * bytes, id text bytes), then 32-bit sections (lengths, holders, the packed pairs term after
 * term, large frequencies as (position, frequency), term lengths, id lengths, in UTF-16 units),
 * then the terms' and the ids' UTF-8 text, each concatenated. Numbers are in the platform's byte
 * order, so decoding views them in place; the base's own arrays are viewed, not copied, so a
 * large base (hundreds of MB at 500,000 chunks) is written without a second copy in memory.
 */
export function encodeBaseParts(base: KeywordBase): Uint8Array[] {
  const { terms, ids, byTerm, largeFrequencies: large } = base;
  const { lengths, text } = encodeTexts(terms, ids);
  const header = Int32Array.of(
    ...[MAGIC, ids.length, terms.length, byTerm.pairs.length, large.length / 2],
    ...[text.terms.length, text.ids.length],
  );
  return [
    ...[header, base.lengths, byTerm.holders, byTerm.pairs, large, lengths].map(bytesOf),
    text.terms,
    text.ids,
  ];
}

/** Whether `bytes` hold a base in the current format; one of an older format is stored again. */
export function isCurrentBase(bytes: Uint8Array): boolean {
  return magicOf(bytes) === MAGIC;
}

/**
 * Reads `encodeBaseParts`'s bytes, or a base of an older format (a segment, its lists built from
 * its pairs); throws `KeywordIndexDamagedError` when they do not add up.
 */
export function decodeBase(input: Uint8Array): KeywordBase {
  if (!isCurrentBase(input)) return baseOf(decodeSegment(input));
  const bytes = input.byteOffset % 4 === 0 ? input : input.slice();
  if (bytes.byteLength < HEADER_NUMBERS * 4) throw new KeywordIndexDamagedError('too short');
  const header = Array.from(new Int32Array(bytes.buffer, bytes.byteOffset, HEADER_NUMBERS));
  const [documents, termCount, pairCount, largeCount, termBytes, idBytes] = header.slice(1) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const numbers = HEADER_NUMBERS + (documents + termCount) * 2 + pairCount + largeCount * 2;
  if (
    header.some((count) => count < 0) ||
    Math.max(documents, termCount) > PACKED_ID_LIMIT ||
    numbers * 4 + termBytes + idBytes !== bytes.byteLength
  ) {
    throw new KeywordIndexDamagedError('sizes do not add up');
  }
  const reader = new SectionReader(bytes, HEADER_NUMBERS);
  const lengths = reader.numbers(Int32Array, documents);
  const byTerm = {
    holders: reader.numbers(Int32Array, termCount),
    pairs: reader.numbers(Uint32Array, pairCount),
  };
  const largeFrequencies = reader.numbers(Int32Array, largeCount * 2);
  const termLengths = reader.numbers(Int32Array, termCount);
  const idLengths = reader.numbers(Int32Array, documents);
  const terms = split(reader.text(termBytes), termLengths);
  const ids = split(reader.text(idBytes), idLengths);
  checkLargeFrequencies(largeFrequencies, byTerm.pairs, checkLists(byTerm, documents));
  return { terms, ids, lengths, byTerm, largeFrequencies };
}

/**
 * The lists hold all the pairs, each naming documents in rising order, each with a frequency;
 * returns how many pairs are packed as large.
 */
function checkLists({ holders, pairs }: TermLists, documents: number): number {
  let position = 0;
  let largeCount = 0;
  for (let term = 0; term < holders.length; term += 1) {
    const count = holders[term]!;
    if (count < 0 || count > pairs.length - position) {
      throw new KeywordIndexDamagedError('the posting lists do not add up');
    }
    let previous = -1;
    for (const end = position + count; position < end; position += 1) {
      const pair = pairs[position]!;
      const document = pair >>> 8; // pairId and pairFrequency written out (packed-pairs.ts)
      const frequency = pair & 255;
      if (document <= previous || document >= documents || frequency === 0) {
        throw new KeywordIndexDamagedError('a posting list names no document');
      }
      if (frequency === LARGE_FREQUENCY) largeCount += 1;
      previous = document;
    }
  }
  if (position !== pairs.length)
    throw new KeywordIndexDamagedError('the posting lists do not add up');
  return largeCount;
}
