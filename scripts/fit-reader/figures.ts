/** The reader's figures from its predictions: what the eval reports, per data set. */
import { RIGHT_F1, type Prediction } from './folds.ts';

const round = (value: number) => Math.round(value * 1000) / 1000;

function isRight(prediction: Prediction): boolean {
  return prediction.answerable && prediction.bestF1 >= RIGHT_F1;
}

/**
 * The least threshold (in steps of 0.01) at which the stated answers reach `target` precision in
 * every one of `predictionSets` (out of fold, and the final fit's own); a set stating nothing at a
 * threshold meets it. The out-of-fold set alone would allow a threshold that the final fit, surer
 * of its own training questions, crosses with wrong answers.
 */
export function chooseThreshold(
  predictionSets: readonly (readonly Prediction[])[],
  target: number,
): number {
  for (let step = 5; step < 100; step += 1) {
    const threshold = step / 100;
    const met = predictionSets.every((predictions) => {
      const stated = predictions.filter((prediction) => prediction.confidence >= threshold);
      return stated.length === 0 || stated.filter(isRight).length / stated.length >= target;
    });
    if (met) return threshold;
  }
  return 1;
}

/** The `quantile` of the predictions' relevance (the floor under which nothing is shown). */
export function chooseFloor(predictions: readonly Prediction[], quantile: number): number {
  const values = predictions.map((prediction) => prediction.relevance).sort((a, b) => a - b);
  return values[Math.floor(quantile * (values.length - 1))] ?? 0;
}

export function summarize(
  predictions: readonly Prediction[],
  threshold: number,
  floor: number,
): Record<string, Record<string, number | null>> {
  const datasets = [...new Set(predictions.map((prediction) => prediction.dataset))];
  return Object.fromEntries(
    datasets.map((dataset) => {
      const own = predictions.filter((prediction) => prediction.dataset === dataset);
      const answerable = own.filter((prediction) => prediction.answerable);
      const unanswerable = own.filter((prediction) => !prediction.answerable);
      const stated = own.filter(
        (prediction) => prediction.confidence >= threshold && prediction.relevance >= floor,
      );
      const statedAnswerable = stated.filter((prediction) => prediction.answerable);
      return [
        dataset,
        {
          n: own.length,
          bestSpanF1: round(mean(answerable.map((prediction) => prediction.bestF1))),
          stated: stated.length,
          statedPrecision:
            stated.length === 0 ? null : round(stated.filter(isRight).length / stated.length),
          answerableCoverage:
            answerable.length === 0 ? null : round(statedAnswerable.length / answerable.length),
          unanswerableAccuracy:
            unanswerable.length === 0
              ? null
              : round(
                  1 -
                    stated.filter((prediction) => !prediction.answerable).length /
                      unanswerable.length,
                ),
          calibrationError: round(calibrationError(own)),
        },
      ];
    }),
  );
}

/** Expected calibration error over ten equal-width bins of confidence. */
function calibrationError(predictions: readonly Prediction[]): number {
  let error = 0;
  for (let bin = 0; bin < 10; bin += 1) {
    const inside = predictions.filter(
      (prediction) => Math.min(9, Math.floor(prediction.confidence * 10)) === bin,
    );
    if (inside.length === 0) continue;
    const confidence = mean(inside.map((prediction) => prediction.confidence));
    const accuracy = inside.filter(isRight).length / inside.length;
    error += (inside.length / predictions.length) * Math.abs(confidence - accuracy);
  }
  return error;
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Pooled precision and number stated at thresholds from 0.20 to 0.60, to show the trade-off. */
export function precisionCurve(predictions: readonly Prediction[]): Record<string, string> {
  const curve: Record<string, string> = {};
  for (let step = 20; step <= 60; step += 5) {
    const stated = predictions.filter((prediction) => prediction.confidence >= step / 100);
    const right = stated.filter(isRight).length;
    curve[(step / 100).toFixed(2)] =
      `${stated.length} stated, precision ${stated.length === 0 ? '-' : round(right / stated.length)}`;
  }
  return curve;
}
