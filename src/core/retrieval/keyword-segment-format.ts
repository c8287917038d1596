import { ArchivistError } from '../errors.ts';
import type { KeywordSegment, TermLists } from '../ports/lexical-index.ts';
import { LARGE_FREQUENCY, PACKED_ID_LIMIT, packPair, pairFrequency } from './packed-pairs.ts';
import { invertPairs } from './postings.ts';

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
 * concatenated. With `byTerm` (format 4; decision 0018), two more sections follow the id
 * lengths: each term's holder count, then the packed pairs as posting lists, term after term, so
 * a load views the lists instead of building them. Numbers are in the platform's byte order
 * (little-endian on every browser), so decoding views them in place. Formats 1 and 2, two int32
 * a pair, are still read, their pairs packed as they are decoded (`packLegacyPairs`).
 */
export function encodeSegment(
  segment: KeywordSegment,
  options: { byTerm?: boolean } = {},
): Uint8Array {
  return joinBytes(encodeSegmentParts(segment, options));
}

/**
 * `encodeSegment`'s bytes as parts to be stored one after another: the segment's own number
 * arrays are viewed, not copied, so a collection's base (hundreds of MB at 500,000 chunks) is
 * written without a second copy in memory. The views stay valid while the segment is unchanged.
 */
export function encodeSegmentParts(
  segment: KeywordSegment,
  options: { byTerm?: boolean } = {},
): Uint8Array[] {
  const encoder = new TextEncoder();
  const termText = encoder.encode(segment.terms.join(''));
  const idText = encoder.encode(segment.ids.join(''));
  const documents = segment.ids.length;
  const byTerm = options.byTerm
    ? (segment.byTerm ?? invertPairs(segment.terms.length, segment.pairs, segment.pairEnds))
    : undefined;
  const magic = byTerm ? MAGIC_BY_TERM : MAGIC;
  const large = segment.largeFrequencies;
  const header = [magic, documents, segment.terms.length, segment.pairs.length, large.length / 2];
  const textLengths = Int32Array.from(
    [...segment.terms, ...segment.ids],
    (text: string) => text.length,
  );
  return [
    bytesOf(Int32Array.from([...header, termText.length, idText.length])),
    ...[segment.lengths, segment.pairEnds, segment.pairs, large, textLengths].map(bytesOf),
    ...(byTerm ? [bytesOf(byTerm.holders), bytesOf(byTerm.pairs)] : []),
    termText,
    idText,
  ];
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
function bytesOf(numbers: Int32Array | Uint32Array): Uint8Array {
  return new Uint8Array(numbers.buffer, numbers.byteOffset, numbers.byteLength);
}

/**
 * Whether `bytes` were written with `byTerm` in the current format (a base whose posting lists
 * load as views); a base of an older format is stored again.
 */
export function holdsTermLists(bytes: Uint8Array): boolean {
  // In the platform's byte order, as `encodeSegment` writes and `decodeSegment` reads it.
  return bytes.byteLength >= 4 && new Int32Array(bytes.slice(0, 4).buffer)[0] === MAGIC_BY_TERM;
}

/**
 * Reads `encodeSegment`'s bytes, or a segment of format 1 or 2 (its pairs packed as it is read);
 * throws `KeywordIndexDamagedError` when they do not add up.
 */
export function decodeSegment(input: Uint8Array): KeywordSegment {
  const bytes = input.byteOffset % 4 === 0 ? input : input.slice();
  const { headerNumbers, documents, termCount, pairCount, largeCount, legacy, stored, ...texts } =
    readHeader(bytes);
  let at = bytes.byteOffset + headerNumbers * 4;
  const section = <View>(
    type: new (buffer: ArrayBufferLike, offset: number, length: number) => View,
    length: number,
  ) => {
    const view = new type(bytes.buffer, at, length);
    at += length * 4;
    return view;
  };
  const numbers = (length: number) => section(Int32Array, length);
  const packed = (length: number) => section(Uint32Array, length);
  const lengths = numbers(documents);
  const pairEnds = numbers(documents);
  const { pairs, largeFrequencies } = legacy
    ? packLegacyPairs(numbers(pairCount * 2))
    : { pairs: packed(pairCount), largeFrequencies: numbers(largeCount * 2) };
  const termLengths = numbers(termCount);
  const idLengths = numbers(documents);
  const holders = stored ? numbers(termCount) : undefined;
  const byTerm = holders && {
    holders,
    pairs: legacy ? packLegacyPairs(numbers(pairCount * 2)).pairs : packed(pairCount),
  };
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const text = (length: number) => {
    const decoded = decoder.decode(new Uint8Array(bytes.buffer, at, length));
    at += length;
    return decoded;
  };
  const segment: KeywordSegment = {
    terms: split(text(texts.termBytes), termLengths),
    ids: split(text(texts.idBytes), idLengths),
    lengths,
    pairEnds,
    pairs,
    largeFrequencies,
    ...(byTerm ? { byTerm } : {}),
  };
  checkPairs(segment);
  if (byTerm) checkTermLists(byTerm, documents);
  return segment;
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

function split(text: string, lengths: Int32Array): string[] {
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
 * Pair ends rise to the pair count, every pair names a known term with a frequency, each large
 * frequency names a pair packed as large, and the lists count alike.
 */
function checkPairs(segment: KeywordSegment): void {
  const { terms, pairEnds, pairs, largeFrequencies: large, byTerm } = segment;
  let previous = 0;
  for (const end of pairEnds) {
    if (end < previous) throw new KeywordIndexDamagedError('pair ends go backwards');
    previous = end;
  }
  if (previous !== pairs.length) throw new KeywordIndexDamagedError('pairs do not add up');
  const holders = new Int32Array(terms.length);
  let largeCount = 0;
  for (let position = 0; position < pairs.length; position += 1) {
    const pair = pairs[position]!;
    const term = pair >>> 8; // pairId and pairFrequency written out (packed-pairs.ts)
    const frequency = pair & 255;
    if (term >= terms.length || frequency === 0) {
      throw new KeywordIndexDamagedError('a pair names no term');
    }
    if (frequency === LARGE_FREQUENCY) largeCount += 1;
    holders[term]! += 1;
  }
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
  if (byTerm && holders.some((count, term) => count !== byTerm.holders[term])) {
    throw new KeywordIndexDamagedError('the posting lists do not match the documents');
  }
}

/** Each stored list names documents in rising order, each with a frequency. */
function checkTermLists({ holders, pairs }: TermLists, documents: number): void {
  let position = 0;
  for (const count of holders) {
    let previous = -1;
    for (const end = position + count; position < end; position += 1) {
      const document = pairs[position]! >>> 8; // pairId, pairFrequency (packed-pairs.ts)
      if (document <= previous || document >= documents || (pairs[position]! & 255) === 0) {
        throw new KeywordIndexDamagedError('a posting list names no document');
      }
      previous = document;
    }
  }
}
