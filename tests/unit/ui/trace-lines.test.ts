import { describe, expect, it } from 'vitest';
import type { StepEventFields, StepEventType } from '../../../src/core/llm/trace-events.ts';
import type { TraceEvent } from '../../../src/core/llm/trace.ts';
import { liveTotals, traceLine } from '../../../src/ui/trace-lines.ts';
import { stepEvent } from '../../support/trace-events.ts';

const names = new Map([['c1', 'library']]);

describe('trace lines', () => {
  it('describes routing, retrieval, evidence and drops', () => {
    const events: TraceEvent[] = [
      stepEvent(
        'strategy-choose',
        { strategy: 'single', reason: 'Needs the documents.', by: 'router' },
        1,
      ),
      stepEvent('collections-route', { selected: ['c1'] }, 2),
      stepEvent(
        'retrieval-end',
        {
          collectionId: 'c1',
          passages: [
            { id: 'a', score: 0.9 },
            { id: 'b', score: 0.5 },
          ],
        },
        3,
      ),
      stepEvent('evidence-filter', { offered: ['a', 'b'], kept: ['a'], decidedBy: 'filter' }, 4),
      stepEvent('citation-drop', { number: 3, reason: 'unknown-number' }, 5),
    ];
    expect(events.map((event) => traceLine(event, names))).toEqual([
      { at: 1, title: 'Strategy: single (chosen by router)', detail: 'Needs the documents.' },
      { at: 2, title: 'Routed to 1 collection', detail: 'library' },
      { at: 3, title: 'Retrieved 2 passages from library' },
      { at: 4, title: 'Evidence: kept 1 of 2, dropped 1', detail: 'Decided by filter' },
      { at: 5, title: 'Citation [3] dropped', detail: 'unknown-number', warning: true },
    ]);
  });

  it('describes thorough mode: candidates, monitor, notes, scores and the choice', () => {
    const step = <Type extends StepEventType>(
      type: Type,
      fields: Partial<StepEventFields<Type>>,
    ): TraceEvent => stepEvent(type, fields, 1, 'thorough');
    const longNote = `Lake Vostok core VH-7 is 312 metres long [4]. ${'More. '.repeat(60)}`;
    const events: TraceEvent[] = [
      step('retrieval-end', { passages: [{ id: 'a', score: 1 }] }),
      step('thorough-start', {
        candidates: 2,
        retrieval: 'monitor',
        maxInjections: 2,
        maxMonitorChecks: 3,
        hsr: true,
        qair: false,
        passages: 8,
      }),
      step('candidate-start', { candidate: 1, temperature: 0.7 }),
      step('monitor-check', {
        candidate: 1,
        windowStart: 0,
        windowEnd: 40,
        signals: ['hedge', 'unsupported-number'],
        gap: true,
        span: 'probably about 300 metres',
        decidedBy: 'llm',
      }),
      step('monitor-check', {
        candidate: 1,
        windowStart: 40,
        windowEnd: 80,
        signals: [],
        gap: false,
        span: '',
        decidedBy: 'signals',
      }),
      step('monitor-check', {
        candidate: 1,
        windowStart: 80,
        windowEnd: 120,
        signals: ['hedge'],
        gap: false,
        span: '',
        decidedBy: 'signals',
        reason: 'check-cap',
      }),
      step('query-write', {
        candidate: 1,
        span: 'probably about 300 metres',
        queries: ['VH-7 length', 'sediment core metres'],
        decidedBy: 'querier',
      }),
      step('retrieval-end', {
        candidate: 1,
        query: 'VH-7 length',
        passages: [
          { id: 'd', score: 0.8 },
          { id: 'e', score: 0.6 },
        ],
      }),
      step('injection-end', {
        candidate: 1,
        injection: 1,
        span: 'probably about 300 metres',
        queries: ['VH-7 length'],
        passages: [4],
        note: longNote,
        decidedBy: 'injector',
      }),
      step('injection-skip', { candidate: 1, reason: 'cap' }),
      step('injection-skip', { candidate: 2, reason: 'budget' }),
      step('injection-skip', { candidate: 2, reason: 'no-results' }),
      step('injection-skip', { candidate: 2, reason: 'irrelevant' }),
      step('retrieval-explicit', { candidate: 2, queries: ['VH-7', 'core'], passages: [1, 2, 3] }),
      step('candidate-end', {
        candidate: 1,
        stage: 'proposal',
        answer: '312 metres',
        text: '… Answer: 312 metres',
        injections: 1,
      }),
      step('candidate-end', {
        candidate: 2,
        stage: 'correction',
        text: 'Answer: unknown',
        injections: 0,
      }),
      step('candidate-end', { candidate: 2, stage: 'refinement', answer: '312 m', injections: 2 }),
      step('candidate-end', { candidate: 3, stage: 'rework', answer: 'x', injections: 0 }),
      step('candidate-keep', { candidate: 2, stage: 'refinement', reason: 'malformed' }),
      step('candidate-keep', { candidate: 3, stage: 'correction', reason: 'budget' }),
      step('anchor-refine', { anchor: 2, references: [1, 3] }),
      step('anchor-refine', { anchor: 1, references: [2] }),
      step('candidate-score', {
        candidate: 1,
        round: 0,
        logic: 4,
        answer: 3,
        explanation: 3,
        q: 3.2,
        passed: true,
        suggestions: '',
        decidedBy: 'evaluator',
      }),
      step('candidate-score', {
        candidate: 2,
        round: 1,
        logic: 2,
        answer: 1.5,
        explanation: 2,
        q: 1.7,
        passed: false,
        suggestions: 'Cite the length.',
        decidedBy: 'evaluator',
      }),
      step('candidate-score', {
        candidate: 3,
        round: 0,
        logic: 3,
        answer: 3,
        explanation: 3,
        q: 3,
        passed: true,
        suggestions: '',
        decidedBy: 'fallback',
      }),
      step('candidate-rework', { candidate: 2, round: 1 }),
      step('rank-end', {
        chosen: 2,
        decidedBy: 'ranker',
        reason: 'Best supported.',
        scores: [{ candidate: 2, q: 3.4, answer: '312 m' }],
      }),
      step('rank-override', { from: 2, to: 1, reason: 'Candidate 2 has no answer.' }),
      step('stage-skip', { stage: 'qair', reason: 'disabled' }),
      step('stage-skip', { stage: 'hsr', reason: 'single-candidate' }),
      step('stage-skip', { stage: 'scoring', reason: 'budget', candidate: 3 }),
      step('qair-end', { reason: 'rounds', rounds: 2, failed: [3] }),
      step('qair-end', { reason: 'passed', rounds: 0, failed: [] }),
      step('thorough-end', { chosen: 1, candidates: 3, rounds: 1 }),
      step('thorough-end', { candidates: 0, rounds: 0 }),
    ];
    expect(events.map((event) => traceLine(event, names))).toEqual([
      { at: 1, title: 'Retrieved 1 passage' },
      {
        at: 1,
        title: 'Thorough mode: 2 candidates',
        detail: '8 passages · retrieval: monitor · no scoring',
      },
      { at: 1, title: 'Candidate 1: writing', detail: 'Temperature 0.7' },
      {
        at: 1,
        title: 'Monitor: knowledge gap in candidate 1',
        detail: 'Signals: hedge, unsupported-number · “probably about 300 metres”',
      },
      { at: 1, title: 'Monitor: no gap in candidate 1' },
      {
        at: 1,
        title: 'Monitor: no gap in candidate 1',
        detail: 'Signals: hedge · no checks left for this candidate',
      },
      {
        at: 1,
        title: 'Search queries: VH-7 length; sediment core metres',
        detail: 'For candidate 1: “probably about 300 metres”',
      },
      { at: 1, title: 'Retrieved 2 passages for candidate 1', detail: 'VH-7 length' },
      {
        at: 1,
        title: 'Evidence note spliced into candidate 1',
        detail: `${longNote.slice(0, 200).trimEnd()}…`,
      },
      {
        at: 1,
        title: 'No evidence note for candidate 1',
        detail: 'it already has the most notes allowed',
      },
      {
        at: 1,
        title: 'No evidence note for candidate 2',
        detail: 'the budget is spent',
        info: true,
      },
      { at: 1, title: 'No evidence note for candidate 2', detail: 'the search found nothing' },
      {
        at: 1,
        title: 'No evidence note for candidate 2',
        detail: 'the passages found do not help',
      },
      { at: 1, title: 'Searched for candidate 2: 3 passages', detail: 'VH-7; core' },
      { at: 1, title: 'Candidate 1 proposed: 312 metres', detail: '1 evidence note' },
      { at: 1, title: 'Candidate 2 corrected: no answer', detail: '0 evidence notes' },
      { at: 1, title: 'Candidate 2 refined: 312 m', detail: '2 evidence notes' },
      { at: 1, title: 'Candidate 3 reworked: x', detail: '0 evidence notes' },
      {
        at: 1,
        title: 'Candidate 2 kept as it was (refinement output unusable)',
        warning: true,
      },
      {
        at: 1,
        title: 'Candidate 3 kept as it was (correction skipped, budget spent)',
        warning: true,
      },
      { at: 1, title: 'Refining candidate 2 with candidates 1, 3' },
      { at: 1, title: 'Refining candidate 1 with candidate 2' },
      {
        at: 1,
        title: 'Candidate 1 scored q = 3.2 (passed)',
        detail: 'logic 4 · answer 3 · explanation 3',
      },
      {
        at: 1,
        title: 'Candidate 2 scored q = 1.7 (below 3)',
        detail: 'logic 2 · answer 1.5 · explanation 2 — Cite the length.',
        warning: true,
      },
      {
        at: 1,
        title: 'Candidate 3 scored q = 3 (not evaluated)',
        detail: 'logic 3 · answer 3 · explanation 3 — no usable evaluation',
        info: true,
      },
      { at: 1, title: 'Reworking candidate 2 (round 1)' },
      { at: 1, title: 'Chose candidate 2', detail: 'Best supported.' },
      {
        at: 1,
        title: 'Choice overruled: candidate 1 instead of candidate 2',
        detail: 'Candidate 2 has no answer.',
        warning: true,
      },
      { at: 1, title: 'Skipped quality iteration: turned off' },
      { at: 1, title: 'Skipped anchor-reference refinement: only one candidate' },
      {
        at: 1,
        title: 'Skipped scoring of candidate 3: the budget is spent',
        info: true,
      },
      {
        at: 1,
        title: 'Quality checks done: no rounds left',
        detail: 'Still failing: candidates 3',
        warning: true,
      },
      { at: 1, title: 'Quality checks done: every candidate passed' },
      { at: 1, title: 'Thorough done: chose candidate 1 of 3', detail: '1 rework round' },
      { at: 1, title: 'Thorough done: no candidate chosen', detail: '0 rework rounds' },
    ]);
  });

  it('names a collection it does not know as a collection', () => {
    const retrieved = stepEvent('retrieval-end', {
      collectionId: 'gone',
      passages: [{ id: 'a', score: 1 }],
    });
    expect(traceLine(retrieved, names)).toEqual({
      at: 1,
      title: 'Retrieved 1 passage from a collection',
    });
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
    expect(liveTotals(events)).toEqual({ llmCalls: 1, tokens: 14, steps: 0, ms: 9 });
  });
});
