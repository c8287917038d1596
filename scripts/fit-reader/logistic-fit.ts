/**
 * Logistic regression fitted by Newton's method (iteratively reweighted least squares) with an L2
 * penalty on every weight but the first (the bias): deterministic, no learning rate, converges in
 * a few steps for the reader's dozen features. Labels may be soft (0-1).
 */
import { sigmoid } from '../../src/core/answer/logistic-model.ts';
export interface Sample {
  features: readonly number[];
  label: number;
}

export interface FitOptions {
  /** L2 penalty; larger keeps weights smaller. */
  penalty: number;
  iterations?: number;
}

export function fitLogistic(samples: readonly Sample[], options: FitOptions): number[] {
  const size = samples[0]?.features.length ?? 0;
  let weights = new Array<number>(size).fill(0);
  for (let iteration = 0; iteration < (options.iterations ?? 30); iteration += 1) {
    const gradient = new Array<number>(size).fill(0);
    const hessian = Array.from({ length: size }, () => new Array<number>(size).fill(0));
    for (const { features, label } of samples) {
      const probability = sigmoid(dot(weights, features));
      const curvature = Math.max(probability * (1 - probability), 1e-9);
      for (let row = 0; row < size; row += 1) {
        const value = features[row] ?? 0;
        gradient[row] = (gradient[row] ?? 0) + (probability - label) * value;
        const hessianRow = hessian[row] ?? [];
        for (let column = 0; column <= row; column += 1) {
          hessianRow[column] =
            (hessianRow[column] ?? 0) + curvature * value * (features[column] ?? 0);
        }
      }
    }
    for (let row = 0; row < size; row += 1) {
      const hessianRow = hessian[row] ?? [];
      for (let column = 0; column < row; column += 1) {
        (hessian[column] ?? [])[row] = hessianRow[column] ?? 0;
      }
      if (row > 0) {
        gradient[row] = (gradient[row] ?? 0) + options.penalty * (weights[row] ?? 0);
        hessianRow[row] = (hessianRow[row] ?? 0) + options.penalty;
      } else {
        hessianRow[row] = (hessianRow[row] ?? 0) + 1e-6;
      }
    }
    const step = solve(hessian, gradient);
    weights = weights.map((weight, index) => weight - (step[index] ?? 0));
    if (Math.max(...step.map(Math.abs)) < 1e-8) break;
  }
  return weights;
}

export function dot(weights: readonly number[], features: readonly number[]): number {
  let sum = 0;
  for (let index = 0; index < weights.length; index += 1) {
    sum += (weights[index] ?? 0) * (features[index] ?? 0);
  }
  return sum;
}

/** Solves `matrix · x = vector` by Gaussian elimination with partial pivoting. */
export function solve(matrix: number[][], vector: number[]): number[] {
  const size = vector.length;
  const rows = matrix.map((row, index) => [...row, vector[index] ?? 0]);
  for (let column = 0; column < size; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < size; row += 1) {
      if (Math.abs(rows[row]?.[column] ?? 0) > Math.abs(rows[pivot]?.[column] ?? 0)) pivot = row;
    }
    [rows[column], rows[pivot]] = [rows[pivot] ?? [], rows[column] ?? []];
    const pivotRow = rows[column] ?? [];
    const pivotValue = pivotRow[column] ?? 1;
    for (let row = column + 1; row < size; row += 1) {
      const current = rows[row] ?? [];
      const factor = (current[column] ?? 0) / pivotValue;
      for (let index = column; index <= size; index += 1) {
        current[index] = (current[index] ?? 0) - factor * (pivotRow[index] ?? 0);
      }
    }
  }
  const solution = new Array<number>(size).fill(0);
  for (let row = size - 1; row >= 0; row -= 1) {
    const current = rows[row] ?? [];
    let sum = current[size] ?? 0;
    for (let column = row + 1; column < size; column += 1) {
      sum -= (current[column] ?? 0) * (solution[column] ?? 0);
    }
    solution[row] = sum / (current[row] ?? 1);
  }
  return solution;
}
