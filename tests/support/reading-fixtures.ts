/** Readings as the `passages` strategy gives them, for the UI's, the export's and the store's tests. */
import type { PassageReading, ReadPassage } from '../../src/core/answer/reading.ts';

const STATION =
  'The deepest sediment core, known as VH-7, was drilled in 2011 and is 312 metres long. It holds roughly 14,000 years of lake history.';
const SENTENCE_END = STATION.indexOf(' It holds');
const ANSWER_START = STATION.indexOf('312 metres');

export function makePassage(number: number, overrides: Partial<ReadPassage> = {}): ReadPassage {
  return {
    number,
    chunkId: `library/file-${number}.md#0`,
    collectionId: 'library',
    path: `file-${number}.md`,
    text: 'A sentence before. The best sentence of this passage. A sentence after.',
    sentence: { start: 19, end: 53 },
    ...overrides,
  };
}

/** A confident answer: "312 metres", in passage 1, with two more passages. */
export function answerReading(): PassageReading {
  return {
    outcome: 'answer',
    likelyAnswer: { text: '312 metres', confidence: 0.93, passageNumber: 1 },
    bestSpan: { text: '312 metres', confidence: 0.93, passageNumber: 1 },
    passages: [
      makePassage(1, {
        chunkId: 'library/lake-varnholm-station.md#4',
        path: 'lake-varnholm-station.md',
        text: STATION,
        sentence: { start: 0, end: SENTENCE_END },
        answer: { start: ANSWER_START, end: ANSWER_START + '312 metres'.length },
      }),
      makePassage(2),
      makePassage(3),
    ],
  };
}

export function needsModelReading(
  reason: NonNullable<PassageReading['reason']> = 'multi-part',
): PassageReading {
  return {
    outcome: 'needs-model',
    reason,
    bestSpan: { text: 'Maja Lindgren', confidence: 0.31, passageNumber: 2 },
    passages: [makePassage(1), makePassage(2), makePassage(3)],
  };
}

export function nothingReading(): PassageReading {
  return { outcome: 'nothing', passages: [] };
}
