/**
 * A fitted logistic model: named features and their weights. The reader's models are fitted by
 * `npm run fit:reader` (scripts/fit-reader) and stored in reader-weights.ts.
 */
export interface LogisticModel {
  features: readonly string[];
  weights: readonly number[];
}

/** The model's log-odds for a feature vector (in the order of `model.features`). */
export function logit(model: LogisticModel, values: readonly number[]): number {
  let sum = 0;
  for (let index = 0; index < model.weights.length; index += 1) {
    sum += (model.weights[index] ?? 0) * (values[index] ?? 0);
  }
  return sum;
}

export function sigmoid(value: number): number {
  return 1 / (1 + Math.exp(-value));
}
