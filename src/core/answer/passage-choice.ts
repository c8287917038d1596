/** Which retrieved passages an answer without a model shows: the best one of each file. */

/** Passages read and shown: enough to hold a two-part answer, few enough to read at a glance. */
export const PASSAGES_SHOWN = 3;

export interface FiledPassage {
  collectionId: string;
  path: string;
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
