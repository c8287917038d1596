import { describe, expect, it } from 'vitest';
import { ANSWER_LINE_RULE } from '../../../../src/core/agents/refine/candidate.ts';
import { INJECTOR_SYSTEM } from '../../../../src/core/agents/refine/injector.ts';
import { CONTINUE_REQUEST } from '../../../../src/core/agents/refine/proposal-call.ts';
import { proposeCandidate } from '../../../../src/core/agents/refine/proposer.ts';
import { FOUND, HEDGED, plain, proposerSetup } from './proposer-fixtures.ts';

const BEFORE = plain(150);
/** A hedge in the first window, nothing after it: over 600 characters. */
const PROPOSAL = `${BEFORE}${HEDGED}${plain(600)}\nAnswer: the ice is firm`;
const CHECK = JSON.stringify({ gap: true, span: HEDGED.trim() });
const QUERIES = JSON.stringify({ queries: ['winter ice drilling'] });
const NOTE = 'Winter ice carries the drilling rig over the deepest basin [1]; a boat drifts [2].';
const CONTINUATION =
  'Winter ice carries the drilling rig over the deepest basin [3].\nAnswer: the ice carries the rig';

describe('proposeCandidate with the monitor', () => {
  it('interrupts at a gap, injects a note and resumes from the uncertain sentence', async () => {
    const { engine, context, input, calls, ends, steps, pool } = proposerSetup([
      PROPOSAL,
      CHECK,
      QUERIES,
      NOTE,
      CONTINUATION,
    ]);
    const candidate = await proposeCandidate(context, input());

    expect(calls()).toEqual(['proposer', 'monitor', 'querier', 'injector', 'proposer']);
    expect(ends()[0]?.finishReason).toBe('interrupted');
    expect(
      ends()
        .slice(1)
        .map(({ finishReason }) => finishReason),
    ).toEqual(['stop', 'stop', 'stop', 'stop']);
    expect(engine.calls[0]?.messages[0]?.content).toContain(ANSWER_LINE_RULE);
    expect(engine.calls[1]?.responseFormat).toMatchObject({ name: 'monitor_check' });
    expect(engine.calls[2]?.responseFormat).toMatchObject({ name: 'search_queries' });
    expect(engine.calls[3]?.messages[0]?.content.startsWith(INJECTOR_SYSTEM)).toBe(true);
    expect(engine.calls[3]?.messages[1]?.content).toContain(FOUND[0]?.text);

    // The continuation: the note in the context, the kept text, then the request to go on.
    const continuation = engine.calls[4]?.messages ?? [];
    const kept = BEFORE.trimEnd();
    expect(continuation.at(-2)).toEqual({ role: 'assistant', content: kept });
    expect(continuation.at(-1)).toEqual({ role: 'user', content: CONTINUE_REQUEST });
    expect(continuation[1]?.content).toContain('<note passages="3, 4">');
    expect(continuation[1]?.content).toContain('deepest basin [3]; a boat drifts [4].');

    expect(candidate.text).toBe(`${kept} ${CONTINUATION}`);
    expect(candidate.answer).toBe('the ice carries the rig');
    expect(candidate.notes).toEqual([
      {
        span: HEDGED.trim(),
        queries: ['winter ice drilling'],
        passageNumbers: [3, 4],
        text: 'Winter ice carries the drilling rig over the deepest basin [3]; a boat drifts [4].',
      },
    ]);
    expect(pool.get(3)?.id).toBe(FOUND[0]?.id);
    expect(steps('monitor-check')[0]).toMatchObject({
      candidate: 1,
      windowStart: 0,
      windowEnd: 512,
      signals: ['hedge: possibly'],
      gap: true,
      decidedBy: 'llm',
    });
    expect(steps('injection-end')[0]).toMatchObject({
      candidate: 1,
      injection: 1,
      passages: [3, 4],
      decidedBy: 'injector',
    });
    expect(steps('retrieval-end')[0]).toMatchObject({ candidate: 1 });
    expect(steps('candidate-end')[0]).toMatchObject({
      candidate: 1,
      stage: 'proposal',
      answer: 'the ice carries the rig',
      injections: 1,
    });
  });

  it('holds the injection cap: later gaps are skipped without interrupting', async () => {
    const hedgedEverywhere = `${HEDGED}${plain(500)}${HEDGED}${plain(500)}${HEDGED}\nAnswer: ice`;
    const { calls, ends, steps, context, input } = proposerSetup([
      PROPOSAL,
      CHECK,
      QUERIES,
      NOTE,
      hedgedEverywhere,
    ]);
    const candidate = await proposeCandidate(context, input({ maxInjections: 1 }));
    expect(calls()).toEqual(['proposer', 'monitor', 'querier', 'injector', 'proposer']);
    expect(ends().at(-1)?.finishReason).toBe('stop');
    expect(steps('injection-end')).toHaveLength(1);
    expect(steps('injection-skip').map(({ reason }) => reason)).toEqual(['cap']);
    expect(candidate.notes).toHaveLength(1);
    expect(candidate.answer).toBe('ice');
  });

  it('records windows over the monitor-check cap without a call', async () => {
    const noGap = JSON.stringify({ gap: false, span: '' });
    const rest = `${plain(300)}${HEDGED}${plain(300)}\nAnswer: the ice`;
    const { calls, steps, context, input } = proposerSetup([PROPOSAL, noGap, rest]);
    const candidate = await proposeCandidate(context, input({ maxMonitorChecks: 1 }));
    expect(calls()).toEqual(['proposer', 'monitor', 'proposer']);
    expect(
      steps('monitor-check').map(({ decidedBy, gap, reason }) => [decidedBy, gap, reason]),
    ).toEqual([
      ['llm', false, undefined],
      ['signals', false, 'check-cap'],
    ]);
    // Without a note nothing is cut: the continuation follows the whole interrupted text.
    expect(candidate.text).toContain(HEDGED.trim());
    expect(candidate.answer).toBe('the ice');
  });

  it('makes no monitor call when no signal fires', async () => {
    const { calls, steps, context, input } = proposerSetup([
      `${plain(1200)}\nAnswer: the ice holds the rig`,
    ]);
    const candidate = await proposeCandidate(context, input());
    expect(calls()).toEqual(['proposer']);
    expect(steps('monitor-check')).toEqual([]);
    expect(candidate.answer).toBe('the ice holds the rig');
  });

  it('does not interrupt when a note would spend the calls reserved for later stages', async () => {
    const twoGaps = `${HEDGED}${plain(600)}${HEDGED}${plain(200)}\nAnswer: the ice`;
    const spent = proposerSetup([twoGaps], { budget: { maxLlmCalls: 10 } });
    // One call used: 9 left, and a note costs 4: 5 < 6.
    await proposeCandidate(spent.context, spent.input({}, { reserveCalls: 6 }));
    expect(spent.calls()).toEqual(['proposer']);
    expect(spent.steps('injection-skip').map(({ reason }) => reason)).toEqual(['budget']);

    const room = proposerSetup([twoGaps, JSON.stringify({ gap: false, span: '' }), 'Answer: ice'], {
      budget: { maxLlmCalls: 10 },
    });
    await proposeCandidate(room.context, room.input({ maxMonitorChecks: 1 }, { reserveCalls: 5 }));
    expect(room.calls()).toEqual(['proposer', 'monitor', 'proposer']);
  });

  it('keeps the reserve when a repair costs a call: the querier then writes without one', async () => {
    const { calls, steps, budget, context, input } = proposerSetup(
      [PROPOSAL, 'gap?', JSON.stringify({ gap: true, span: HEDGED.trim() }), NOTE, CONTINUATION],
      { budget: { maxLlmCalls: 10 } },
    );
    const candidate = await proposeCandidate(context, input({}, { reserveCalls: 5 }));
    expect(calls()).toEqual(['proposer', 'monitor', 'monitor:repair', 'injector', 'proposer']);
    expect(steps('query-write')[0]).toMatchObject({ decidedBy: 'fallback' });
    expect(budget.remainingCalls).toBe(5);
    expect(candidate.notes).toHaveLength(1);
  });

  it('falls back on malformed monitor and querier replies and still writes a candidate', async () => {
    const { calls, steps, trace, context, input, retriever } = proposerSetup([
      PROPOSAL,
      'gap: maybe',
      'still no JSON',
      'queries are',
      'none',
      '',
      CONTINUATION,
    ]);
    const candidate = await proposeCandidate(context, input());
    expect(calls()).toEqual([
      'proposer',
      'monitor',
      'monitor:repair',
      'querier',
      'querier:repair',
      'injector',
      'proposer',
    ]);
    const fallbacks = trace.events.filter((event) => event.type === 'llm-call-fallback');
    expect(fallbacks.map((event) => ('step' in event ? event.step : ''))).toEqual([
      'monitor',
      'querier',
    ]);
    expect(steps('monitor-check')[0]).toMatchObject({
      gap: true,
      span: HEDGED.trim(),
      decidedBy: 'fallback',
    });
    expect(steps('query-write')[0]).toMatchObject({
      queries: ['reason ice firm enough stand'],
      decidedBy: 'fallback',
    });
    expect(retriever.searches.map(({ query }) => query)).toEqual(['reason ice firm enough stand']);
    expect(steps('injection-end')[0]).toMatchObject({ decidedBy: 'fallback' });
    expect(candidate.notes[0]?.text).toBe(
      'Winter ice on the lake is thick enough to carry the drilling rig over the deepest basin [3]. A boat drifts too much for coring, so summer cores are short [4].',
    );
    expect(candidate.answer).toBe('the ice carries the rig');
  });

  it('looks up a gap in the final tail and lets the continuation rewrite the answer', async () => {
    const short = 'The station sits at 312 metres [1].\nAnswer: unknown';
    const { engine, calls, context, input } = proposerSetup([
      short,
      JSON.stringify({ gap: true, span: 'Answer: unknown' }),
      QUERIES,
      NOTE,
      'Answer: the ice carries the rig [3]',
    ]);
    const candidate = await proposeCandidate(context, input());
    expect(calls()).toEqual(['proposer', 'monitor', 'querier', 'injector', 'proposer']);
    expect(engine.calls[4]?.messages.at(-2)?.content).toBe('The station sits at 312 metres [1].');
    expect(candidate.text).toBe(
      'The station sits at 312 metres [1].\nAnswer: the ice carries the rig [3]',
    );
    expect(candidate.answer).toBe('the ice carries the rig');
  });

  it('keeps the text whole when no search finds anything new', async () => {
    const { calls, steps, context, input } = proposerSetup([
      PROPOSAL,
      CHECK,
      QUERIES,
      'Answer: the ice',
    ]);
    context.retriever = {
      collections: async () => [],
      route: async () => [],
      search: async () => [],
    };
    const candidate = await proposeCandidate(context, input());
    expect(calls()).toEqual(['proposer', 'monitor', 'querier', 'proposer']);
    expect(steps('injection-skip')[0]).toMatchObject({ reason: 'no-results' });
    expect(candidate.notes).toEqual([]);
    expect(candidate.text).toContain(HEDGED.trim());
  });
});
