import { describe, expect, it } from 'vitest';
import { QUALITY_THRESHOLD } from '../../../../src/core/agents/refine/candidate.ts';
import {
  clampScore,
  fallbackScore,
  scoreCandidate,
} from '../../../../src/core/agents/refine/evaluator.ts';
import { candidate, note, QUESTION, refineSetup, scores, userText } from './refine-fixtures.ts';

const answer = candidate(2, 'Cores are drilled in winter [2].\nAnswer: in winter [2]', {
  notes: [note([3], 'The ice bears the rig [3].')],
});

async function evaluate(reply: string[], budget?: { maxLlmCalls: number }) {
  const setup = refineSetup(reply, { budget });
  const score = await scoreCandidate(setup.context, {
    question: QUESTION,
    candidate: answer,
    pool: setup.pool,
    initialCount: 2,
    round: 1,
  });
  return { ...setup, score };
}

describe('scoreCandidate', () => {
  it('weighs logic, answer and explanation 0.2 / 0.6 / 0.2', async () => {
    const { score, steps, engine } = await evaluate([scores(4, 2, 4, 'Cite the ice note.')]);
    expect(score).toEqual({
      logic: 4,
      answer: 2,
      explanation: 4,
      q: 2.8,
      suggestions: 'Cite the ice note.',
      decidedBy: 'evaluator',
    });
    expect(steps('candidate-score')[0]).toEqual({
      candidate: 2,
      round: 1,
      logic: 4,
      answer: 2,
      explanation: 4,
      q: 2.8,
      passed: false,
      suggestions: 'Cite the ice note.',
      decidedBy: 'evaluator',
    });
    const request = engine.calls[0];
    expect(request?.responseFormat).toMatchObject({ type: 'json', name: 'candidate_scores' });
    const schema = request?.responseFormat?.type === 'json' ? request.responseFormat.schema : {};
    expect(Object.keys(schema.properties as object)).toEqual([
      'logicScore',
      'answerScore',
      'explanationScore',
      'suggestions',
    ]);
    expect(schema.required).toEqual([
      'logicScore',
      'answerScore',
      'explanationScore',
      'suggestions',
    ]);
    expect(userText(request)).toContain('<candidate id="2">');
    expect(userText(request)).toContain('<note passages="3">');
  });

  it('passes at q = 3 exactly', async () => {
    const { score, steps } = await evaluate([scores(3, 3, 3)]);
    expect(score.q).toBe(3);
    expect(steps('candidate-score')[0]?.passed).toBe(true);
  });

  it('clamps scores to 0-5', async () => {
    const { score } = await evaluate([scores(7, -2, 9, 'Everything.')]);
    expect(score).toMatchObject({ logic: 5, answer: 0, explanation: 5, q: 2 });
  });

  it('rounds a score that is not a whole number', () => {
    expect([clampScore(3.6), clampScore(2.2), clampScore(Number.NaN), clampScore(-0.4)]).toEqual([
      4, 2, 0, 0,
    ]);
  });

  it('falls back to a passing score after a failed repair, without looping', async () => {
    const { score, calls, steps } = await evaluate(['scores: great', 'still {not json']);
    expect(score).toEqual(fallbackScore());
    expect(score.q).toBe(QUALITY_THRESHOLD);
    expect(calls()).toEqual(['evaluator', 'evaluator:repair']);
    expect(steps('candidate-score')[0]).toMatchObject({
      q: QUALITY_THRESHOLD,
      passed: true,
      decidedBy: 'fallback',
    });
  });

  it('falls back without a call when no call is left', async () => {
    const { score, engine } = await evaluate([], { maxLlmCalls: 0 });
    expect(score.decidedBy).toBe('fallback');
    expect(engine.calls).toHaveLength(0);
  });

  it('takes the schema’s minimal value (all zeros, no suggestion) for no evaluation', async () => {
    const { score } = await evaluate([scores(0, 0, 0)]);
    expect(score.decidedBy).toBe('fallback');
    const { score: failing } = await evaluate([scores(0, 0, 0, 'The answer is unsupported.')]);
    expect(failing).toMatchObject({ q: 0, decidedBy: 'evaluator' });
  });

  it('rejects with the AbortError when the run is stopped', async () => {
    const controller = new AbortController();
    const setup = refineSetup(
      [
        () => {
          controller.abort();
          return scores(5, 5, 5);
        },
      ],
      { signal: controller.signal },
    );
    await expect(
      scoreCandidate(setup.context, {
        question: QUESTION,
        candidate: answer,
        pool: setup.pool,
        initialCount: 2,
        round: 0,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
