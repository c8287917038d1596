import { describe, expect, it } from 'vitest';
import type { StepContext } from '../../../../src/core/llm/step-context.ts';
import { createPlanStrategy } from '../../../../src/core/pipeline/strategies/plan.ts';
import {
  answerFrom,
  ARCHITECT,
  BIRTHPLACE,
  json,
  passage,
  QUESTION,
  setup,
} from '../../agents/planner/planner-fixtures.ts';

const WHO = 'Who was the architect of the Harbour Library?';
const WHERE = 'Where was Mira Olsen born?';
const table = {
  [WHO]: { answer: 'Mira Olsen', evidence: [ARCHITECT] },
  [WHERE]: { answer: 'Bergen', evidence: [BIRTHPLACE] },
};
const architectFact = { fact: 'Mira Olsen designed the Harbour Library.', passages: [1] };
const birthFact = { fact: 'Mira Olsen was born in Bergen.', passages: [1] };
const notYet = json({ answerable: false, reason: 'The birthplace is missing.' });

describe('plan strategy', () => {
  it('answers a 2-hop question in two rounds, skipping a repeated sub-question', async () => {
    const { context, engine, steps, deltas } = setup([
      json({ subQuestions: [WHO] }),
      json({ facts: [architectFact], required: ['Birthplace of Mira Olsen'] }),
      notYet,
      json({ subQuestions: [WHO, WHERE] }),
      json({ facts: [birthFact], required: ['Whether she had a co-architect'] }),
      json({ answerable: true, reason: 'Both hops are Known.' }),
      'Mira Olsen [1] was born in Bergen [2].',
    ]);
    const sub = answerFrom(table);
    const answer = await createPlanStrategy({ answerSubQuestion: sub.answer })(context);
    expect(sub.asked).toEqual([WHO, WHERE]);
    expect(answer).toEqual({
      text: 'Mira Olsen [1] was born in Bergen [2].',
      citations: [
        { number: 1, chunkId: ARCHITECT.id },
        { number: 2, chunkId: BIRTHPLACE.id },
      ],
      status: 'answered',
    });
    expect(deltas.join('')).toBe(answer.text);
    expect(engine.remaining).toBe(0);
    expect(steps('plan-end')[0]).toMatchObject({ reason: 'answerable', rounds: 2 });
    expect(steps('judge-end').map((event) => event.answerable)).toEqual([false, true]);
  });

  it('stops when no gap is left, without judging', async () => {
    const { context, steps } = setup([
      json({ subQuestions: [WHO] }),
      json({ facts: [architectFact], required: [] }),
      'Mira Olsen designed it [1].',
    ]);
    const answer = await createPlanStrategy({ answerSubQuestion: answerFrom(table).answer })(
      context,
    );
    expect(answer.status).toBe('answered');
    expect(steps('judge-end')).toHaveLength(0);
    expect(steps('plan-end')[0]).toMatchObject({ reason: 'no-gaps', rounds: 1 });
  });

  it('terminates on malformed output everywhere, through each step’s fallback', async () => {
    const { context, steps, fallbacks } = setup([
      ...Array<string>(8).fill('not json'),
      'Mira Olsen designed it [1].',
    ]);
    const sub = answerFrom({ [QUESTION]: { answer: 'Mira Olsen', evidence: [ARCHITECT] } });
    const answer = await createPlanStrategy({ answerSubQuestion: sub.answer })(context);
    expect(sub.asked).toEqual([QUESTION]);
    expect(fallbacks()).toEqual(['plan-split', 'plan-extract', 'plan-judge', 'plan-split']);
    expect(steps('plan-end')[0]).toMatchObject({ reason: 'no-new-subquestion', rounds: 2 });
    expect(answer.citations).toEqual([{ number: 1, chunkId: ARCHITECT.id }]);
  });

  it('answers from what is Known, naming the gap, when the rounds run out', async () => {
    const { context, steps, engine } = setup(
      [
        json({ subQuestions: [WHO] }),
        json({ facts: [architectFact], required: ['Birthplace of Mira Olsen'] }),
        notYet,
        'Mira Olsen designed it [1]; her birthplace is not in the documents.',
      ],
      { budget: { maxRounds: 1 } },
    );
    const answer = await createPlanStrategy({ answerSubQuestion: answerFrom(table).answer })(
      context,
    );
    expect(answer.citations).toEqual([{ number: 1, chunkId: ARCHITECT.id }]);
    expect(steps('plan-end')[0]).toMatchObject({
      reason: 'rounds',
      required: ['Birthplace of Mira Olsen'],
    });
    expect(engine.calls.at(-1)?.messages[1]?.content).toContain(
      'Still missing: Birthplace of Mira Olsen',
    );
  });

  it('keeps the last call for the defender, and lists the facts when even that is spent', async () => {
    // The sub-answer path spends calls of its own (here: three per sub-question).
    const spending = async (strategyContext: StepContext, subQuestion: string) => {
      for (let call = 0; call < 3; call += 1) strategyContext.budget.useCall('specialist');
      return answerFrom(table).answer(strategyContext, subQuestion);
    };
    const kept = setup([json({ subQuestions: [WHO] }), 'Mira Olsen designed it [1].'], {
      budget: { maxLlmCalls: 5 },
    });
    const keptAnswer = await createPlanStrategy({ answerSubQuestion: spending })(kept.context);
    expect(keptAnswer.text).toBe('Mira Olsen designed it [1].');
    expect(kept.fallbacks()).toEqual(['plan-extract']);
    expect(kept.steps('plan-end')[0]).toMatchObject({ reason: 'calls', rounds: 1 });

    const spent = setup([json({ subQuestions: [WHO] })], { budget: { maxLlmCalls: 4 } });
    const spentAnswer = await createPlanStrategy({ answerSubQuestion: spending })(spent.context);
    expect(spentAnswer.status).toBe('answered');
    expect(spentAnswer.text).toContain('Mira Olsen [1]');
    expect(spentAnswer.text).toContain(QUESTION);
    expect(spent.budget.remainingCalls).toBe(0);
  });

  it('says what is missing, not found, when no sub-question finds anything', async () => {
    const { context, steps } = setup(Array<string>(3).fill(json({ subQuestions: [WHO] })));
    const sub = answerFrom({});
    const answer = await createPlanStrategy({ answerSubQuestion: sub.answer })(context);
    expect(answer.status).toBe('not-found');
    expect(sub.asked).toEqual([WHO, QUESTION]);
    expect(steps('plan-end')[0]).toMatchObject({ reason: 'no-new-subquestion', rounds: 3 });
  });

  it('in competition picks the agent with the fewest gaps and stops as soon as one has none', async () => {
    const museum = passage('chunk-museum', 'The Harbour Library opened in 1998.');
    const { context, steps, engine } = setup(
      [
        json({ subQuestions: ['When did the Harbour Library open?'] }),
        json({ facts: [{ fact: 'It opened in 1998.', passages: [1] }], required: ['Architect'] }),
        json({ subQuestions: [WHO] }),
        json({ facts: [architectFact, birthFact], required: [] }),
        'Mira Olsen, born in Bergen [1].',
      ],
      { budget: { maxLlmCalls: 30 } },
    );
    const sub = answerFrom({
      ...table,
      'When did the Harbour Library open?': { answer: '1998', evidence: [museum] },
      [WHO]: { answer: 'Mira Olsen, born in Bergen', evidence: [ARCHITECT] },
    });
    const strategy = createPlanStrategy({ answerSubQuestion: sub.answer, competitors: 2 });
    const answer = await strategy(context);
    expect(engine.calls.map((call) => call.temperature)).toEqual([
      0.2,
      undefined,
      0.5,
      undefined,
      undefined,
    ]);
    expect(steps('leader-select')[0]).toEqual({ round: 1, leader: 1, gaps: [1, 0] });
    expect(steps('plan-end')[0]).toMatchObject({ reason: 'no-gaps', rounds: 1, leader: 1 });
    expect(answer.citations).toEqual([{ number: 1, chunkId: ARCHITECT.id }]);
  });

  it('stops mid-run when the signal fires', async () => {
    const controller = new AbortController();
    const { context, engine } = setup(
      [json({ subQuestions: [WHO] }), json({ facts: [architectFact], required: [] })],
      { signal: controller.signal },
    );
    const aborting = (strategyContext: StepContext, subQuestion: string) => {
      controller.abort();
      return answerFrom(table).answer(strategyContext, subQuestion);
    };
    const run = createPlanStrategy({ answerSubQuestion: aborting })(context);
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(engine.calls).toHaveLength(1);
  });
});
