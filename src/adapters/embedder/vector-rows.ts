/**
 * Pure helpers of the embedder: batch ordering, and pooling token vectors into unit sentence
 * vectors (the pipeline's `pooling` + `normalize`, without its per-element BigInt reads).
 */
import type { Pooling } from '../../catalogues/embedding-models.ts';

/**
 * Indices of `texts` ordered by length, longest first, so that each batch holds texts of similar
 * length and little padding. Ties keep input order.
 */
export function orderByLength(texts: readonly string[]): number[] {
  return texts
    .map((_, index) => index)
    .sort((a, b) => texts[b]!.length - texts[a]!.length || a - b);
}

/** True when the text has nothing but whitespace: its row is zero without running the model. */
export function isBlank(text: string): boolean {
  return text.trim().length === 0;
}

/** Token vectors of one batch: `hidden` is `[rows, tokens, dim]` flat; `mask` is `[rows, tokens]`. */
export interface TokenStates {
  hidden: ArrayLike<number>;
  mask: ArrayLike<number>;
  rows: number;
  tokens: number;
  dim: number;
}

/** Rescales `target[offset .. offset + dim)` to unit length; a zero or non-finite row becomes zero. */
export function normaliseInPlace(target: Float32Array, offset: number, dim: number): void {
  let sum = 0;
  for (let k = 0; k < dim; k += 1) sum += target[offset + k]! ** 2;
  if (!Number.isFinite(sum) || sum === 0) {
    target.fill(0, offset, offset + dim);
    return;
  }
  const inverse = 1 / Math.sqrt(sum);
  for (let k = 0; k < dim; k += 1) target[offset + k]! *= inverse;
}

/**
 * Pools row `row` of `states` (mean over the tokens the mask keeps, or the first token) into
 * `target` at row `targetRow`, normalised to unit length (all zero when nothing is known).
 */
export function poolRow(
  states: TokenStates,
  row: number,
  pooling: Pooling,
  target: Float32Array,
  targetRow: number,
): void {
  const { hidden, mask, tokens, dim } = states;
  const offset = targetRow * dim;
  target.fill(0, offset, offset + dim);
  const rowStart = row * tokens;
  const last = pooling === 'cls' ? Math.min(1, tokens) : tokens;
  for (let token = 0; token < last; token += 1) {
    if (!mask[rowStart + token]) continue;
    const source = (rowStart + token) * dim;
    for (let k = 0; k < dim; k += 1) target[offset + k]! += hidden[source + k]!;
  }
  // The mean's division by the token count cancels in the normalisation.
  normaliseInPlace(target, offset, dim);
}
