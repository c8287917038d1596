/**
 * Conditional logistic regression (a softmax over each question's candidates) fitted by Newton's
 * method with an L2 penalty: the span model ranks candidates against each other within a
 * question, which is what the reader needs, rather than scoring each alone. Labels are soft (a
 * candidate's token F1), normalised within the question; questions with no right candidate teach
 * nothing about ranking and are left out. The first feature (the bias) cancels out in a softmax
 * and keeps weight 0.
 */
import { dot, solve } from './logistic-fit.ts';

export interface CandidateGroup {
  features: readonly (readonly number[])[];
  labels: readonly number[];
}

export function fitSoftmax(
  groups: readonly CandidateGroup[],
  options: { penalty: number; iterations?: number },
): number[] {
  const size = groups.find((group) => group.features.length > 0)?.features[0]?.length ?? 0;
  let weights = new Array<number>(size).fill(0);
  for (let iteration = 0; iteration < (options.iterations ?? 30); iteration += 1) {
    const gradient = new Array<number>(size).fill(0);
    const hessian = Array.from({ length: size }, () => new Array<number>(size).fill(0));
    for (const group of groups) {
      const labelSum = group.labels.reduce((sum, label) => sum + label, 0);
      if (labelSum <= 0) continue;
      const scores = group.features.map((features) => dot(weights, features));
      const top = Math.max(...scores);
      const exponentials = scores.map((score) => Math.exp(score - top));
      const partition = exponentials.reduce((sum, value) => sum + value, 0);
      const probabilities = exponentials.map((value) => value / partition);
      const expected = new Array<number>(size).fill(0);
      group.features.forEach((features, index) => {
        const probability = probabilities[index] ?? 0;
        const target = (group.labels[index] ?? 0) / labelSum;
        for (let row = 1; row < size; row += 1) {
          const value = features[row] ?? 0;
          expected[row] = (expected[row] ?? 0) + probability * value;
          gradient[row] = (gradient[row] ?? 0) + (probability - target) * value;
          const hessianRow = hessian[row] ?? [];
          for (let column = 1; column <= row; column += 1) {
            hessianRow[column] =
              (hessianRow[column] ?? 0) + probability * value * (features[column] ?? 0);
          }
        }
      });
      for (let row = 1; row < size; row += 1) {
        const hessianRow = hessian[row] ?? [];
        for (let column = 1; column <= row; column += 1) {
          hessianRow[column] =
            (hessianRow[column] ?? 0) - (expected[row] ?? 0) * (expected[column] ?? 0);
        }
      }
    }
    for (let row = 0; row < size; row += 1) {
      const hessianRow = hessian[row] ?? [];
      for (let column = 0; column < row; column += 1)
        (hessian[column] ?? [])[row] = hessianRow[column] ?? 0;
      gradient[row] = (gradient[row] ?? 0) + options.penalty * (weights[row] ?? 0);
      hessianRow[row] = (hessianRow[row] ?? 0) + options.penalty;
    }
    const step = solve(hessian, gradient);
    weights = weights.map((weight, index) => (index === 0 ? 0 : weight - (step[index] ?? 0)));
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return weights;
}
