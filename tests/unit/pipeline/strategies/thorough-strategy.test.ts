import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../../src/adapters/engines/scripted-engine.ts';
import type { ProposeInput } from '../../../../src/core/agents/refine/proposal-call.ts';
import { DEFAULT_THOROUGH_OPTIONS } from '../../../../src/core/agents/refine/thorough-options.ts';
import { BudgetExhaustedError } from '../../../../src/core/errors.ts';
import {
  createThoroughStrategy,
  type Propose,
  type ThoroughStrategyOptions,
} from '../../../../src/core/pipeline/strategies/thorough.ts';
import { FixedRetriever } from '../../agents/agent-fixtures.ts';
import {
  byStep,
  candidate,
  candidateBlocks,
  LAKE_PASSAGES,
  refineSetup,
  scores,
  stepOf,
  userText,
  type RefineSetupOptions,
  type Replies,
} from '../../agents/refine/refine-fixtures.ts';

/** A proposer that writes "Candidate n proposed." and may spend calls of its own. */
function fakePropose(options: { spend?: number; failAt?: number } = {}) {
  const requests: ProposeInput[] = [];
  const propose: Propose = async (context, request) => {
    requests.push(request);
    if (request.candidateId === options.failAt) throw new BudgetExhaustedError('llm-calls', 9);
    for (let call = 0; call < (options.spend ?? 0); call += 1) context.budget.useCall('proposer');
    const id = request.candidateId;
    return candidate(id, `Candidate ${id} proposed [1].\nAnswer: proposal ${id}`);
  };
  return { propose, requests };
}

const only = (request: RecordedRequest) => candidateBlocks(request).at(-1)?.id ?? 0;

/** Replies that mark each rewrite, pass every score, and rank candidate 2 best. */
function replies(overrides: Replies = {}): Replies {
  return {
    corrector: (request) => {
      const id = only(request);
      const kind = userText(request).includes('apply the suggestions') ? 'reworked' : 'corrected';
      return `Candidate ${id} ${kind} [1].\nAnswer: answer ${id}`;
    },
    'anchor-refiner': (request) => {
      const id = only(request);
      return `Candidate ${id} refined [2] [7].\nAnswer: answer ${id} [2]`;
    },
    evaluator: () => scores(4, 4, 4),
    ranker: () => JSON.stringify({ best: 2, reason: 'Best supported.' }),
    ...overrides,
  };
}

function run(
  overrides: Replies = {},
  options: Partial<ThoroughStrategyOptions> & { spend?: number; failAt?: number } = {},
  setupOptions: RefineSetupOptions = {},
) {
  const setup = refineSetup(byStep(replies(overrides)), setupOptions);
  const proposer = fakePropose(options);
  const strategy = createThoroughStrategy({ ...options, propose: proposer.propose });
  return { ...setup, ...proposer, events: setup.steps, answer: () => strategy(setup.context) };
}

/** Fails candidate 2 until it has been reworked (or always), with a suggestion. */
const failing =
  (always: boolean) =>
  (request: RecordedRequest): string => {
    const [block] = candidateBlocks(request);
    if (block?.id !== 2 || (!always && block.body.includes('reworked'))) return scores(4, 4, 4);
    return scores(2, 1, 2, 'Say which season.');
  };

describe('thorough strategy', () => {
  it('proposes, corrects, refines, scores and ranks, citing pool chunks', async () => {
    const { answer, requests, calls, events, deltas, retriever, context } = run();
    context.searchQuery = 'sediment cores winter';
    const result = await answer();
    expect(retriever.searches[0]).toEqual({
      query: 'sediment cores winter',
      collectionIds: ['lakes'],
    });
    expect(
      requests.map(({ candidateId, temperature, reserveCalls, initialCount, collectionIds }) => ({
        candidateId,
        temperature,
        reserveCalls,
        initialCount,
        collectionIds,
      })),
    ).toEqual([
      {
        candidateId: 1,
        temperature: 0.3,
        reserveCalls: 8,
        initialCount: 2,
        collectionIds: ['lakes'],
      },
      {
        candidateId: 2,
        temperature: 0.7,
        reserveCalls: 7,
        initialCount: 2,
        collectionIds: ['lakes'],
      },
    ]);
    expect(requests[0]?.options).toEqual(DEFAULT_THOROUGH_OPTIONS);
    expect(calls()).toEqual([
      'corrector',
      'corrector',
      'anchor-refiner',
      'anchor-refiner',
      'evaluator',
      'evaluator',
      'ranker',
    ]);
    expect(result).toEqual({
      text: '**answer 2** [1]\n\nCandidate 2 refined [1].',
      citations: [{ number: 1, chunkId: LAKE_PASSAGES[1]?.id }],
      status: 'answered',
    });
    expect(events('citation-drop')).toEqual([
      { chunkId: undefined, number: 7, reason: 'unknown-number' },
    ]);
    expect(deltas).toEqual([result.text]);
    expect(events('thorough-end')).toEqual([{ chosen: 2, candidates: 2, rounds: 0 }]);
  });

  it('makes every candidate the anchor once, against the others as they were before HSR', async () => {
    const { answer, engine, events } = run({}, { candidates: 3 });
    await answer();
    expect(events('anchor-refine')).toEqual([
      { anchor: 1, references: [2, 3] },
      { anchor: 2, references: [1, 3] },
      { anchor: 3, references: [1, 2] },
    ]);
    const refinements = engine.calls.filter((request) => stepOf(request) === 'anchor-refiner');
    for (const request of refinements) {
      const blocks = candidateBlocks(request);
      expect(blocks.map(({ body }) => body.split('\n')[0])).toEqual(
        blocks.map(({ id }) => `Candidate ${id} corrected [1].`),
      );
    }
    const graded = engine.calls.filter((request) => stepOf(request) === 'evaluator');
    expect(graded.map((request) => candidateBlocks(request)[0]?.body.split('\n')[0])).toEqual([
      'Candidate 1 refined [2] [7].',
      'Candidate 2 refined [2] [7].',
      'Candidate 3 refined [2] [7].',
    ]);
  });

  it('reworks and re-scores only the failing candidate', async () => {
    const { answer, engine, calls, events } = run({ evaluator: failing(false) });
    await answer();
    expect(calls().slice(4)).toEqual([
      'evaluator',
      'evaluator',
      'corrector',
      'evaluator',
      'ranker',
    ]);
    const rework = engine.calls[6];
    expect(candidateBlocks(rework!).map(({ id }) => id)).toEqual([2]);
    expect(userText(rework)).toContain('Say which season.');
    expect(events('candidate-rework')).toEqual([{ candidate: 2, round: 1 }]);
    expect(
      events('candidate-score').map(({ candidate: id, round, passed }) => [id, round, passed]),
    ).toEqual([
      [1, 0, true],
      [2, 0, false],
      [2, 1, true],
    ]);
    expect(events('qair-end')).toEqual([{ reason: 'passed', rounds: 1, failed: [] }]);
  });

  it.each([
    [2, [1, 2]],
    [1, [1]],
  ])(
    'stops after %i rework rounds, never touching the passing candidate',
    async (maxRounds, rounds) => {
      const { answer, engine, events } = run(
        { evaluator: failing(true) },
        {},
        { budget: { maxRounds } },
      );
      await answer();
      expect(events('candidate-rework')).toEqual(rounds.map((round) => ({ candidate: 2, round })));
      const corrected = engine.calls
        .filter((request) => stepOf(request) === 'corrector')
        .map((request) => only(request));
      expect(corrected).toEqual([1, 2, ...rounds.map(() => 2)]);
      expect(events('qair-end')).toEqual([{ reason: 'rounds', rounds: maxRounds, failed: [2] }]);
      expect(events('thorough-end')[0]).toMatchObject({ rounds: maxRounds });
    },
  );

  it('does not re-score a rework the corrector kept unchanged', async () => {
    const { answer, calls, events } = run({
      evaluator: failing(true),
      corrector: (request) =>
        userText(request).includes('apply the suggestions')
          ? 'I cannot improve it.'
          : `Candidate ${only(request)} corrected.\nAnswer: answer ${only(request)}`,
    });
    await answer();
    expect(calls().slice(6)).toEqual(['corrector', 'corrector', 'ranker']);
    expect(events('candidate-keep')).toEqual([
      { candidate: 2, stage: 'rework', reason: 'malformed' },
      { candidate: 2, stage: 'rework', reason: 'malformed' },
    ]);
  });

  it('falls back to passing scores on malformed evaluations, without a rework loop', async () => {
    const { answer, calls, events } = run({ evaluator: () => 'great answer' });
    const result = await answer();
    expect(calls().slice(4)).toEqual([
      'evaluator',
      'evaluator:repair',
      'evaluator',
      'evaluator:repair',
      'ranker',
    ]);
    expect(events('candidate-score').map(({ decidedBy, passed }) => [decidedBy, passed])).toEqual([
      ['fallback', true],
      ['fallback', true],
    ]);
    expect(events('candidate-rework')).toEqual([]);
    expect(result.status).toBe('answered');
  });

  it.each([
    [{ hsr: false }, 'hsr', ['corrector', 'corrector', 'evaluator', 'evaluator', 'ranker'], 6],
    [
      { qair: false },
      'qair',
      ['corrector', 'corrector', 'anchor-refiner', 'anchor-refiner', 'ranker'],
      6,
    ],
  ] as const)('skips a disabled stage: %o', async (options, stage, expected, reserve) => {
    const { answer, calls, events, requests } = run({}, options);
    await answer();
    expect(events('stage-skip')).toEqual([{ stage, reason: 'disabled' }]);
    expect(calls()).toEqual(expected);
    expect(requests.map(({ reserveCalls }) => reserveCalls)).toEqual([reserve, reserve - 1]);
    if (stage === 'qair') expect(events('candidate-score')).toEqual([]);
  });

  it('with one candidate and both off, only corrects it', async () => {
    const { answer, calls, events } = run({}, { candidates: 1, hsr: false, qair: false });
    const result = await answer();
    expect(calls()).toEqual(['corrector']);
    expect(events('rank-end')[0]).toMatchObject({ chosen: 1, decidedBy: 'scores' });
    expect(result.text).toBe('**answer 1**\n\nCandidate 1 corrected [1].');
  });

  it('skips stages that would take the ranker’s call, and the ranker still gets it', async () => {
    const { answer, calls, events, budget } = run({}, { spend: 1 }, { budget: { maxLlmCalls: 4 } });
    const result = await answer();
    expect(calls()).toEqual(['corrector', 'ranker']);
    expect(events('stage-skip')).toEqual([
      { stage: 'correction', reason: 'budget', candidate: 2 },
      { stage: 'hsr', reason: 'budget', candidate: 1 },
      { stage: 'hsr', reason: 'budget', candidate: 2 },
      { stage: 'scoring', reason: 'budget', candidate: 1 },
      { stage: 'scoring', reason: 'budget', candidate: 2 },
    ]);
    expect(events('rank-end')[0]).toMatchObject({ chosen: 2, decidedBy: 'ranker' });
    expect(result.text).toBe('**proposal 2**\n\nCandidate 2 proposed [1].');
    expect(budget.remainingCalls).toBe(0);
  });

  it('proposes fewer candidates when the proposals and the ranker cannot all be paid for', async () => {
    const { answer, calls, events, requests } = run(
      {},
      { spend: 1 },
      { budget: { maxLlmCalls: 2 } },
    );
    const result = await answer();
    expect(events('stage-skip')).toEqual([
      { stage: 'proposal', reason: 'budget', planned: 2, proposing: 1 },
      { stage: 'hsr', reason: 'single-candidate' },
      { stage: 'scoring', reason: 'budget', candidate: 1 },
    ]);
    expect(requests.map(({ reserveCalls }) => reserveCalls)).toEqual([2]);
    expect(calls()).toEqual(['corrector']);
    expect(result.text).toBe('**answer 1**\n\nCandidate 1 corrected [1].');
  });

  it('goes on with the candidates there are when a later proposal runs out of calls', async () => {
    const { answer, events, requests } = run({}, { failAt: 2 });
    const result = await answer();
    expect(requests).toHaveLength(2);
    expect(events('stage-skip')[0]).toEqual({
      stage: 'proposal',
      reason: 'budget',
      planned: 2,
      proposing: 1,
    });
    expect(events('thorough-end')[0]).toMatchObject({ chosen: 1, candidates: 1 });
    expect(result.status).toBe('answered');
  });

  it('lets the scores decide when a repair took the ranker’s call', async () => {
    const { answer, calls, events } = run(
      { evaluator: (request) => (only(request) === 2 ? 'bad' : scores(4, 4, 4)) },
      {},
      { budget: { maxLlmCalls: 7 } },
    );
    await answer();
    expect(calls()).toEqual([
      'corrector',
      'corrector',
      'anchor-refiner',
      'anchor-refiner',
      'evaluator',
      'evaluator',
      'evaluator:repair',
    ]);
    expect(events('rank-end')[0]).toMatchObject({ chosen: 1, decidedBy: 'scores' });
  });

  it('throws BudgetExhausted only when not one proposal can be made', async () => {
    const { answer, requests, trace } = run({}, {}, { budget: { maxLlmCalls: 0 } });
    await expect(answer()).rejects.toBeInstanceOf(BudgetExhaustedError);
    expect(requests).toHaveLength(0);
    expect(trace.events.some((event) => event.type === 'budget-exhausted')).toBe(true);
  });

  it('answers not-found without a call when the search finds nothing', async () => {
    const { answer, context, requests, engine, deltas } = run();
    context.retriever = new FixedRetriever([]);
    const result = await answer();
    expect(result.status).toBe('not-found');
    expect(requests).toHaveLength(0);
    expect(engine.calls).toHaveLength(0);
    expect(deltas).toEqual([result.text]);
  });

  it.each(['corrector', 'anchor-refiner', 'evaluator', 'ranker'] as const)(
    'rejects with the AbortError when stopped in the %s',
    async (step) => {
      const controller = new AbortController();
      const normal = replies();
      const aborting: Replies = {
        [step]: (request: RecordedRequest) => {
          controller.abort();
          return normal[step]?.(request) ?? '';
        },
      };
      const { answer, calls } = run(aborting, {}, { signal: controller.signal });
      await expect(answer()).rejects.toMatchObject({ name: 'AbortError' });
      expect(calls().at(-1)).toBe(step);
    },
  );
});
