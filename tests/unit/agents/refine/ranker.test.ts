import { describe, expect, it } from 'vitest';
import { bestByScores, rankCandidates } from '../../../../src/core/agents/refine/ranker.ts';
import {
  candidate,
  candidateBlocks,
  QUESTION,
  refineSetup,
  score,
  userText,
} from './refine-fixtures.ts';

const first = candidate(1, 'Drilled in summer [1].\nAnswer: summer', { score: score(2.4) });
const second = candidate(2, 'Drilled from the ice in winter [2].\nAnswer: winter', {
  score: score(4.2, { logic: 4, answer: 4, explanation: 5 }),
});
const third = candidate(3, 'The passages do not say.\nAnswer: unknown', { score: score(3) });
const ranked = (best: number, reason = 'It is supported by passage 2.') =>
  JSON.stringify({ best, reason });

describe('rankCandidates', () => {
  it('takes the ranker’s choice, showing it the candidates with their scores', async () => {
    const { context, engine, steps, pool } = refineSetup([ranked(2)]);
    const result = await rankCandidates(context, {
      question: QUESTION,
      candidates: [first, second, third],
      pool,
      initialCount: 2,
    });
    expect(result).toEqual({
      chosen: second,
      decidedBy: 'ranker',
      reason: 'It is supported by passage 2.',
    });
    const request = engine.calls[0];
    expect(request?.responseFormat).toMatchObject({ type: 'json', name: 'rank_candidates' });
    const schema = request?.responseFormat?.type === 'json' ? request.responseFormat.schema : {};
    expect(Object.keys(schema.properties as object)).toEqual(['best', 'reason']);
    expect(candidateBlocks(request!).map(({ id }) => id)).toEqual([1, 2, 3]);
    expect(userText(request)).toContain(
      'Scores of candidate 2: logic 4, answer 4, explanation 5, q 4.2.',
    );
    expect(userText(request)).toContain('<passage id="2">');
    expect(steps('rank-end')[0]).toEqual({
      chosen: 2,
      decidedBy: 'ranker',
      reason: 'It is supported by passage 2.',
      scores: [
        { candidate: 1, q: 2.4, answer: 'summer' },
        { candidate: 2, q: 4.2, answer: 'winter' },
        { candidate: 3, q: 3 },
      ],
    });
  });

  it('makes no call for one candidate', async () => {
    const { context, engine, steps } = refineSetup([]);
    const result = await rankCandidates(context, { question: QUESTION, candidates: [first] });
    expect(result.chosen).toBe(first);
    expect(engine.calls).toHaveLength(0);
    expect(steps('rank-end')[0]).toMatchObject({ chosen: 1, decidedBy: 'scores' });
  });

  it.each([
    ['an unknown id', [ranked(7)]],
    ['malformed output', ['the second', 'still the second']],
  ])('lets the scores decide on %s', async (_name, replies) => {
    const { context, steps } = refineSetup(replies);
    const result = await rankCandidates(context, {
      question: QUESTION,
      candidates: [first, second, third],
    });
    expect(result).toMatchObject({ chosen: second, decidedBy: 'scores' });
    expect(steps('rank-end')[0]).toMatchObject({ chosen: 2, decidedBy: 'scores' });
  });

  it('lets the scores decide without a call when no call is left', async () => {
    const { context, engine } = refineSetup([], { budget: { maxLlmCalls: 0 } });
    const result = await rankCandidates(context, {
      question: QUESTION,
      candidates: [first, second],
    });
    expect(result).toMatchObject({ chosen: second, decidedBy: 'scores' });
    expect(engine.calls).toHaveLength(0);
  });

  it('rejects with the AbortError when the run is stopped', async () => {
    const controller = new AbortController();
    const { context } = refineSetup(
      [
        () => {
          controller.abort();
          return ranked(1);
        },
      ],
      { signal: controller.signal },
    );
    await expect(
      rankCandidates(context, { question: QUESTION, candidates: [first, second] }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('bestByScores', () => {
  const fallback = score(3, { decidedBy: 'fallback' });
  it('orders by q, then evaluated over fallback, then answered, then lowest id', () => {
    const evaluated = candidate(4, 'x\nAnswer: a', { score: score(3) });
    const guessed = candidate(2, 'x\nAnswer: b', { score: fallback });
    expect(bestByScores([guessed, evaluated]).id).toBe(4);
    expect(bestByScores([first, guessed]).id).toBe(2);
    const unanswered = candidate(1, 'x\nAnswer: unknown', { score: fallback });
    expect(bestByScores([unanswered, guessed]).id).toBe(2);
    const twin = candidate(3, 'x\nAnswer: c', { score: fallback });
    expect(bestByScores([twin, guessed]).id).toBe(2);
  });

  it('prefers an answered candidate when none is scored', () => {
    const unscored = [candidate(1, 'x\nAnswer: unknown'), candidate(2, 'y\nAnswer: yes')];
    expect(bestByScores(unscored).id).toBe(2);
  });
});
