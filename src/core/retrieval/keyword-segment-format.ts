import { ArchivistError } from '../errors.ts';
import type { KeywordSegment } from '../ports/lexical-index.ts';
import { LARGE_FREQUENCY, PACKED_ID_LIMIT, packPair, pairFrequency } from './packed-pairs.ts';

/** 'AKW1', 'AKW2': formats 1 and 2, two int32 a pair (decisions 0007, 0018); read, not written. */
const LEGACY_MAGIC = 0x41_4b_57_31;
const LEGACY_MAGIC_BY_TERM = 0x41_4b_57_32;
/** 'AKW3': packed pairs document after document (decision 0024). */
const MAGIC = 0x41_4b_57_33;
/** 'AKW4': format 3 followed by the same pairs term after term (a collection's base). */
const MAGIC_BY_TERM = 0x41_4b_57_34;
const LEGACY_HEADER_NUMBERS = 6;
const HEADER_NUMBERS = 7;

/** Stored keyword bytes that cannot be read; loading rebuilds the index from the chunks instead. */
export class KeywordIndexDamagedError extends ArchivistError {
  readonly name = 'KeywordIndexDamagedError';
  constructor(detail: string) {
    super(
      `The stored keyword index is damaged (${detail}); Archivist rebuilds it from the collection's chunks. If this keeps happening, delete the collection and add its folder again.`,
    );
  }
}

/**
 * The binary form of a segment (docs/decisions/0007-stored-keyword-index.md, 0024): a header of
 * seven int32 (magic, documents, terms, pairs, large frequencies, term text bytes, id text bytes),
 * then 32-bit sections (lengths, pair ends, packed pairs, large frequencies as (pair, frequency),
 * term lengths, id lengths, in UTF-16 units), then the terms' and the ids' UTF-8 text, each
 * concatenated. Numbers are in the platform's byte order (little-endian on every browser), so
 * decoding views them in place. Formats 1 and 2, two int32 a pair, are still read, their pairs
 * packed as they are decoded (`packLegacyPairs`); so are format 2 and 4 bases, which followed the
 * id lengths with the pairs again term after term (decision 0018; a base is stored in its own
 * format since decision 0027).
 */
export function encodeSegment(segment: KeywordSegment): Uint8Array {
  const { terms, ids, largeFrequencies: large } = segment;
  const header = [MAGIC, ids.length, terms.length, segment.pairs.length, large.length / 2];
  const { lengths, text } = encodeTexts(terms, ids);
  return joinBytes([
    bytesOf(Int32Array.from([...header, text.terms.length, text.ids.length])),
    ...[segment.lengths, segment.pairEnds, segment.pairs, large, lengths].map(bytesOf),
    text.terms,
    text.ids,
  ]);
}

/** The terms' and the ids' texts as UTF-8, and their lengths in UTF-16 units, terms first. */
export function encodeTexts(
  terms: readonly string[],
  ids: readonly string[],
): { lengths: Int32Array; text: { terms: Uint8Array; ids: Uint8Array } } {
  const encoder = new TextEncoder();
  return {
    lengths: Int32Array.from([...terms, ...ids], (text: string) => text.length),
    text: { terms: encoder.encode(terms.join('')), ids: encoder.encode(ids.join('')) },
  };
}

/** `parts` one after another in one array. */
export function joinBytes(parts: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((total, part) => total + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.byteLength;
  }
  return joined;
}

/** The bytes of `numbers`, in the platform's byte order, as a view. */
export function bytesOf(numbers: Int32Array | Uint32Array): Uint8Array {
  return new Uint8Array(numbers.buffer, numbers.byteOffset, numbers.byteLength);
}

/** The magic number `bytes` start with, in the platform's byte order; undefined when too short. */
export function magicOf(bytes: Uint8Array): number | undefined {
  return bytes.byteLength >= 4 ? new Int32Array(bytes.slice(0, 4).buffer)[0] : undefined;
}

/** The bytes at an offset a 32-bit view can start at (a copy only when they are not). */
export function aligned(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
}

/**
 * Reads `encodeSegment`'s bytes, or a segment of format 1 or 2 (its pairs packed as it is read),
 * or a base of format 2 or 4 as a segment; throws `KeywordIndexDamagedError` when they do not
 * add up.
 */
export function decodeSegment(input: Uint8Array): KeywordSegment {
  const bytes = aligned(input);
  const { headerNumbers, documents, termCount, pairCount, largeCount, legacy, stored, ...texts } =
    readHeader(bytes);
  const reader = new SectionReader(bytes, headerNumbers);
  const numbers = (length: number) => reader.numbers(Int32Array, length);
  const packed = (length: number) => reader.numbers(Uint32Array, length);
  const lengths = numbers(documents);
  const pairEnds = numbers(documents);
  const { pairs, largeFrequencies } = legacy
    ? packLegacyPairs(numbers(pairCount * 2))
    : { pairs: packed(pairCount), largeFrequencies: numbers(largeCount * 2) };
  const termLengths = numbers(termCount);
  const idLengths = numbers(documents);
  // A format 2 or 4 base's lists by term, not read: the pairs above hold the same.
  if (stored) reader.skip((termCount + pairCount * (legacy ? 2 : 1)) * 4);
  const segment: KeywordSegment = {
    terms: split(reader.text(texts.termBytes), termLengths),
    ids: split(reader.text(texts.idBytes), idLengths),
    lengths,
    pairEnds,
    pairs,
    largeFrequencies,
  };
  checkPairs(segment);
  return segment;
}

/**
 * Reads a stored segment's or base's sections one after another, from after its header of
 * `headerNumbers` int32: numbers as views of `bytes` (whose offset is a multiple of 4), texts as
 * strictly decoded UTF-8.
 */
export class SectionReader {
  readonly #bytes: Uint8Array;
  #at: number;
  readonly #decoder = new TextDecoder('utf-8', { fatal: true });

  constructor(bytes: Uint8Array, headerNumbers: number) {
    this.#bytes = bytes;
    this.#at = bytes.byteOffset + headerNumbers * 4;
  }

  /** The next `length` 32-bit numbers, as a view. */
  numbers<View>(
    type: new (buffer: ArrayBufferLike, offset: number, length: number) => View,
    length: number,
  ): View {
    const view = new type(this.#bytes.buffer, this.#at, length);
    this.#at += length * 4;
    return view;
  }

  /** The next `length` bytes of UTF-8 text. */
  text(length: number): string {
    const decoded = this.#decoder.decode(new Uint8Array(this.#bytes.buffer, this.#at, length));
    this.#at += length;
    return decoded;
  }

  skip(bytes: number): void {
    this.#at += bytes;
  }
}

/** The header's counts, checked against the number of bytes. */
function readHeader(bytes: Uint8Array) {
  if (bytes.byteLength < LEGACY_HEADER_NUMBERS * 4) throw new KeywordIndexDamagedError('too short');
  const magic = new Int32Array(bytes.buffer, bytes.byteOffset, 1)[0];
  const legacy = magic === LEGACY_MAGIC || magic === LEGACY_MAGIC_BY_TERM;
  if (!legacy && magic !== MAGIC && magic !== MAGIC_BY_TERM) {
    throw new KeywordIndexDamagedError('unknown format');
  }
  const headerNumbers = legacy ? LEGACY_HEADER_NUMBERS : HEADER_NUMBERS;
  if (bytes.byteLength < headerNumbers * 4) throw new KeywordIndexDamagedError('too short');
  const header = Array.from(new Int32Array(bytes.buffer, bytes.byteOffset, headerNumbers));
  const [documents, termCount, pairCount] = header.slice(1, 4) as [number, number, number];
  const largeCount = legacy ? 0 : header[4]!;
  const [termBytes, idBytes] = header.slice(-2) as [number, number];
  const stored = magic === MAGIC_BY_TERM || magic === LEGACY_MAGIC_BY_TERM;
  const pairNumbers = legacy ? pairCount * 2 : pairCount;
  const numbers =
    headerNumbers + documents * 3 + (pairNumbers + termCount) * (stored ? 2 : 1) + largeCount * 2;
  if (
    header.some((count) => count < 0) ||
    Math.max(documents, termCount) > PACKED_ID_LIMIT ||
    numbers * 4 + termBytes + idBytes !== bytes.byteLength
  ) {
    throw new KeywordIndexDamagedError('sizes do not add up');
  }
  return {
    headerNumbers,
    documents,
    termCount,
    pairCount,
    largeCount,
    legacy,
    stored,
    termBytes,
    idBytes,
  };
}

/** Format 1 and 2's pairs, two int32 each, packed. */
function packLegacyPairs(numbers: Int32Array): Pick<KeywordSegment, 'pairs' | 'largeFrequencies'> {
  const pairs = new Uint32Array(numbers.length / 2);
  const large: number[] = [];
  for (let pair = 0; pair < pairs.length; pair += 1) {
    const id = numbers[pair * 2]!;
    const frequency = numbers[pair * 2 + 1]!;
    if (id < 0 || id >= PACKED_ID_LIMIT || frequency <= 0) {
      throw new KeywordIndexDamagedError('a pair names nothing');
    }
    if (frequency >= LARGE_FREQUENCY) large.push(pair, frequency);
    pairs[pair] = packPair(id, frequency);
  }
  return { pairs, largeFrequencies: Int32Array.from(large) };
}

/** `text` cut into parts of `lengths` (UTF-16 units), which must add up to all of it. */
export function split(text: string, lengths: Int32Array): string[] {
  const parts = new Array<string>(lengths.length);
  let start = 0;
  for (let index = 0; index < lengths.length; index += 1) {
    const end = start + lengths[index]!;
    parts[index] = text.slice(start, end);
    start = end;
  }
  if (start !== text.length) throw new KeywordIndexDamagedError('texts do not add up');
  return parts;
}

/**
 * Pair ends rise to the pair count, every pair names a known term with a frequency, and each
 * pair packed as large has its large frequency.
 */
function checkPairs(segment: KeywordSegment): void {
  const { terms, pairEnds, pairs, largeFrequencies: large } = segment;
  let previous = 0;
  for (const end of pairEnds) {
    if (end < previous) throw new KeywordIndexDamagedError('pair ends go backwards');
    previous = end;
  }
  if (previous !== pairs.length) throw new KeywordIndexDamagedError('pairs do not add up');
  let largeCount = 0;
  for (let position = 0; position < pairs.length; position += 1) {
    const pair = pairs[position]!;
    const term = pair >>> 8; // pairId and pairFrequency written out (packed-pairs.ts)
    const frequency = pair & 255;
    if (term >= terms.length || frequency === 0) {
      throw new KeywordIndexDamagedError('a pair names no term');
    }
    if (frequency === LARGE_FREQUENCY) largeCount += 1;
  }
  checkLargeFrequencies(large, pairs, largeCount);
}

/**
 * Each (pair, frequency) entry of `large` names a later pair of `pairs` packed as large with a
 * large frequency, and there are `largeCount` of them.
 */
export function checkLargeFrequencies(
  large: Int32Array,
  pairs: Uint32Array,
  largeCount: number,
): void {
  let previousPair = -1;
  for (let entry = 0; entry < large.length; entry += 2) {
    const pair = large[entry]!;
    if (
      pair <= previousPair ||
      pair >= pairs.length ||
      pairFrequency(pairs[pair]!) !== LARGE_FREQUENCY ||
      large[entry + 1]! < LARGE_FREQUENCY
    ) {
      throw new KeywordIndexDamagedError('a large frequency names no pair');
    }
    previousPair = pair;
  }
  if (large.length !== largeCount * 2) {
    throw new KeywordIndexDamagedError('large frequencies do not add up');
  }
}
