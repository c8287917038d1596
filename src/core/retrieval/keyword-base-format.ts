import type { KeywordBase, KeywordVocabulary, TermLists } from '../ports/lexical-index.ts';
import { runAtOnce, type SlicedWork } from '../time-slices.ts';
import { baseOf } from './keyword-base.ts';
import {
  aligned,
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

/** Bytes of a base's header: enough to find its sections (`baseLayout`). */
export const BASE_HEADER_BYTES = HEADER_NUMBERS * 4;

/** Where a current-format base keeps its sections, from its header (`baseLayout`). */
export interface BaseLayout {
  documents: number;
  termCount: number;
  pairCount: number;
  largeCount: number;
  termBytes: number;
  idBytes: number;
  /** The byte offsets of the pairs, term after term: the vocabulary lies before and after. */
  pairsStart: number;
  pairsEnd: number;
}

/**
 * The sections of a base of `size` bytes whose first `BASE_HEADER_BYTES` are `header`, or
 * `undefined` for a base of an older format; throws `KeywordIndexDamagedError` when they do not
 * add up.
 */
export function baseLayout(header: Uint8Array, size: number): BaseLayout | undefined {
  if (header.byteLength < BASE_HEADER_BYTES) throw new KeywordIndexDamagedError('too short');
  if (!isCurrentBase(header)) return undefined;
  const numbers = Array.from(new Int32Array(header.slice(0, BASE_HEADER_BYTES).buffer));
  const [documents, termCount, pairCount, largeCount, termBytes, idBytes] = numbers.slice(1) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const sectionNumbers = HEADER_NUMBERS + (documents + termCount) * 2 + pairCount + largeCount * 2;
  if (
    numbers.some((count) => count < 0) ||
    Math.max(documents, termCount) > PACKED_ID_LIMIT ||
    sectionNumbers * 4 + termBytes + idBytes !== size
  ) {
    throw new KeywordIndexDamagedError('sizes do not add up');
  }
  const pairsStart = (HEADER_NUMBERS + documents + termCount) * 4;
  return {
    ...{ documents, termCount, pairCount, largeCount, termBytes, idBytes },
    pairsStart,
    pairsEnd: pairsStart + pairCount * 4,
  };
}

/**
 * Reads `encodeBaseParts`'s bytes, or a base of an older format (a segment, its lists built from
 * its pairs); throws `KeywordIndexDamagedError` when they do not add up.
 */
export function decodeBase(input: Uint8Array): KeywordBase {
  if (!isCurrentBase(input)) return baseOf(decodeSegment(input));
  const bytes = aligned(input);
  const layout = baseLayout(bytes.subarray(0, BASE_HEADER_BYTES), bytes.byteLength)!;
  const { pairsStart, pairsEnd } = layout;
  const vocabulary = decodeVocabulary(
    bytes.subarray(0, pairsStart),
    bytes.subarray(pairsEnd),
    layout,
  );
  const pairs = new Uint32Array(bytes.buffer, bytes.byteOffset + pairsStart, layout.pairCount);
  const byTerm = { holders: vocabulary.holders, pairs };
  runAtOnce(checkingLists(byTerm, layout.documents, vocabulary.largeFrequencies));
  return { ...vocabulary, byTerm };
}

/**
 * Everything of a base but its pairs, from its bytes before them (`head`: `[0, pairsStart)`) and
 * after them (`tail`: `[pairsEnd, size)`), each starting at a multiple of 4 bytes in its buffer:
 * what a load needs to search once it has the lists of the query's terms. Throws
 * `KeywordIndexDamagedError` when the counts or texts do not add up, or a large frequency is out
 * of order (whether it names a pair packed as large is checked with the pairs).
 */
export function decodeVocabulary(
  head: Uint8Array,
  tail: Uint8Array,
  layout: BaseLayout,
): KeywordVocabulary {
  const { documents, termCount, pairCount, largeCount, termBytes, idBytes } = layout;
  const tailBytes = (largeCount * 2 + termCount + documents) * 4 + termBytes + idBytes;
  if (
    head.byteLength !== layout.pairsStart ||
    tail.byteLength !== tailBytes ||
    head.byteOffset % 4 ||
    tail.byteOffset % 4
  ) {
    throw new KeywordIndexDamagedError('sizes do not add up');
  }
  const before = new SectionReader(head, HEADER_NUMBERS);
  const lengths = before.numbers(Int32Array, documents);
  const holders = before.numbers(Int32Array, termCount);
  const after = new SectionReader(tail, 0);
  const largeFrequencies = after.numbers(Int32Array, largeCount * 2);
  const termLengths = after.numbers(Int32Array, termCount);
  const idLengths = after.numbers(Int32Array, documents);
  const terms = split(after.text(termBytes), termLengths);
  const ids = split(after.text(idBytes), idLengths);
  let listed = 0;
  for (const count of holders) {
    if (count < 0 || count > documents) throw new KeywordIndexDamagedError('a list does not fit');
    listed += count;
  }
  let previous = -1;
  for (let entry = 0; entry < largeFrequencies.length; entry += 2) {
    const position = largeFrequencies[entry]!;
    if (position <= previous || position >= pairCount) {
      throw new KeywordIndexDamagedError('a large frequency names no pair');
    }
    previous = position;
  }
  if (listed !== pairCount) throw new KeywordIndexDamagedError('the posting lists do not add up');
  return { terms, ids, lengths, holders, largeFrequencies };
}

/** Pairs checked between two pauses of `checkingLists`. */
const PAIRS_CHECKED_PER_STEP = 1 << 18;

/**
 * `decodeBase`'s check of a base's lists, as sliced work (pausing every `PAIRS_CHECKED_PER_STEP`
 * pairs or so): they hold all the pairs, each naming documents below `documents` in rising order,
 * each with a frequency, and `largeFrequencies` name exactly the pairs packed as large.
 */
export function* checkingLists(
  { holders, pairs }: TermLists,
  documents: number,
  largeFrequencies: Int32Array,
): SlicedWork<void> {
  let position = 0;
  let largeCount = 0;
  let pause = PAIRS_CHECKED_PER_STEP;
  for (let term = 0; term < holders.length; term += 1) {
    const count = holders[term]!;
    if (count < 0 || count > pairs.length - position) {
      throw new KeywordIndexDamagedError('the posting lists do not add up');
    }
    largeCount += checkList(pairs.subarray(position, position + count), documents);
    position += count;
    if (position >= pause) {
      pause = position + PAIRS_CHECKED_PER_STEP;
      yield;
    }
  }
  if (position !== pairs.length)
    throw new KeywordIndexDamagedError('the posting lists do not add up');
  checkLargeFrequencies(largeFrequencies, pairs, largeCount);
}

/**
 * One posting list names documents below `documents` in rising order, each with a frequency;
 * returns how many of its pairs are packed as large.
 */
export function checkList(list: Uint32Array, documents: number): number {
  let largeCount = 0;
  let previous = -1;
  for (let position = 0; position < list.length; position += 1) {
    const pair = list[position]!;
    const document = pair >>> 8; // pairId and pairFrequency written out (packed-pairs.ts)
    const frequency = pair & 255;
    if (document <= previous || document >= documents || frequency === 0) {
      throw new KeywordIndexDamagedError('a posting list names no document');
    }
    if (frequency === LARGE_FREQUENCY) largeCount += 1;
    previous = document;
  }
  return largeCount;
}
