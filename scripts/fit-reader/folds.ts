/** Fitting the reader's two models, and predicting with them out of fold. */
import { ANSWER_FEATURES } from '../../src/core/answer/reader.ts';
import { SPAN_FEATURES } from '../../src/core/answer/span-features.ts';
import { readQuestion, type ReadQuestion } from './collect.ts';
import { stableHash } from '../stable-hash.ts';
import { fitLogistic, type Sample } from './logistic-fit.ts';
import { fitSoftmax, type CandidateGroup } from './softmax-fit.ts';

/** What the fitted reader did with one question. */
export interface Prediction {
  dataset: string;
  answerable: boolean;
  /** Token F1 of the best span against the gold answers (0 without a span). */
  bestF1: number;
  confidence: number;
  relevance: number;
}

export interface FittedReader {
  span: number[];
  answer: number[];
  predict(item: ReadQuestion): Prediction;
}

/** L2 penalty of both fits: mild, for a few hundred questions and a dozen features. */
const PENALTY = 1;
/** A stated answer counts as right from this token F1 (the eval's rule). */
export const RIGHT_F1 = 0.5;

export function fitModels(items: readonly ReadQuestion[]): FittedReader {
  const zeros = { features: SPAN_FEATURES, weights: SPAN_FEATURES.map(() => 0) };
  const groups: CandidateGroup[] = items.map((item) => {
    const { output, f1 } = readQuestion(item, { span: zeros });
    return { features: output.spans.map((span) => span.features), labels: f1 };
  });
  const span = fitSoftmax(groups, { penalty: PENALTY });
  const spanModel = { features: SPAN_FEATURES, weights: span };
  const answerSamples: Sample[] = items.flatMap((item) => {
    const { output, f1 } = readQuestion(item, { span: spanModel });
    if (!output.answerFeatures) return [];
    return [{ features: output.answerFeatures, label: (f1[0] ?? 0) >= RIGHT_F1 ? 1 : 0 }];
  });
  const answer = fitLogistic(answerSamples, { penalty: PENALTY });
  const models = { span: spanModel, answer: { features: ANSWER_FEATURES, weights: answer } };
  return {
    span,
    answer,
    predict(item) {
      const { output, f1 } = readQuestion(item, models);
      return {
        dataset: item.dataset,
        answerable: item.question.gold.length > 0,
        bestF1: f1[0] ?? 0,
        confidence: output.confidence,
        relevance: output.relevance,
      };
    },
  };
}

/** Predictions for every question by models fitted without its fold (folds by question id). */
export function evaluateFolds(items: readonly ReadQuestion[], folds = 2): Prediction[] {
  // By a hash of the id: a fixed split that does not depend on the order of the files.
  const foldOf = (item: ReadQuestion) => stableHash(item.question.id) % folds;
  const predictions: Prediction[] = [];
  for (let fold = 0; fold < folds; fold += 1) {
    const fitted = fitModels(items.filter((item) => foldOf(item) !== fold));
    for (const item of items) if (foldOf(item) === fold) predictions.push(fitted.predict(item));
  }
  return predictions;
}
