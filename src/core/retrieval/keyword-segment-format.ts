import { ArchivistError } from '../errors.ts';
import type { KeywordSegment, TermLists } from '../ports/lexical-index.ts';
import { invertPairs } from './postings.ts';

/** 'AKW1': Archivist keyword segment, format 1: the pairs document after document. */
const MAGIC = 0x41_4b_57_31;
/** 'AKW2': format 1 followed by the same pairs term after term (a collection's base). */
const MAGIC_BY_TERM = 0x41_4b_57_32;
const HEADER_NUMBERS = 6;

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
 * The binary form of a segment (docs/decisions/0007-stored-keyword-index.md): a header of six
 * int32 (magic, documents, terms, pairs, term text bytes, id text bytes), then int32 sections
 * (lengths, pair ends, pairs, term lengths, id lengths, in UTF-16 units), then the terms' and the
 * ids' UTF-8 text, each concatenated. With `byTerm` (format 2, decision 0018), two more int32
 * sections follow the id lengths: each term's holder count, then the pairs as posting lists,
 * term after term, so a load views the lists instead of building them. Numbers are in the
 * platform's byte order (little-endian on every browser), so decoding views them in place.
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
  const header = [magic, documents, segment.terms.length, segment.pairs.length / 2];
  const textLengths = Int32Array.from(
    [...segment.terms, ...segment.ids],
    (text: string) => text.length,
  );
  return [
    bytesOf(Int32Array.from([...header, termText.length, idText.length])),
    ...[segment.lengths, segment.pairEnds, segment.pairs, textLengths].map(bytesOf),
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
function bytesOf(numbers: Int32Array): Uint8Array {
  return new Uint8Array(numbers.buffer, numbers.byteOffset, numbers.byteLength);
}

/** Whether `bytes` were written with `byTerm` (a base whose posting lists load as views). */
export function holdsTermLists(bytes: Uint8Array): boolean {
  // In the platform's byte order, as `encodeSegment` writes and `decodeSegment` reads it.
  return bytes.byteLength >= 4 && new Int32Array(bytes.slice(0, 4).buffer)[0] === MAGIC_BY_TERM;
}

/** Reads `encodeSegment`'s bytes; throws `KeywordIndexDamagedError` when they do not add up. */
export function decodeSegment(input: Uint8Array): KeywordSegment {
  const bytes = input.byteOffset % 4 === 0 ? input : input.slice();
  if (bytes.byteLength < HEADER_NUMBERS * 4) throw new KeywordIndexDamagedError('too short');
  const header = new Int32Array(bytes.buffer, bytes.byteOffset, HEADER_NUMBERS);
  const [magic, documents, termCount, pairCount, termBytes, idBytes] =
    header as unknown as number[];
  if (magic !== MAGIC && magic !== MAGIC_BY_TERM) {
    throw new KeywordIndexDamagedError('unknown format');
  }
  const stored = magic === MAGIC_BY_TERM;
  const numbers =
    HEADER_NUMBERS + documents! * 3 + (pairCount! * 2 + termCount!) * (stored ? 2 : 1);
  if (
    [documents, termCount, pairCount, termBytes, idBytes].some((count) => count! < 0) ||
    numbers * 4 + termBytes! + idBytes! !== bytes.byteLength
  ) {
    throw new KeywordIndexDamagedError('sizes do not add up');
  }
  let at = bytes.byteOffset + HEADER_NUMBERS * 4;
  const section = (length: number) => {
    const view = new Int32Array(bytes.buffer, at, length);
    at += length * 4;
    return view;
  };
  const lengths = section(documents!);
  const pairEnds = section(documents!);
  const pairs = section(pairCount! * 2);
  const termLengths = section(termCount!);
  const idLengths = section(documents!);
  const byTerm = stored
    ? { holders: section(termCount!), pairs: section(pairCount! * 2) }
    : undefined;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const text = (length: number) => {
    const decoded = decoder.decode(new Uint8Array(bytes.buffer, at, length));
    at += length;
    return decoded;
  };
  const segment: KeywordSegment = {
    terms: split(text(termBytes!), termLengths),
    ids: split(text(idBytes!), idLengths),
    lengths,
    pairEnds,
    pairs,
    ...(byTerm ? { byTerm } : {}),
  };
  checkPairs(segment);
  if (byTerm) checkTermLists(byTerm, documents!);
  return segment;
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

/** Pair ends rise to the pair count, every pair names a known term, the lists count alike. */
function checkPairs({ terms, pairEnds, pairs, byTerm }: KeywordSegment): void {
  let previous = 0;
  for (const end of pairEnds) {
    if (end < previous) throw new KeywordIndexDamagedError('pair ends go backwards');
    previous = end;
  }
  if (previous * 2 !== pairs.length) throw new KeywordIndexDamagedError('pairs do not add up');
  const holders = new Int32Array(terms.length);
  for (let position = 0; position < pairs.length; position += 2) {
    const term = pairs[position]!;
    if (term < 0 || term >= terms.length || pairs[position + 1]! <= 0) {
      throw new KeywordIndexDamagedError('a pair names no term');
    }
    holders[term]! += 1;
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
    for (const end = position + count * 2; position < end; position += 2) {
      const document = pairs[position]!;
      if (document <= previous || document >= documents || pairs[position + 1]! <= 0) {
        throw new KeywordIndexDamagedError('a posting list names no document');
      }
      previous = document;
    }
  }
}
