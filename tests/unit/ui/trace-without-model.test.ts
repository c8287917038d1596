import { describe, expect, it } from 'vitest';
import type { StepEventFields, StepEventType } from '../../../src/core/llm/trace-events.ts';
import type { TraceEvent } from '../../../src/core/llm/trace.ts';
import { costLine, liveTotals, ranWithoutModel, traceLine } from '../../../src/ui/trace-lines.ts';
import { stepEvent } from '../../support/trace-events.ts';

const names = new Map([['c1', 'library']]);

const step = <Type extends StepEventType>(
  type: Type,
  fields: Partial<StepEventFields<Type>>,
  at = 1,
): TraceEvent => stepEvent(type, fields, at, 'passages');

describe('trace lines of a run without a model', () => {
  it('describes the passages strategy in words', () => {
    const events: TraceEvent[] = [
      step('strategy-choose', {
        strategy: 'passages',
        reason: 'No language model is set up: answered from the passages directly.',
        by: 'engine',
      }),
      step('retrieval-start', { query: 'How long is VH-7?', k: 24 }),
      step('retrieval-end', {
        passages: [
          { id: 'a', score: 0.9 },
          { id: 'b', score: 0.5 },
        ],
      }),
      step('reading-end', {
        outcome: 'answer',
        answer: '312 metres',
        confidence: 0.93,
        passages: 3,
      }),
      step('reading-end', {
        outcome: 'needs-model',
        reason: 'multi-part',
        answer: 'Maja',
        confidence: 0.2,
        passages: 3,
      }),
      step('reading-end', { outcome: 'needs-model', reason: 'low-confidence', passages: 2 }),
      step('reading-end', { outcome: 'nothing', passages: 0 }),
    ];
    expect(events.map((event) => traceLine(event, names))).toEqual([
      {
        at: 1,
        title: 'Strategy: passages (no language model)',
        detail: 'No language model is set up: answered from the passages directly.',
      },
      undefined,
      { at: 1, title: 'Retrieved 2 passages' },
      { at: 1, title: 'Read 3 passages without a model: likely answer “312 metres” (very likely)' },
      {
        at: 1,
        title:
          'Read 3 passages without a model: they look relevant, but combining them needs a language model',
        detail: 'Best guess, not stated: “Maja” (unsure)',
        info: true,
      },
      {
        at: 1,
        title:
          'Read 2 passages without a model: they look relevant, but no single short answer stands out',
        info: true,
      },
      { at: 1, title: 'Nothing matched above the relevance floor', info: true },
    ]);
  });

  it('reads fallbacks and skips as information, not as failures', () => {
    const fallback: TraceEvent = {
      type: 'llm-call-fallback',
      step: 'router',
      at: 3,
      reason: 'malformed',
      error: 'Unexpected token',
    };
    expect(traceLine(fallback, names)).toEqual({
      at: 3,
      title: 'Went on without the model (router)',
      detail: 'the reply could not be read, so the step took its default: Unexpected token',
      info: true,
    });
    const lines = [
      step('strategy-fallback', { wanted: 'plan', running: 'passages', reason: 'No model.' }),
      step('strategy-fallback', { wanted: 'plan', running: 'single', reason: 'Not here.' }),
      step('filter-skip', { collectionId: 'c1', reason: 'budget' }),
      step('evidence-filter', { offered: ['a', 'b'], kept: ['a'], decidedBy: 'fallback' }),
      step('injection-skip', { candidate: 1, reason: 'budget' }),
      step('stage-skip', { stage: 'hsr', reason: 'budget' }),
      step('monitor-check', { candidate: 1, gap: false, decidedBy: 'fallback' }),
      step('defender-end', { status: 'answered', citations: 0, fallback: true }),
    ].map((event) => traceLine(event, names));
    expect(lines[0]).toMatchObject({
      title: 'No language model: answered from the passages directly',
      detail: 'No model.',
    });
    expect(lines[1]).toMatchObject({ title: 'Strategy: single instead' });
    for (const line of lines) {
      expect(line?.warning).toBeUndefined();
      expect(line?.info).toBe(true);
    }
  });

  it('says a planner with no new sub-question has none, and a missing sub-answer so', () => {
    expect(traceLine(step('subquestion-select', { agent: 1 }), names)).toEqual({
      at: 1,
      title: 'No new sub-question to ask',
      info: true,
    });
    expect(traceLine(step('subanswer-end', { subQuestion: 'Who founded it?' }), names)).toEqual({
      at: 1,
      title: 'Sub-question not answered',
      detail: 'Who founded it?',
    });
    expect(
      traceLine(
        step('subanswer-end', { subQuestion: 'Who founded it?', answer: 'Solberg' }),
        names,
      ),
    ).toEqual({ at: 1, title: 'Sub-answer', detail: 'Who founded it? → Solberg' });
    expect(traceLine(step('specialist-answer', { collectionId: 'c1' }), names)).toEqual({
      at: 1,
      title: 'Specialist library: does not know',
      detail: '0 quotes kept, 0 dropped',
    });
    expect(traceLine(step('plan-end', { reason: 'no-new-subquestion' }), names)?.title).toBe(
      'Planning stopped: no new sub-question to ask',
    );
  });

  it('counts steps, not model calls or tokens, when no model ran', () => {
    const events: TraceEvent[] = [
      { type: 'run-start', at: 0, question: 'How long is VH-7?', strategy: 'auto' },
      step('strategy-choose', { strategy: 'passages', by: 'engine' }, 1),
      step('retrieval-start', { query: 'VH-7', k: 24 }, 2),
      step('retrieval-end', { passages: [] }, 40),
      step('reading-end', { outcome: 'nothing', passages: 0 }, 60),
      { type: 'run-end', at: 250, outcome: 'answered' },
    ];
    const totals = liveTotals(events);
    expect(totals).toEqual({ llmCalls: 0, tokens: 0, steps: 4, ms: 250 });
    expect(costLine(totals, true)).toBe('No language model · 4 steps · 0.3 s');
    expect(costLine(totals, true, true)).toBe('No language model · 4 steps · 0.3 s so far');
    expect(costLine({ llmCalls: 2, tokens: 1234, steps: 9, ms: 2300 }, false)).toBe(
      '2 LLM calls · 1,234 tokens · 2.3 s',
    );
  });

  it('tells a run without a model from one whose model has not answered yet', () => {
    const events: TraceEvent[] = [step('strategy-choose', { strategy: 'single', by: 'router' })];
    const callEnd: TraceEvent = {
      type: 'llm-call-end',
      step: 'router',
      at: 5,
      call: 1,
      attempt: 'first',
      promptTokens: 0,
      completionTokens: 0,
      ms: 1,
      finishReason: 'stop',
    };
    expect(ranWithoutModel({ events, strategyRun: 'passages', status: 'answered' })).toBe(true);
    expect(ranWithoutModel({ events, reading: {}, status: 'passages' })).toBe(true);
    expect(
      ranWithoutModel({ events: [step('reading-end', { outcome: 'nothing' })], status: 'running' }),
    ).toBe(true);
    expect(ranWithoutModel({ events, status: 'running' }, true)).toBe(true);
    expect(ranWithoutModel({ events, status: 'running' }, false)).toBe(false);
    expect(ranWithoutModel({ events, strategyRun: 'single', status: 'answered' }, true)).toBe(
      false,
    );
    // An older extractive run counted its engine calls: it keeps counting them.
    expect(
      ranWithoutModel({
        events: [...events, callEnd],
        strategyRun: 'passages',
        status: 'answered',
      }),
    ).toBe(false);
  });
});
