import type { KeywordSegment } from '../ports/lexical-index.ts';
import type { Chunk } from '../types.ts';
import { keywordText } from './index-text.ts';
import { LARGE_FREQUENCY, packPair } from './packed-pairs.ts';
import { analyze } from './text-analysis.ts';

/** Tokenises documents once into a segment: the only place keyword search reads their text. */
export function analyzeDocuments(
  documents: readonly { id: string; text: string }[],
): KeywordSegment {
  const positionOf = new Map<string, number>();
  const terms: string[] = [];
  const lengths = new Int32Array(documents.length);
  const pairEnds = new Int32Array(documents.length);
  let pairs = new Uint32Array(512);
  let end = 0;
  const large: number[] = [];
  const counts = new Map<number, number>();
  documents.forEach((document, index) => {
    const tokens = analyze(document.text);
    for (const term of tokens) {
      let position = positionOf.get(term);
      if (position === undefined) {
        position = terms.push(term) - 1;
        positionOf.set(term, position);
      }
      counts.set(position, (counts.get(position) ?? 0) + 1);
    }
    if (pairs.length < end + counts.size) {
      const grown = new Uint32Array(Math.max(pairs.length * 2, end + counts.size));
      grown.set(pairs);
      pairs = grown;
    }
    // A Map iterates in insertion order: the terms' first occurrences.
    for (const [position, count] of counts) {
      if (count >= LARGE_FREQUENCY) large.push(end, count);
      pairs[end] = packPair(position, count);
      end += 1;
    }
    counts.clear();
    lengths[index] = tokens.length;
    pairEnds[index] = end;
  });
  return {
    terms,
    ids: documents.map(({ id }) => id),
    lengths,
    pairEnds,
    pairs: pairs.slice(0, end),
    largeFrequencies: Int32Array.from(large),
  };
}

/** A file's chunks as keyword search indexes them (`keywordText`: heading path, then text). */
export function chunkKeywords(chunks: readonly Chunk[]): KeywordSegment {
  return analyzeDocuments(chunks.map((chunk) => ({ id: chunk.id, text: keywordText(chunk) })));
}
