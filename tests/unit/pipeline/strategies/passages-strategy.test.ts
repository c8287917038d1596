import { describe, expect, it } from 'vitest';
import { ExtractiveEngine } from '../../../../src/adapters/engines/extractive-engine.ts';
import { runQuestion } from '../../../../src/core/pipeline/run-question.ts';
import { defaultStrategies } from '../../../../src/core/pipeline/strategies/index.ts';
import { FixedRetriever } from '../../agents/agent-fixtures.ts';

describe('answering without a model', () => {
  it('reads the passages whatever strategy was asked, with no model call', async () => {
    for (const strategy of ['auto', 'plan', 'thorough'] as const) {
      const retriever = new FixedRetriever();
      const result = await runQuestion({
        question: 'How deep is Lake Varnholm?',
        engine: new ExtractiveEngine(),
        retriever,
        strategy,
        strategies: defaultStrategies(),
      });
      expect(result.strategy).toBe('passages');
      expect(result.totals.llmCalls).toBe(0);
      expect(result.reading).toBeDefined();
      expect(result.trace.events.some(({ type }) => type.startsWith('llm-call'))).toBe(false);
      const types = result.trace.events.map(({ type }) => type);
      expect(types).toEqual(
        expect.arrayContaining(['strategy-choose', 'retrieval-end', 'reading-end', 'run-end']),
      );
      const shown = new Set(result.reading?.passages.map(({ path }) => path));
      expect(shown.size).toBe(result.reading?.passages.length);
      expect(JSON.stringify(result.trace.events)).not.toContain('null');
    }
  });

  it('stops with AbortError when asked to', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      runQuestion({
        question: 'How deep is Lake Varnholm?',
        engine: new ExtractiveEngine(),
        retriever: new FixedRetriever(),
        strategy: 'auto',
        strategies: defaultStrategies(),
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
