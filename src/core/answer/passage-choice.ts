/**
 * Which retrieved passages an answer without a model shows: the best passage of each file, the
 * best-ranked file first, then the files that cover what the question asks and the passages
 * chosen so far leave out.
 */
import { analyze } from '../retrieval/text-analysis.ts';

/** Passages read and shown: enough to hold a two-part answer, few enough to read at a glance. */
export const PASSAGES_SHOWN = 3;

/**
 * Files the choice looks at, in rank order. Measured on shared/eval/dev (share of gold files
 * shown, hotpotqa): 5 files 0.779, 10 files 0.795, 20 files 0.792; rank order alone 0.748.
 */
export const FILES_CONSIDERED = 10;

export interface FiledPassage {
  collectionId: string;
  path: string;
  text: string;
}

/** The first (best-ranked) passage of each file, in rank order, at most `count`. */
export function onePerFile<Passage extends FiledPassage>(
  ranked: readonly Passage[],
  count: number,
): Passage[] {
  const seen = new Set<string>();
  const chosen: Passage[] = [];
  for (const passage of ranked) {
    const key = `${passage.collectionId}\u0000${passage.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    chosen.push(passage);
    if (chosen.length === count) break;
  }
  return chosen;
}

/**
 * `count` passages of distinct files for `question`: the best-ranked file's passage, then, one at
 * a time, the passage among the first {@link FILES_CONSIDERED} files that adds the most question
 * terms not yet covered, each term weighing more the fewer of those passages contain it (ties and
 * passages adding nothing go by rank). A question joining two facts ("Which band released X and
 * had a drummer who…") needs the passages of both; rank order alone shows the best file's
 * neighbours, which often repeat its half. Result in the order chosen.
 */
export function coveringPassages<Passage extends FiledPassage>(
  question: string,
  ranked: readonly Passage[],
  count: number,
): Passage[] {
  const pool = onePerFile(ranked, FILES_CONSIDERED).map((passage) => ({
    passage,
    terms: new Set(analyze(passage.text)),
  }));
  const questionTerms = [...new Set(analyze(question))];
  const weight = new Map<string, number>();
  for (const term of questionTerms) {
    const containing = pool.filter(({ terms }) => terms.has(term)).length;
    weight.set(term, containing === 0 ? 0 : Math.log(1 + pool.length / containing));
  }
  const chosen: typeof pool = [];
  const covered = new Set<string>();
  while (chosen.length < Math.min(count, pool.length)) {
    let best = pool.find((candidate) => !chosen.includes(candidate))!;
    let bestGain = 0;
    for (const candidate of pool) {
      if (chosen.includes(candidate)) continue;
      const gain = questionTerms
        .filter((term) => !covered.has(term) && candidate.terms.has(term))
        .reduce((sum, term) => sum + weight.get(term)!, 0);
      if (chosen.length > 0 && gain > bestGain) {
        best = candidate;
        bestGain = gain;
      }
    }
    chosen.push(best);
    for (const term of best.terms) covered.add(term);
  }
  return chosen.map(({ passage }) => passage);
}
