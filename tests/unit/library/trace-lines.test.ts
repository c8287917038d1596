import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../src/core/pipeline/trace.ts';
import { liveTotals, traceLine } from '../../../src/ui/trace-lines.ts';

const names = new Map([['c1', 'library']]);

describe('trace lines', () => {
  it('describes routing, retrieval, evidence and drops', () => {
    const events: TraceEvent[] = [
      {
        type: 'strategy-choose',
        step: 'router',
        at: 1,
        data: { strategy: 'single', reason: 'Needs the documents.', by: 'router' },
      },
      { type: 'collections-route', step: 'single', at: 2, data: { selected: ['c1'] } },
      {
        type: 'retrieval-end',
        step: 'single',
        at: 3,
        data: { collectionId: 'c1', passages: [{ id: 'a' }, { id: 'b' }] },
      },
      {
        type: 'evidence-filter',
        step: 'filter',
        at: 4,
        data: { offered: ['a', 'b'], kept: ['a'], decidedBy: 'model' },
      },
      {
        type: 'citation-drop',
        step: 'coordinator',
        at: 5,
        data: { number: 3, reason: 'unknown-number' },
      },
    ];
    expect(events.map((event) => traceLine(event, names))).toEqual([
      { at: 1, title: 'Strategy: single (chosen by router)', detail: 'Needs the documents.' },
      { at: 2, title: 'Routed to 1 collection', detail: 'library' },
      { at: 3, title: 'Retrieved 2 passages from library' },
      { at: 4, title: 'Evidence: kept 1 of 2, dropped 1', detail: 'Decided by model' },
      { at: 5, title: 'Citation [3] dropped', detail: 'unknown-number', warning: true },
    ]);
  });

  it('skips call starts and totals calls, tokens and time', () => {
    const events: TraceEvent[] = [
      {
        type: 'llm-call-start',
        step: 'router',
        at: 0,
        call: 1,
        attempt: 'first',
        format: 'json',
        promptTokens: 10,
        maxTokens: 20,
      },
      {
        type: 'llm-call-end',
        step: 'router',
        at: 5,
        call: 1,
        attempt: 'first',
        promptTokens: 10,
        completionTokens: 4,
        ms: 5,
        finishReason: 'stop',
      },
      { type: 'run-end', at: 9, outcome: 'answered' },
    ];
    expect(traceLine(events[0] as TraceEvent, names)).toBeUndefined();
    expect(liveTotals(events)).toEqual({ llmCalls: 1, tokens: 14, ms: 9 });
  });
});
