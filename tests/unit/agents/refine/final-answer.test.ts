import { describe, expect, it } from 'vitest';
import { NOT_FOUND_TEXT } from '../../../../src/core/agents/coordinator.ts';
import {
  answerLineCitations,
  composeAnswer,
} from '../../../../src/core/agents/refine/final-answer.ts';
import { candidate, LAKE_PASSAGES, refineSetup, score } from './refine-fixtures.ts';

describe('composeAnswer', () => {
  it('writes the answer in bold with its Answer-line citations, then the reasoning, citing pool chunks', () => {
    const { trace, pool, steps } = refineSetup([]);
    const chosen = candidate(
      1,
      'The station drills cores [2] from the ice each winter [1] [9].\nAnswer: in *winter* [2] [9]',
    );
    const answer = composeAnswer({ trace }, { chosen, candidates: [chosen], pool });
    expect(answer).toEqual({
      text: '**in \\*winter\\*** [1]\n\nThe station drills cores [1] from the ice each winter [2].',
      citations: [
        { number: 1, chunkId: LAKE_PASSAGES[1]?.id },
        { number: 2, chunkId: LAKE_PASSAGES[0]?.id },
      ],
      status: 'answered',
      candidate: 1,
    });
    expect(steps('citation-drop')).toEqual([
      { chunkId: undefined, number: 9, reason: 'unknown-number' },
    ]);
  });

  it('does not repeat an answer the text already opens with in bold (the extractive form)', () => {
    const { trace, pool } = refineSetup([]);
    const extractive = {
      ...candidate(1, '**312 metres** [1]\n\n> The station sits at 312 metres. [1]'),
      answer: '312 metres',
    };
    const answer = composeAnswer({ trace }, { chosen: extractive, candidates: [extractive], pool });
    expect(answer.text).toBe(extractive.text);
    expect(answer.citations).toEqual([{ number: 1, chunkId: LAKE_PASSAGES[0]?.id }]);
  });

  it('says the documents do not hold the answer when no candidate has one', () => {
    const { trace, pool } = refineSetup([]);
    const unsure = candidate(1, 'Nothing about it [1].\nAnswer: unknown');
    const answer = composeAnswer({ trace }, { chosen: unsure, candidates: [unsure], pool });
    expect(answer).toEqual({
      text: NOT_FOUND_TEXT,
      citations: [],
      status: 'not-found',
      candidate: 1,
    });
  });

  it('prefers the best answered candidate over an unanswered choice', () => {
    const { trace, pool, steps } = refineSetup([]);
    const unsure = candidate(1, 'Nothing about it.\nAnswer: unknown', { score: score(4) });
    const weak = candidate(2, 'In summer.\nAnswer: summer', { score: score(2) });
    const strong = candidate(3, 'In winter [2].\nAnswer: winter', { score: score(3.4) });
    const answer = composeAnswer(
      { trace },
      { chosen: unsure, candidates: [unsure, weak, strong], pool },
    );
    expect(answer).toMatchObject({
      status: 'answered',
      candidate: 3,
      text: '**winter**\n\nIn winter [1].',
    });
    expect(steps('rank-override')[0]).toMatchObject({ from: 1, to: 3 });
  });
});

describe('answerLineCitations', () => {
  it('reads the distinct citations of the last Answer line', () => {
    expect(answerLineCitations('Answer: old [4]\nWhy [1].\n**Answer:** new [2] [3] [2]')).toEqual([
      2, 3,
    ]);
    expect(answerLineCitations('No answer line [1].')).toEqual([]);
  });
});
