import { describe, expect, it, vi } from 'vitest';
import { isCoreEvent, Trace, type TraceEvent } from '../../../src/core/llm/trace.ts';

function manualClock(start = 1000) {
  const clock = { now: start, read: () => clock.now };
  return clock;
}

describe('Trace', () => {
  it('times events from the run start and keeps them in order', () => {
    const clock = manualClock();
    const trace = new Trace(clock.read);
    trace.emit({ type: 'run-start', question: 'When was the kiln fired?', strategy: 'single' });
    clock.now += 40;
    trace.emitStep('strategy-choose', 'router', {
      strategy: 'single',
      reason: 'one fact',
      by: 'router',
    });
    expect(trace.events).toEqual([
      { type: 'run-start', at: 0, question: 'When was the kiln fired?', strategy: 'single' },
      {
        type: 'strategy-choose',
        step: 'router',
        at: 40,
        strategy: 'single',
        reason: 'one fact',
        by: 'router',
      },
    ]);
  });

  it('streams events to subscribers until they unsubscribe', () => {
    const trace = new Trace(manualClock().read);
    const seen: TraceEvent[] = [];
    const unsubscribe = trace.subscribe((event) => seen.push(event));
    trace.emitStep('retrieval-start', 'single', { query: 'kiln', k: 8 });
    unsubscribe();
    trace.emitStep('retrieval-end', 'single', { passages: [] });
    expect(seen.map((event) => event.type)).toEqual(['retrieval-start']);
  });

  it('keeps running when a subscriber throws, and reports the error asynchronously', async () => {
    const trace = new Trace(manualClock().read);
    const reported = vi.fn();
    const original = globalThis.queueMicrotask;
    globalThis.queueMicrotask = (callback) =>
      original(() => {
        try {
          callback();
        } catch (error) {
          reported(error);
        }
      });
    try {
      trace.subscribe(() => {
        throw new Error('listener failed');
      });
      trace.emitStep('answer-end', 'direct', { characters: 3 });
      await Promise.resolve();
    } finally {
      globalThis.queueMicrotask = original;
    }
    expect(trace.events).toHaveLength(1);
    expect(reported).toHaveBeenCalledWith(new Error('listener failed'));
  });

  it('tells core events from step events', () => {
    const trace = new Trace(manualClock().read);
    trace.emit({ type: 'budget-exhausted', step: 'plan', limit: 'rounds', max: 3 });
    trace.emitStep('round-start', 'planner', { round: 1 });
    expect(trace.events.map(isCoreEvent)).toEqual([true, false]);
  });

  it('totals LLM calls, tokens, time, repairs and fallbacks', () => {
    const clock = manualClock();
    const trace = new Trace(clock.read);
    const call = { step: 'route', attempt: 'first', finishReason: 'stop' } as const;
    trace.emit({
      ...call,
      type: 'llm-call-end',
      call: 1,
      promptTokens: 300,
      completionTokens: 20,
      ms: 120,
    });
    trace.emit({ type: 'llm-call-repair', step: 'route', call: 1, error: 'bad' });
    trace.emit({
      ...call,
      type: 'llm-call-end',
      call: 2,
      promptTokens: 350,
      completionTokens: 15,
      ms: 80,
    });
    trace.emit({ type: 'llm-call-fallback', step: 'route', reason: 'malformed', error: 'bad' });
    clock.now += 900;
    expect(trace.totals()).toEqual({
      llmCalls: 2,
      promptTokens: 650,
      completionTokens: 35,
      llmMs: 200,
      ms: 900,
      repairs: 1,
      fallbacks: 1,
    });
    trace.emit({ type: 'run-end', outcome: 'answered' });
    clock.now += 500;
    expect(trace.totals().ms).toBe(900);
  });
});
