/**
 * The reader's fitted models, written by `npm run fit:reader` (scripts/fit-reader) from the dev
 * half of the QA data; do not edit by hand. Out-of-fold figures on the dev half at this
 * threshold, per data set (fit on one half of the questions, measured on the other):
 * "squad2":{"n":250,"bestSpanF1":0.387,"stated":0,"statedPrecision":null,"answerableCoverage":0,"unanswerableAccuracy":1,"calibrationError":0.049},
 * "hotpotqa":{"n":149,"bestSpanF1":0.118,"stated":0,"statedPrecision":null,"answerableCoverage":0,"unanswerableAccuracy":null,"calibrationError":0.028},
 * "musique":{"n":100,"bestSpanF1":0.119,"stated":0,"statedPrecision":null,"answerableCoverage":0,"unanswerableAccuracy":null,"calibrationError":0.103},
 * "2wiki":{"n":82,"bestSpanF1":0.041,"stated":0,"statedPrecision":null,"answerableCoverage":0,"unanswerableAccuracy":null,"calibrationError":0.079}
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
      0, 0.8587, 0.6954, -1.1537, -0.4659, 0.7656, -0.7656, 0.6738, -0.3322, 0.997, 0.6203, 0.7455,
      0.2206, 0.1297, 0.3959, -0.0134, 0.3495, 1.2579, 0.6793, 0.1791, -0.0554, -0.2419,
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
    weights: [-2.8084, 1.8683, 0.4806, 0.9724, 0.5341, -0.771, 0.0164, -0.3719, -0.0187, -0.4465],
  },
};

export const READING_CALIBRATION: ReadingCalibration = {
  threshold: 0.62,
  relevanceFloor: 0.1856,
};
