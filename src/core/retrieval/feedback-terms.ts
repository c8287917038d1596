import type { KeywordSegment } from '../ports/lexical-index.ts';
import { LARGE_FREQUENCY, pairFrequency, pairId } from './packed-pairs.ts';

/**
 * Pseudo-relevance feedback: the `count` terms that best characterise `feedback`'s documents,
 * each weighted by its frequency in a document over the document's length times its `rarity` in
 * the collection (0 for a term no document of it holds, which is skipped), summed over the
 * documents; `exclude`d terms skipped, weights 0-1 relative to the best one, equal weights in
 * the order the terms first occur.
 */
export function feedbackTerms(
  feedback: KeywordSegment,
  count: number,
  exclude: ReadonlySet<string>,
  rarity: (term: string) => number,
): Map<string, number> {
  const weights = new Map<string, number>();
  const large = feedback.largeFrequencies;
  let nextLarge = 0;
  let start = 0;
  feedback.pairEnds.forEach((end, document) => {
    const length = feedback.lengths[document]!;
    for (let position = start; position < end; position += 1) {
      const packed = feedback.pairs[position]!;
      let frequency = pairFrequency(packed);
      if (frequency === LARGE_FREQUENCY) {
        while (large[nextLarge]! < position) nextLarge += 2;
        frequency = large[nextLarge + 1]!;
      }
      const term = feedback.terms[pairId(packed)]!;
      if (exclude.has(term)) continue;
      const termRarity = rarity(term);
      if (termRarity === 0) continue;
      const weight = (frequency / length) * termRarity;
      weights.set(term, (weights.get(term) ?? 0) + weight);
    }
    start = end;
  });
  const top = [...weights].sort((left, right) => right[1] - left[1]).slice(0, count);
  const best = top[0]?.[1] ?? 1;
  return new Map(top.map(([term, weight]) => [term, weight / best]));
}
