import { describe, expect, it } from 'vitest';
import {
  fallbackNote,
  injectEvidence,
  renumberCitations,
  type InjectInput,
} from '../../../../src/core/agents/refine/injector.ts';
import { checkForGap } from '../../../../src/core/agents/refine/monitor.ts';
import { fallbackQueries, writeQueries } from '../../../../src/core/agents/refine/querier.ts';
import { FOUND, INITIAL, proposerSetup, QUESTION } from './proposer-fixtures.ts';

describe('checkForGap', () => {
  const window = {
    start: 0,
    end: 40,
    text: 'The rig is heavy. It is possibly on ice.',
    final: true,
    unseenFrom: 0,
  };
  const signals = [{ kind: 'hedge' as const, text: 'possibly', offset: 24 }];

  it('sends the window as data and takes the span the model copied', async () => {
    const { engine, context, steps } = proposerSetup([
      JSON.stringify({ gap: true, span: 'possibly on ice' }),
    ]);
    const decision = await checkForGap(context, {
      question: QUESTION,
      candidateId: 2,
      window,
      signals,
    });
    expect(decision).toEqual({ gap: true, span: 'possibly on ice', decidedBy: 'llm' });
    expect(engine.calls[0]?.maxTokens).toBe(80);
    expect(engine.calls[0]?.messages[1]?.content).toContain(`<reasoning>\n${window.text}`);
    expect(engine.calls[0]?.responseFormat).toMatchObject({
      schema: { properties: { gap: { type: 'boolean' }, span: { type: 'string' } } },
    });
    expect(steps('monitor-check')[0]).toEqual({
      candidate: 2,
      windowStart: 0,
      windowEnd: 40,
      signals: ['hedge: possibly'],
      gap: true,
      span: 'possibly on ice',
      decidedBy: 'llm',
    });
  });

  it('trusts the signals when no call is left', async () => {
    const { context } = proposerSetup([], { budget: { maxLlmCalls: 0 } });
    const decision = await checkForGap(context, {
      question: QUESTION,
      candidateId: 1,
      window,
      signals,
    });
    expect(decision).toEqual({ gap: true, span: 'It is possibly on ice.', decidedBy: 'fallback' });
  });
});

describe('writeQueries', () => {
  it('keeps at most three distinct, trimmed queries', async () => {
    const { context, steps } = proposerSetup([
      JSON.stringify({ queries: [' ice  rig ', 'ice rig', '', 'boat', 'summer', 'winter'] }),
    ]);
    const output = await writeQueries(context, { question: QUESTION, candidateId: 1, span: 'x' });
    expect(output).toEqual({ queries: ['ice rig', 'boat', 'summer'], decidedBy: 'querier' });
    expect(steps('query-write')[0]).toMatchObject({ span: 'x', decidedBy: 'querier' });
  });

  it('falls back on the absent names and the content words, eight at most', () => {
    expect(
      fallbackQueries({
        question: QUESTION,
        candidateId: 1,
        span: 'I think the core from Lake Tovdal was probably drilled in 1987 by a team of divers and a boat crew.',
        entities: ['Lake Tovdal', '1987'],
      }),
    ).toEqual(['Lake Tovdal 1987 core drilled team divers boat']);
    expect(fallbackQueries({ question: 'Why is it so?', candidateId: 1 })).toEqual([]);
  });
});

describe('injectEvidence', () => {
  const input = (pool: InjectInput['pool']): InjectInput => ({
    question: QUESTION,
    candidateId: 1,
    injection: 1,
    span: 'The ice is possibly firm.',
    queries: ['winter ice'],
    pool,
    collectionIds: ['lakes'],
    excludedIds: new Set(INITIAL.map(({ id }) => id)),
  });

  it('skips the note when the injector finds nothing relevant, leaving the pool alone', async () => {
    const { context, pool, steps } = proposerSetup(['NONE']);
    expect(await injectEvidence(context, input(pool))).toBeUndefined();
    expect(steps('injection-skip')[0]).toMatchObject({ reason: 'irrelevant' });
    expect(pool.size).toBe(2);
  });

  it('writes the note mechanically when no call is left', async () => {
    const { context, pool, steps } = proposerSetup([], { budget: { maxLlmCalls: 0 } });
    const note = await injectEvidence(context, input(pool));
    expect(note?.passageNumbers).toEqual([3, 4]);
    expect(note?.text).toBe(fallbackNote(FOUND, [3, 4]));
    expect(steps('injection-end')[0]).toMatchObject({ decidedBy: 'fallback' });
  });

  it('maps prompt positions to pool numbers', () => {
    expect(renumberCitations('Ice [1]; boat [2, 1]; none [7].', [5, 9])).toBe(
      'Ice [5]; boat [9] [5]; none.',
    );
  });
});
