import { ArchivistError } from '../errors.ts';
import type { KeywordSegment } from '../ports/lexical-index.ts';

/** 'AKW1': Archivist keyword segment, format 1. */
const MAGIC = 0x41_4b_57_31;
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
 * ids' UTF-8 text, each concatenated. Numbers are in the platform's byte order (little-endian on
 * every browser), so decoding views them in place without a copy.
 */
export function encodeSegment(segment: KeywordSegment): Uint8Array {
  const encoder = new TextEncoder();
  const termText = encoder.encode(segment.terms.join(''));
  const idText = encoder.encode(segment.ids.join(''));
  const documents = segment.ids.length;
  const pairCount = segment.pairs.length / 2;
  const numbers = HEADER_NUMBERS + documents * 3 + segment.pairs.length + segment.terms.length;
  const bytes = new Uint8Array(numbers * 4 + termText.length + idText.length);
  const ints = new Int32Array(bytes.buffer, 0, numbers);
  ints.set([MAGIC, documents, segment.terms.length, pairCount, termText.length, idText.length]);
  let at = HEADER_NUMBERS;
  for (const section of [segment.lengths, segment.pairEnds, segment.pairs]) {
    ints.set(section, at);
    at += section.length;
  }
  for (const list of [segment.terms, segment.ids]) {
    for (const text of list) ints[at++] = text.length;
  }
  bytes.set(termText, numbers * 4);
  bytes.set(idText, numbers * 4 + termText.length);
  return bytes;
}

/** Reads `encodeSegment`'s bytes; throws `KeywordIndexDamagedError` when they do not add up. */
export function decodeSegment(input: Uint8Array): KeywordSegment {
  const bytes = input.byteOffset % 4 === 0 ? input : input.slice();
  if (bytes.byteLength < HEADER_NUMBERS * 4) throw new KeywordIndexDamagedError('too short');
  const header = new Int32Array(bytes.buffer, bytes.byteOffset, HEADER_NUMBERS);
  const [magic, documents, termCount, pairCount, termBytes, idBytes] =
    header as unknown as number[];
  if (magic !== MAGIC) throw new KeywordIndexDamagedError('unknown format');
  const numbers = HEADER_NUMBERS + documents! * 3 + pairCount! * 2 + termCount!;
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
  };
  checkPairs(segment);
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

/** Pair ends rise to the pair count and every pair names a known term. */
function checkPairs({ terms, pairEnds, pairs }: KeywordSegment): void {
  let previous = 0;
  for (const end of pairEnds) {
    if (end < previous) throw new KeywordIndexDamagedError('pair ends go backwards');
    previous = end;
  }
  if (previous * 2 !== pairs.length) throw new KeywordIndexDamagedError('pairs do not add up');
  for (let position = 0; position < pairs.length; position += 2) {
    const term = pairs[position]!;
    if (term < 0 || term >= terms.length || pairs[position + 1]! <= 0) {
      throw new KeywordIndexDamagedError('a pair names no term');
    }
  }
}
