import { describe, expect, it } from 'vitest';
import type { StepEventFields, StepEventType } from '../../../src/core/llm/trace-events.ts';
import { scoreVerdict, summarizeCandidates } from '../../../src/ui/candidate-summary.ts';
import { stepEvent } from '../../support/trace-events.ts';

let clock = 0;

function step<Type extends StepEventType>(type: Type, fields: Partial<StepEventFields<Type>>) {
  return stepEvent(type, fields, (clock += 1), 'thorough');
}

function score(
  candidate: number,
  q: number,
  passed: boolean,
  decidedBy: 'evaluator' | 'fallback' = 'evaluator',
) {
  return step('candidate-score', {
    candidate,
    round: 0,
    logic: q + 1,
    answer: q,
    explanation: q - 1,
    q,
    passed,
    suggestions: '',
    decidedBy,
  });
}

describe('candidate summary', () => {
  it('has no rows for a run without candidates', () => {
    expect(
      summarizeCandidates([
        { type: 'run-start', at: 0, question: 'q', strategy: 'single' },
        step('retrieval-end', { collectionId: 'c1', passages: [{ id: 'a', score: 1 }] }),
        step('strategy-choose', { strategy: 'single', by: 'router' }),
        { type: 'run-end', at: 9, outcome: 'answered' },
      ]),
    ).toEqual([]);
  });

  it('folds the events into one row per candidate: latest stage, answer, notes, score and the choice', () => {
    const rows = summarizeCandidates([
      step('candidate-start', { candidate: 2, temperature: 0.9 }),
      step('candidate-start', { candidate: 1, temperature: 0.3 }),
      step('injection-end', { candidate: 1, injection: 1, note: 'VH-7 is 312 m [1].' }),
      step('candidate-end', { candidate: 1, stage: 'proposal', answer: '300 m', injections: 1 }),
      step('candidate-end', { candidate: 2, stage: 'proposal', injections: 0 }),
      score(1, 3.4, true),
      score(2, 1.2, false),
      step('candidate-rework', { candidate: 2, round: 1 }),
      step('injection-end', { candidate: 2, injection: 1, note: 'n' }),
      step('injection-end', { candidate: 2, injection: 2, note: 'n' }),
      step('candidate-end', { candidate: 2, stage: 'rework', answer: '312 metres', injections: 2 }),
      step('candidate-keep', { candidate: 1, stage: 'refinement', reason: 'malformed' }),
      score(2, 4.2, true),
      step('rank-end', { chosen: 1, decidedBy: 'ranker', reason: 'r', scores: [] }),
      step('rank-override', { from: 1, to: 2, reason: 'Candidate 1 has no answer.' }),
    ]);
    expect(rows).toEqual([
      {
        id: 1,
        stage: 'proposal',
        answer: '300 m',
        notes: 1,
        score: { q: 3.4, logic: 4.4, answer: 3.4, explanation: 2.4, passed: true, fallback: false },
        chosen: false,
      },
      {
        id: 2,
        stage: 'rework',
        answer: '312 metres',
        notes: 2,
        score: { q: 4.2, logic: 5.2, answer: 4.2, explanation: 3.2, passed: true, fallback: false },
        chosen: true,
      },
    ]);
  });

  it('shows a candidate as writing, counting its notes live, until its text ends', () => {
    const rows = summarizeCandidates([
      step('candidate-start', { candidate: 1, temperature: 0.3 }),
      step('injection-end', { candidate: 1, injection: 1, note: 'n' }),
      step('monitor-check', { candidate: 1, gap: true, signals: [] }),
      step('injection-end', { candidate: 1, injection: 2, note: 'n' }),
    ]);
    expect(rows).toEqual([{ id: 1, stage: 'writing', answer: null, notes: 2, chosen: false }]);
  });

  it('marks the final choice, reads a blank answer as none and keeps a fallback score visible', () => {
    const rows = summarizeCandidates([
      step('candidate-end', { candidate: 1, stage: 'proposal', answer: '  ', injections: 1 }),
      step('candidate-start', { candidate: 3, temperature: 0.7 }),
      score(3, 0, false, 'fallback'),
      step('rank-end', { chosen: 1 }),
      step('thorough-end', { chosen: 3, candidates: 2, rounds: 0 }),
    ]);
    expect(
      rows.map(({ id, stage, answer, notes, chosen }) => ({ id, stage, answer, notes, chosen })),
    ).toEqual([
      { id: 1, stage: 'proposal', answer: null, notes: 1, chosen: false },
      { id: 3, stage: 'writing', answer: null, notes: 0, chosen: true },
    ]);
    expect(rows[1]?.score).toMatchObject({ q: 0, passed: false, fallback: true });
  });

  it('words a score as passed, below the threshold, or not evaluated', () => {
    expect(scoreVerdict({ passed: true, fallback: false })).toBe('passed');
    expect(scoreVerdict({ passed: false, fallback: false })).toBe('below 3');
    expect(scoreVerdict({ passed: false, fallback: true })).toBe('not evaluated');
    expect(scoreVerdict({ passed: true, fallback: true })).toBe('not evaluated');
  });
});
