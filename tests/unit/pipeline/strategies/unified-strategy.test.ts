import { describe, expect, it } from 'vitest';
import {
  ScriptedEngine,
  type ScriptedResponse,
} from '../../../../src/adapters/engines/scripted-engine.ts';
import { BudgetTracker, DEFAULT_BUDGETS, type Budget } from '../../../../src/core/llm/budget.ts';
import { LlmClient } from '../../../../src/core/llm/llm-client.ts';
import { unifiedStrategy } from '../../../../src/core/pipeline/strategies/unified.ts';
import { Trace } from '../../../../src/core/llm/trace.ts';
import type { StepEventType } from '../../../../src/core/llm/trace-events.ts';
import { fieldsOf } from '../../../support/trace-events.ts';
import { FixedRetriever } from '../../agents/agent-fixtures.ts';

const QUESTION = 'How high is the Lake Varnholm station, and how hot is the rye loaf baked?';
const json = (value: unknown) => JSON.stringify(value);
const search = (query: string) => json({ thought: `Look up ${query}.`, action: 'search', query });
const answerNow = json({ thought: 'Memory holds both facts.', action: 'answer', query: '' });
const keepFirst = json({ keep: [1], nothingRelevant: false });
const ALTITUDE_QUOTE = 'The Lake Varnholm station sits at 312 metres.';
const BAKE_QUOTE = 'Bake the rye loaf at 230 °C';
const specialistAnswer = (answer: string, quotes: { passage: number; quote: string }[]) =>
  json({ analysis: `Quotes: ${quotes.map(({ quote }) => quote).join(' ')}`, quotes, answer });
const coordinatorAnswer = (answer: string) =>
  json({ ratings: [{ response: 1, rating: 'good' }], answer });

function setup(
  responses: ScriptedResponse[],
  budget: Partial<Budget> = {},
  controller = new AbortController(),
) {
  const engine = new ScriptedEngine(responses);
  const trace = new Trace(() => 0);
  const tracker = new BudgetTracker({ ...DEFAULT_BUDGETS.unified, ...budget }, trace);
  const llm = new LlmClient({ engine, trace, budget: tracker, signal: controller.signal });
  const retriever = new FixedRetriever();
  const deltas: string[] = [];
  const context = {
    question: QUESTION,
    llm,
    budget: tracker,
    trace,
    retriever,
    signal: controller.signal,
    onAnswerDelta: (text: string) => deltas.push(text),
  };
  const steps = <Type extends StepEventType>(type: Type) => fieldsOf(trace.events, type);
  return { context, engine, retriever, deltas, steps };
}

describe('unified strategy', () => {
  it('searches twice, keeps what the reflector passes, then answers with citations', async () => {
    const { context, engine, retriever, deltas, steps } = setup([
      search('Lake Varnholm station altitude'),
      keepFirst,
      search('rye loaf baking temperature'),
      keepFirst,
      answerNow,
      specialistAnswer('312 metres; 230 °C', [
        { passage: 1, quote: ALTITUDE_QUOTE },
        { passage: 2, quote: BAKE_QUOTE },
      ]),
      coordinatorAnswer('**312 metres** [1]; the loaf bakes at 230 °C [2].'),
    ]);
    const answer = await unifiedStrategy(context);
    expect(answer).toEqual({
      text: '**312 metres** [1]; the loaf bakes at 230 °C [2].',
      citations: [
        { number: 1, chunkId: 'station.md#0', quote: ALTITUDE_QUOTE },
        { number: 2, chunkId: 'bread.md#0', quote: BAKE_QUOTE },
      ],
      status: 'answered',
    });
    expect(retriever.searches).toEqual([
      { query: 'Lake Varnholm station altitude', collectionIds: ['lakes'] },
      { query: 'rye loaf baking temperature', collectionIds: ['kitchen'] },
    ]);
    expect(steps('memory-update').map((event) => event.added)).toEqual([
      ['station.md#0'],
      ['bread.md#0'],
    ]);
    expect(steps('thought-end').map((event) => event.action)).toEqual([
      'search',
      'search',
      'answer',
    ]);
    expect(steps('unified-end')[0]).toMatchObject({ reason: 'answer', searches: 2 });
    expect(steps('unified-start')).toHaveLength(1);
    expect(steps('retrieval-start')).toHaveLength(2);
    expect(steps('retrieval-end')).toHaveLength(2);
    expect(deltas.join('')).toBe(answer.text);
    expect(engine.remaining).toBe(0);
  });

  it('answers instead of running a query again', async () => {
    const { context, engine, retriever, steps } = setup([
      search('station altitude'),
      keepFirst,
      search('Station  altitude?'),
      specialistAnswer('312 metres', [{ passage: 1, quote: ALTITUDE_QUOTE }]),
      coordinatorAnswer('**312 metres** [1]'),
    ]);
    const answer = await unifiedStrategy(context);
    expect(answer.status).toBe('answered');
    expect(retriever.searches).toHaveLength(1);
    expect(steps('unified-end')[0]).toMatchObject({ reason: 'repeated-query' });
    expect(engine.remaining).toBe(0);
  });

  it('falls back on malformed thoughts: searches the question, then answers', async () => {
    const { context, engine, retriever, steps } = setup([
      'not json',
      'still not json',
      keepFirst,
      '{"thought": ',
      'no',
      specialistAnswer('230 °C', [{ passage: 1, quote: BAKE_QUOTE }]),
      coordinatorAnswer('**230 °C** [1]'),
    ]);
    const answer = await unifiedStrategy(context);
    expect(answer.citations[0]?.chunkId).toBe('bread.md#0');
    // The question mentions baking, so routing sends it to the kitchen.
    expect(retriever.searches).toEqual([{ query: QUESTION, collectionIds: ['kitchen'] }]);
    expect(steps('thought-end').map(({ action, decidedBy }) => [action, decidedBy])).toEqual([
      ['search', 'rule'],
      ['answer', 'rule'],
    ]);
    expect(engine.remaining).toBe(0);
  });

  it('answers from memory once the search limit is reached', async () => {
    const { context, engine, steps } = setup(
      [
        search('station altitude'),
        keepFirst,
        search('rye bread oven'),
        keepFirst,
        specialistAnswer('312 metres', [{ passage: 1, quote: ALTITUDE_QUOTE }]),
        coordinatorAnswer('**312 metres** [1]'),
      ],
      { maxRounds: 2 },
    );
    const answer = await unifiedStrategy(context);
    expect(answer.status).toBe('answered');
    expect(steps('unified-end')[0]).toMatchObject({
      reason: 'searches',
      searches: 2,
      passages: ['station.md#0', 'bread.md#0'],
    });
    expect(engine.remaining).toBe(0);
  });

  it('keeps the calls for the final answer when the budget runs low', async () => {
    const { context, engine, steps } = setup(
      [
        search('station altitude'),
        keepFirst,
        specialistAnswer('312 metres', [{ passage: 1, quote: ALTITUDE_QUOTE }]),
        coordinatorAnswer('**312 metres** [1]'),
      ],
      { maxLlmCalls: 5 },
    );
    const answer = await unifiedStrategy(context);
    expect(answer.text).toBe('**312 metres** [1]');
    expect(steps('unified-end')[0]).toMatchObject({ reason: 'calls', searches: 1 });
    expect(context.budget.llmCallsUsed).toBe(4);
    expect(engine.remaining).toBe(0);
  });

  it('says not found, without a call, when the memory stays empty', async () => {
    const { context, engine } = setup([
      search('station altitude'),
      json({ keep: [], nothingRelevant: true }),
      answerNow,
    ]);
    const answer = await unifiedStrategy(context);
    expect(answer).toMatchObject({ status: 'not-found', citations: [] });
    expect(engine.remaining).toBe(0);
  });

  it('says not found when the budget leaves no room for a search', async () => {
    const { context, engine } = setup([], { maxLlmCalls: 3 });
    const answer = await unifiedStrategy(context);
    expect(answer.status).toBe('not-found');
    expect(engine.calls).toHaveLength(0);
  });

  it('stops when the run is aborted', async () => {
    const controller = new AbortController();
    const { context, retriever } = setup(
      [
        () => {
          controller.abort();
          return search('station altitude');
        },
      ],
      {},
      controller,
    );
    await expect(unifiedStrategy(context)).rejects.toMatchObject({ name: 'AbortError' });
    expect(retriever.searches).toHaveLength(0);
  });
});
