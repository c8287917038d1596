import type { KeywordSegment } from '../ports/lexical-index.ts';
import type { DocumentPairs } from './document-pairs.ts';
import {
  LARGE_FREQUENCY,
  type LargeFrequencies,
  pairFrequency,
  pairId,
  withPairId,
} from './packed-pairs.ts';
import type { PostingLists } from './postings.ts';

/** A keyword index's slots as `Bm25Index` keeps them; a removed document's length is -1. */
export interface IndexedDocuments {
  postings: PostingLists;
  ids: readonly string[];
  lengths: readonly number[];
  pairs: DocumentPairs;
  largeFrequencies: LargeFrequencies;
}

/**
 * The live documents as a segment, terms numbered by first use, its pairs written document
 * after document into `target(count)`, which may be the pool they are read from.
 */
export function liveSegment(
  documents: IndexedDocuments,
  target: (count: number) => Uint32Array,
): KeywordSegment {
  const { postings, lengths: slotLengths } = documents;
  const positionOf = new Int32Array(postings.termCount).fill(-1);
  const terms: string[] = [];
  const ids: string[] = [];
  const lengths: number[] = [];
  const ends: number[] = [];
  const chosen: { slot: number; pairs: Uint32Array }[] = [];
  let pairCount = 0;
  documents.ids.forEach((id, slot) => {
    if (slotLengths[slot]! < 0) return;
    const pairs = documents.pairs.get(slot);
    ids.push(id);
    lengths.push(slotLengths[slot]!);
    chosen.push({ slot, pairs });
    pairCount += pairs.length;
    ends.push(pairCount);
  });
  const pairs = target(pairCount);
  const large: number[] = [];
  let at = 0;
  for (const { slot, pairs: documentPairs } of chosen) {
    for (const packed of documentPairs) {
      const termId = pairId(packed);
      if (positionOf[termId] === -1) positionOf[termId] = terms.push(postings.term(termId)) - 1;
      if (pairFrequency(packed) === LARGE_FREQUENCY) {
        large.push(at, documents.largeFrequencies.get(termId, slot));
      }
      pairs[at++] = withPairId(packed, positionOf[termId]!);
    }
  }
  return {
    terms,
    ids,
    lengths: Int32Array.from(lengths),
    pairEnds: Int32Array.from(ends),
    pairs,
    largeFrequencies: Int32Array.from(large),
  };
}
