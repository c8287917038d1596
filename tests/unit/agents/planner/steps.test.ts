import { describe, expect, it } from 'vitest';
import { defendAnswer } from '../../../../src/core/agents/planner/defender.ts';
import { extractFacts } from '../../../../src/core/agents/planner/fact-extractor.ts';
import { judgeKnowledge } from '../../../../src/core/agents/planner/judge.ts';
import {
  addFacts,
  createKnowledge,
  recordSubQuestion,
  updateRequired,
} from '../../../../src/core/agents/planner/knowledge.ts';
import { selectSubQuestion } from '../../../../src/core/agents/planner/selector.ts';
import { splitQuestion } from '../../../../src/core/agents/planner/splitter.ts';
import { ARCHITECT, BIRTHPLACE, json, QUESTION, setup } from './planner-fixtures.ts';

const WHO = 'Who was the architect of the Harbour Library?';
const WHERE = 'Where was Mira Olsen born?';
const known = updateRequired(
  addFacts(
    createKnowledge(QUESTION),
    [{ fact: 'Mira Olsen designed the Harbour Library.', sources: [ARCHITECT.id] }],
    [ARCHITECT],
  ),
  ['Birthplace of Mira Olsen'],
);

describe('splitter', () => {
  it('returns trimmed candidates and traces them', async () => {
    const { context, steps, engine } = setup([json({ subQuestions: [` ${WHO} `, '', WHERE] })]);
    const options = { agent: 0, temperature: 0.2 };
    expect(await splitQuestion(context, createKnowledge(QUESTION), options)).toEqual([WHO, WHERE]);
    expect(engine.calls[0]?.temperature).toBe(0.2);
    expect(steps('subquestion-split')[0]).toEqual({ agent: 0, candidates: [WHO, WHERE] });
  });

  it('falls back to the open gaps and the question after a failed repair', async () => {
    const { context, fallbacks } = setup(['no json here', 'still none']);
    const candidates = await splitQuestion(context, known, { agent: 0, temperature: 0.2 });
    expect(candidates).toEqual(['Birthplace of Mira Olsen', QUESTION]);
    expect(fallbacks()).toEqual(['plan-split']);
  });
});

describe('selector', () => {
  const asked = recordSubQuestion(known, WHO, 'Mira Olsen');

  it('takes the one new candidate without a call', async () => {
    const { context, engine } = setup([]);
    expect(await selectSubQuestion(context, asked, [WHO, WHERE], 0)).toBe(WHERE);
    expect(engine.calls).toHaveLength(0);
  });

  it('asks the model among several and keeps its rewrite', async () => {
    const rewrite = 'In which city was Mira Olsen born?';
    const { context } = setup([json({ choice: 2, subQuestion: rewrite })]);
    const selected = await selectSubQuestion(context, asked, [WHERE, 'Where was she born?'], 0);
    expect(selected).toBe(rewrite);
  });

  it('never returns a repeat: a repeated rewrite gives the chosen candidate', async () => {
    const { context } = setup([json({ choice: 2, subQuestion: WHO })]);
    const candidates = [WHERE, 'When was Mira Olsen born?'];
    expect(await selectSubQuestion(context, asked, candidates, 0)).toBe(candidates[1]);
  });

  it('falls back to the first new candidate on malformed output', async () => {
    const { context } = setup(['?', '?']);
    const candidates = [WHERE, 'When was Mira Olsen born?'];
    expect(await selectSubQuestion(context, asked, candidates, 0)).toBe(WHERE);
  });

  it('asks the question itself once when nothing is new, then nothing', async () => {
    const { context, steps } = setup([]);
    expect(await selectSubQuestion(context, asked, [WHO], 0)).toBe(QUESTION);
    const both = recordSubQuestion(asked, QUESTION, null);
    expect(await selectSubQuestion(context, both, [WHO], 0)).toBeNull();
    expect(steps('subquestion-select').map((event) => event.subQuestion)).toEqual([
      QUESTION,
      undefined,
    ]);
  });
});

describe('fact extractor', () => {
  const subAnswer = { answer: 'Bergen', evidence: [BIRTHPLACE] };

  it('adds facts with their chunk ids and replaces the gaps', async () => {
    const { context, steps } = setup([
      json({
        facts: [
          { fact: 'Mira Olsen was born in Bergen.', passages: [1] },
          { fact: 'Invented.', passages: [7] },
        ],
        required: [],
      }),
    ]);
    const updated = await extractFacts(context, known, WHERE, subAnswer, 0);
    expect(updated.known.map((entry) => entry.sources)).toEqual([[ARCHITECT.id], [BIRTHPLACE.id]]);
    expect(updated.required).toEqual([]);
    expect(steps('knowledge-update')[0]).toMatchObject({ added: 1, required: [] });
  });

  it('falls back to the sub-answer as one fact, gaps unchanged', async () => {
    const { context, fallbacks } = setup(['{"facts": oops', '{"facts": oops']);
    const updated = await extractFacts(context, known, WHERE, subAnswer, 0);
    expect(updated.known[1]).toEqual({ fact: 'Bergen', sources: [BIRTHPLACE.id] });
    expect(updated.required).toEqual(known.required);
    expect(fallbacks()).toEqual(['plan-extract']);
  });

  it('keeps the gaps open without a call when nothing was found', async () => {
    const { context, engine } = setup([]);
    const start = createKnowledge(QUESTION);
    const updated = await extractFacts(context, start, WHO, { answer: null, evidence: [] }, 0);
    expect(updated.required).toEqual([QUESTION]);
    expect(engine.calls).toHaveLength(0);
  });
});

describe('judge', () => {
  it('reads the judgement', async () => {
    const { context } = setup([json({ answerable: true, reason: 'Both facts are Known.' })]);
    expect(await judgeKnowledge(context, known, 0)).toEqual({
      answerable: true,
      reason: 'Both facts are Known.',
    });
  });

  it('is not answerable on malformed output, or without a call when nothing is Known', async () => {
    const { context, engine } = setup(['maybe', 'maybe']);
    expect((await judgeKnowledge(context, known, 0)).answerable).toBe(false);
    expect((await judgeKnowledge(context, createKnowledge(QUESTION), 0)).answerable).toBe(false);
    expect(engine.calls).toHaveLength(2);
  });
});

describe('defender', () => {
  it('streams the answer, maps [n] to the facts’ chunks and drops an [n] naming none', async () => {
    const reply = 'Mira Olsen designed it [1]; [9] is no source.';
    const { context, deltas, steps } = setup([reply]);
    const answer = await defendAnswer(context, known);
    expect(answer).toEqual({
      text: 'Mira Olsen designed it [1]; is no source.',
      citations: [{ number: 1, chunkId: ARCHITECT.id }],
      status: 'answered',
    });
    expect(deltas.join('')).toBe(reply);
    expect(steps('citation-drop')).toEqual([
      { chunkId: undefined, number: 9, reason: 'unknown-number' },
    ]);
  });

  it('says what is missing, not found, when nothing is Known', async () => {
    const { context, engine } = setup([]);
    const answer = await defendAnswer(context, createKnowledge(QUESTION));
    expect(answer.status).toBe('not-found');
    expect(answer.text).toContain(QUESTION);
    expect(engine.calls).toHaveLength(0);
  });

  it('lists the Known facts with citations when no call is left', async () => {
    const { context, budget, steps } = setup([], { budget: { maxLlmCalls: 1 } });
    budget.useCall('specialist');
    const answer = await defendAnswer(context, known);
    expect(answer.text).toContain('Mira Olsen designed the Harbour Library. [1]');
    expect(answer.text).toContain('Birthplace of Mira Olsen');
    expect(answer.citations).toEqual([{ number: 1, chunkId: ARCHITECT.id }]);
    expect(steps('defender-end')[0]).toMatchObject({ fallback: true });
  });
});
