/**
 * The reader's fitted models, written by `npm run fit:reader` (scripts/fit-reader) from the dev
 * half of the QA data; do not edit by hand. Out-of-fold figures on the dev half at this
 * threshold, per data set (fit on one half of the questions, measured on the other):
 * "squad2":{"n":250,"bestSpanF1":0.389,"stated":0,"statedPrecision":null,"answerableCoverage":0,"unanswerableAccuracy":1,"calibrationError":0.051},
 * "hotpotqa":{"n":149,"bestSpanF1":0.114,"stated":0,"statedPrecision":null,"answerableCoverage":0,"unanswerableAccuracy":null,"calibrationError":0.03},
 * "musique":{"n":100,"bestSpanF1":0.096,"stated":0,"statedPrecision":null,"answerableCoverage":0,"unanswerableAccuracy":null,"calibrationError":0.058},
 * "2wiki":{"n":82,"bestSpanF1":0.038,"stated":0,"statedPrecision":null,"answerableCoverage":0,"unanswerableAccuracy":null,"calibrationError":0.089}
 */
import type { ReadingCalibration } from './reading-decision.ts';
import type { ReaderModels } from './reader.ts';

export const READER_MODELS: ReaderModels = {
  span: {
    features: [
      'bias',
      'typeExact',
      'typeNamed',
      'typeClash',
      'phraseForOther',
      'sentenceCoverage',
      'coverageGap',
      'nearCoverage',
      'logDistance',
      'passageRank',
      'sentenceRank',
      'questionOverlap',
      'logLength',
      'long',
      'capitalised',
      'afterQuestionWord',
      'beforeQuestionWord',
      'leftCoverage',
      'rightCoverage',
      'inBrackets',
      'firstAfterQuestionWords',
      'singleWord',
    ],
    weights: [
      0, 0.7089, 0.7807, -1.3445, -0.4662, 0.6695, -0.6695, 0.9559, -0.3371, 0.8622, 0.6119, 0.4669,
      0.2495, 0.0502, 0.4989, -0.2245, 0.2916, 1.1853, 0.2564, 0.0646, 0.0787, -0.1857,
    ],
  },
  answer: {
    features: [
      'bias',
      'spanShare',
      'margin',
      'sentenceCoverage',
      'relevance',
      'spread',
      'typedQuestion',
      'comparison',
      'missingWords',
      'negation',
    ],
    weights: [-2.2211, 1.9301, 0.3667, 0.7966, 0.1512, -1.0346, 0.1082, -0.6185, -0.137, -0.8492],
  },
};

export const READING_CALIBRATION: ReadingCalibration = {
  threshold: 0.56,
  relevanceFloor: 0.2553,
};
