import { describe, expect, it } from 'vitest';
import { ExtractiveEngine } from '../../../src/adapters/engines/extractive-engine.ts';
import { ScriptedEngine } from '../../../src/adapters/engines/scripted-engine.ts';
import { runQuestion } from '../../../src/core/pipeline/run-question.ts';
import { directStrategy } from '../../../src/core/pipeline/strategies/direct.ts';
import { singleStrategy } from '../../../src/core/pipeline/strategies/single.ts';
import type { TraceEvent } from '../../../src/core/llm/trace.ts';
import { fieldsOf } from '../../support/trace-events.ts';
import { FixedRetriever } from '../agents/agent-fixtures.ts';

const strategies = { direct: directStrategy, single: singleStrategy };
const json = (value: unknown) => JSON.stringify(value);
const history = [{ question: 'How do I bake the rye loaf?', answer: 'At 230 °C [1].' }];

describe('runQuestion with earlier turns', () => {
  it('routes and answers the rewritten question; the trace keeps the one asked', async () => {
    const standalone = 'How long do I bake the rye loaf at 230 °C?';
    const engine = new ScriptedEngine([
      json({ standalone }),
      json({ strategy: 'single', reason: 'One fact.', query: 'rye loaf baking time' }),
      json({ keep: [1], nothingRelevant: false }),
      json({ analysis: '', quotes: [], answer: 'Fifteen minutes' }),
      json({ ratings: [{ response: 1, rating: 'good' }], answer: 'Fifteen minutes [1]' }),
    ]);
    const retriever = new FixedRetriever();
    const events: TraceEvent[] = [];
    const result = await runQuestion({
      question: 'And for how long?',
      history,
      engine,
      retriever,
      strategy: 'auto',
      strategies,
      onEvent: (event) => events.push(event),
    });
    expect(result.status).toBe('answered');
    expect(events[0]).toMatchObject({ type: 'run-start', question: 'And for how long?' });
    expect(engine.calls[1]?.messages.at(-1)?.content).toContain(`Question: ${standalone}`);
    expect(retriever.searches[0]?.query).toBe('rye loaf baking time');
    expect(fieldsOf(events, 'question-rewrite')[0]?.standalone).toBe(standalone);
    // The rewrite's calls count in the totals but not against the strategy's budget.
    expect(result.totals.llmCalls).toBe(5);
  });

  it('searches with the previous question’s words when the engine writes no rewrite', async () => {
    const retriever = new FixedRetriever();
    await runQuestion({
      question: 'And for how long?',
      history,
      engine: new ExtractiveEngine(),
      retriever,
      strategy: 'single',
      strategies,
    });
    expect(retriever.searches[0]?.query).toBe('And for how long? bake rye loaf');
  });

  it('asks nothing extra without earlier turns', async () => {
    const retriever = new FixedRetriever();
    const events: TraceEvent[] = [];
    await runQuestion({
      question: 'How do I bake the rye loaf?',
      history: [],
      engine: new ExtractiveEngine(),
      retriever,
      strategy: 'single',
      strategies,
      onEvent: (event) => events.push(event),
    });
    expect(events.some((event) => event.type === 'question-rewrite')).toBe(false);
    expect(retriever.searches[0]?.query).toBe('How do I bake the rye loaf?');
  });
});
