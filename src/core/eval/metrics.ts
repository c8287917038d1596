/** Retrieval and answer metrics used by the eval command. */

/** Share of `gold` found among `retrieved` (the caller passes the top k). */
export function recall(retrieved: readonly string[], gold: readonly string[]): number {
  if (gold.length === 0) return 0;
  const found = new Set(retrieved);
  return gold.filter((item) => found.has(item)).length / gold.length;
}

/** 1 when every gold item is among `retrieved`, else 0. */
export function allFound(retrieved: readonly string[], gold: readonly string[]): number {
  const found = new Set(retrieved);
  return gold.every((item) => found.has(item)) ? 1 : 0;
}

/** Reciprocal rank of the first gold item in `ranked`, 0 when none is there. */
export function reciprocalRank(ranked: readonly string[], gold: readonly string[]): number {
  const wanted = new Set(gold);
  const index = ranked.findIndex((item) => wanted.has(item));
  return index < 0 ? 0 : 1 / (index + 1);
}

/** SQuAD answer normalisation: lower case, no punctuation, no articles, single spaces. */
export function normalizeAnswer(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\b(a|an|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Exact match against any of the accepted answers, after normalisation. */
export function exactMatch(prediction: string, answers: readonly string[]): number {
  const normalized = normalizeAnswer(prediction);
  return answers.some((answer) => normalizeAnswer(answer) === normalized) ? 1 : 0;
}

/** Best token-level F1 against the accepted answers. */
export function tokenF1(prediction: string, answers: readonly string[]): number {
  const predicted = normalizeAnswer(prediction).split(' ').filter(Boolean);
  let best = 0;
  for (const answer of answers) {
    const expected = normalizeAnswer(answer).split(' ').filter(Boolean);
    if (predicted.length === 0 || expected.length === 0) {
      best = Math.max(best, predicted.length === expected.length ? 1 : 0);
      continue;
    }
    const counts = new Map<string, number>();
    for (const token of expected) counts.set(token, (counts.get(token) ?? 0) + 1);
    let overlap = 0;
    for (const token of predicted) {
      const count = counts.get(token) ?? 0;
      if (count > 0) {
        overlap += 1;
        counts.set(token, count - 1);
      }
    }
    if (overlap === 0) continue;
    const precision = overlap / predicted.length;
    const recallValue = overlap / expected.length;
    best = Math.max(best, (2 * precision * recallValue) / (precision + recallValue));
  }
  return best;
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}
