import type { KeywordSegment } from '../../src/core/ports/lexical-index.ts';
import { encodeSegment } from '../../src/core/retrieval/keyword-segment-format.ts';
import { pairFrequency, pairId } from '../../src/core/retrieval/packed-pairs.ts';
import { invertPairs } from '../../src/core/retrieval/postings.ts';

/**
 * `segment` as a base of format 4 stored it (decision 0018): format 3 with the pairs again term
 * after term (holders, then lists) between the id lengths and the texts.
 */
export function format4Bytes(segment: KeywordSegment): Uint8Array {
  const current = encodeSegment(segment);
  const lists = invertPairs(segment.terms.length, segment.pairs, segment.pairEnds);
  const header = new Int32Array(current.slice(0, 28).buffer);
  header[0] = 0x41_4b_57_34;
  const numbers = 7 + segment.ids.length * 3 + segment.pairs.length + segment.terms.length;
  const textsAt = (numbers + segment.largeFrequencies.length) * 4;
  return new Uint8Array([
    ...new Uint8Array(header.buffer),
    ...current.subarray(28, textsAt),
    ...new Uint8Array(lists.holders.buffer),
    ...new Uint8Array(lists.pairs.buffer),
    ...current.subarray(textsAt),
  ]);
}

/** `segment` as formats 1 and 2 stored it: two int32 a pair (decisions 0007, 0018). */
export function legacyBytes(segment: KeywordSegment, byTerm: boolean): Uint8Array {
  const encoder = new TextEncoder();
  const termText = encoder.encode(segment.terms.join(''));
  const idText = encoder.encode(segment.ids.join(''));
  const exact = (
    pairs: Uint32Array,
    ids: (pair: number) => number,
    frequency: (pair: number) => number,
  ) => [...pairs].flatMap((pair, index) => [ids(pair), frequency(index)]);
  const large = new Map<number, number>();
  for (let entry = 0; entry < segment.largeFrequencies.length; entry += 2) {
    large.set(segment.largeFrequencies[entry]!, segment.largeFrequencies[entry + 1]!);
  }
  const documentPairs = exact(
    segment.pairs,
    pairId,
    (index) => large.get(index) ?? pairFrequency(segment.pairs[index]!),
  );
  const lists = invertPairs(segment.terms.length, segment.pairs, segment.pairEnds);
  const frequencyOf = new Map<string, number>();
  let document = 0;
  segment.pairs.forEach((pair, index) => {
    while (segment.pairEnds[document]! <= index) document += 1;
    frequencyOf.set(`${pairId(pair)} ${document}`, documentPairs[index * 2 + 1]!);
  });
  const termPairs: number[] = [];
  let position = 0;
  lists.holders.forEach((count, term) => {
    for (const pair of lists.pairs.subarray(position, position + count)) {
      termPairs.push(pairId(pair), frequencyOf.get(`${term} ${pairId(pair)}`)!);
    }
    position += count;
  });
  const numbers = [
    byTerm ? 0x41_4b_57_32 : 0x41_4b_57_31,
    segment.ids.length,
    segment.terms.length,
    segment.pairs.length,
    termText.length,
    idText.length,
    ...segment.lengths,
    ...segment.pairEnds,
    ...documentPairs,
    ...segment.terms.map((term) => term.length),
    ...segment.ids.map((id) => id.length),
    ...(byTerm ? [...lists.holders, ...termPairs] : []),
  ];
  const bytes = new Uint8Array(numbers.length * 4 + termText.length + idText.length);
  new Int32Array(bytes.buffer, 0, numbers.length).set(numbers);
  bytes.set(termText, numbers.length * 4);
  bytes.set(idText, numbers.length * 4 + termText.length);
  return bytes;
}
