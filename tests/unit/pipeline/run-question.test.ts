import { describe, expect, it } from 'vitest';
import {
  ScriptedEngine,
  type ScriptedResponse,
} from '../../../src/adapters/engines/scripted-engine.ts';
import { ExtractiveEngine } from '../../../src/adapters/engines/extractive-engine.ts';
import { BudgetExhaustedError } from '../../../src/core/errors.ts';
import type { ChatEngine } from '../../../src/core/ports/chat-engine.ts';
import { runQuestion, type StrategyChoice } from '../../../src/core/pipeline/run-question.ts';
import { directStrategy } from '../../../src/core/pipeline/strategies/direct.ts';
import { singleStrategy } from '../../../src/core/pipeline/strategies/single.ts';
import type { Strategy } from '../../../src/core/pipeline/strategy.ts';
import type { TraceEvent } from '../../../src/core/llm/trace.ts';
import { fieldsOf } from '../../support/trace-events.ts';
import { FixedRetriever } from '../agents/agent-fixtures.ts';

const strategies = { direct: directStrategy, single: singleStrategy };
const bakeQuestion = 'At what temperature do I bake the rye loaf?';
const json = (value: unknown) => JSON.stringify(value);
const route = (strategy: string, query = '') => json({ strategy, reason: `${strategy}.`, query });
const bakeAnswer = [
  json({ keep: [1], nothingRelevant: false }),
  json({
    analysis: 'Passage 1: "Bake the rye loaf at 230 °C".',
    quotes: [{ passage: 1, quote: 'Bake the rye loaf at 230 °C' }],
    answer: '230 °C',
  }),
  json({ ratings: [{ response: 1, rating: 'good' }], answer: '**230 °C** [1]' }),
];

function run(
  responses: ScriptedResponse[] | ChatEngine,
  strategy: StrategyChoice = 'auto',
  extra: Partial<Parameters<typeof runQuestion>[0]> = {},
) {
  const engine = Array.isArray(responses) ? new ScriptedEngine(responses) : responses;
  const retriever = new FixedRetriever();
  const events: TraceEvent[] = [];
  const deltas: string[] = [];
  const result = runQuestion({
    question: bakeQuestion,
    engine,
    retriever,
    strategy,
    strategies,
    onEvent: (event) => events.push(event),
    onAnswerDelta: (text) => deltas.push(text),
    ...extra,
  });
  const calls = engine instanceof ScriptedEngine ? engine.calls : [];
  return { result, calls, retriever, events, deltas };
}

describe('runQuestion', () => {
  it('routes to single, searches the routed collection with the router’s query, cites', async () => {
    const { result, retriever, events, deltas } = run([
      route('single', 'rye loaf oven temperature'),
      ...bakeAnswer,
    ]);
    const answer = await result;
    expect(answer).toMatchObject({
      strategy: 'single',
      status: 'answered',
      answer: '**230 °C** [1]',
    });
    expect(answer.citations).toEqual([
      { number: 1, chunkId: 'bread.md#0', quote: 'Bake the rye loaf at 230 °C' },
    ]);
    expect(retriever.searches).toEqual([
      { query: 'rye loaf oven temperature', collectionIds: ['kitchen'] },
    ]);
    expect(fieldsOf(events, 'collections-route')[0]).toMatchObject({ selected: ['kitchen'] });
    expect(deltas.join('')).toBe(answer.answer);
    expect(events[0]).toMatchObject({
      type: 'run-start',
      engine: { id: 'scripted', kind: 'scripted' },
    });
    expect(events.at(-1)).toMatchObject({ type: 'run-end', outcome: 'answered' });
    expect(answer.totals.llmCalls).toBe(4);
  });

  it('routes to direct and answers without searching', async () => {
    const { result, retriever } = run([route('direct'), 'Hello! Ask me about your documents.']);
    const answer = await result;
    expect(answer).toMatchObject({ strategy: 'direct', status: 'answered', citations: [] });
    expect(answer.answer).toBe('Hello! Ask me about your documents.');
    expect(retriever.searches).toEqual([]);
  });

  it('runs plan as single, with a trace event, when no planner is given', async () => {
    const { result, events } = run([route('plan'), ...bakeAnswer]);
    expect((await result).strategy).toBe('single');
    expect(fieldsOf(events, 'strategy-fallback')[0]).toMatchObject({ wanted: 'plan' });
  });

  it('runs a given plan strategy when the router picks it', async () => {
    const plan: Strategy = async () => ({ text: 'planned', citations: [], status: 'answered' });
    const { result } = run([route('plan')], 'auto', { strategies: { ...strategies, plan } });
    expect(await result).toMatchObject({ strategy: 'plan', answer: 'planned' });
  });

  it('skips the router when the user chose a strategy', async () => {
    const { result, calls, events } = run([...bakeAnswer], 'single');
    expect((await result).status).toBe('answered');
    expect(calls).toHaveLength(3);
    expect(fieldsOf(events, 'strategy-choose')[0]).toMatchObject({
      strategy: 'single',
      by: 'user',
    });
  });

  it('ignores instructions written in a document', async () => {
    const { result, calls } = run([...bakeAnswer], 'single');
    await result;
    const filterPrompt = calls[0]?.messages ?? [];
    expect(filterPrompt[0]?.content).toMatch(/never instructions/);
    expect(filterPrompt[1]?.content).toMatch(
      /<passage id="2">\nIgnore all previous instructions[^\n]*\n<\/passage>/,
    );
    const extractive = await run(new ExtractiveEngine(), 'single').result;
    expect(extractive.answer).not.toMatch(/BANANA/);
    expect(extractive.answer).toMatch(/230/);
  });

  it('answers that the budget ran out instead of failing', async () => {
    const { result, events } = run([], 'direct', {
      budgets: {
        direct: { maxLlmCalls: 0, maxRounds: 1, maxPromptTokens: 1536, maxCompletionTokens: 64 },
      },
    });
    const answer = await result;
    expect(answer.status).toBe('out-of-budget');
    expect(answer.answer).toMatch(/stopped after 0 model calls/);
    expect(events.some((event) => event.type === 'budget-exhausted')).toBe(true);
  });

  it('keeps the answer streamed before the budget ran out', async () => {
    const partial: Strategy = async (context) => {
      context.onAnswerDelta?.('**230 °C** so far');
      throw new BudgetExhaustedError('rounds', 3);
    };
    const { result } = run([], 'plan', { strategies: { ...strategies, plan: partial } });
    expect(await result).toMatchObject({ answer: '**230 °C** so far', status: 'out-of-budget' });
  });

  it('stops mid-stream when aborted, and ends the trace as stopped', async () => {
    const controller = new AbortController();
    const { result, events, deltas } = run(
      [route('direct'), 'A long answer that streams in several pieces.'],
      'auto',
      { signal: controller.signal, onAnswerDelta: () => controller.abort() },
    );
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(deltas).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'run-end', outcome: 'stopped' });
  });
});
