import { describe, expect, it } from 'vitest';
import {
  ScriptedEngine,
  type ScriptedResponse,
} from '../../../src/adapters/engines/scripted-engine.ts';
import {
  estimatePromptTokens,
  estimateTokens,
} from '../../../src/adapters/engines/token-estimate.ts';
import { BudgetExhaustedError, ContextOverflowError } from '../../../src/core/errors.ts';
import { BudgetTracker, DEFAULT_BUDGETS, type Budget } from '../../../src/core/llm/budget.ts';
import { LlmClient } from '../../../src/core/llm/llm-client.ts';
import { fitPrompt, promptTokenLimit } from '../../../src/core/llm/prompt-fit.ts';
import { isCoreEvent, Trace } from '../../../src/core/llm/trace.ts';
import type { ChatMessage, JsonSchema } from '../../../src/core/ports/chat-engine.ts';

const schema: JsonSchema = {
  type: 'object',
  properties: { strategy: { type: 'string', enum: ['direct', 'single', 'plan'] } },
  required: ['strategy'],
};
type Route = { strategy: 'direct' | 'single' | 'plan' };
const messages: ChatMessage[] = [
  { role: 'system', content: 'Choose how to answer.' },
  { role: 'user', content: 'Question: When was the kiln fired?' },
];
const route = { name: 'route', schema, messages, fallback: (): Route => ({ strategy: 'single' }) };

function setup(
  responses: ScriptedResponse[],
  options: { budget?: Partial<Budget>; constrainedJson?: boolean; signal?: AbortSignal } = {},
) {
  const engine = new ScriptedEngine(responses, { constrainedJson: options.constrainedJson });
  let now = 0;
  // Every clock reading moves time on by 5 ms, so each call takes a measurable time.
  const trace = new Trace(() => (now += 5));
  const budget = new BudgetTracker({ ...DEFAULT_BUDGETS.single, ...options.budget }, trace);
  const client = new LlmClient({ engine, trace, budget, signal: options.signal });
  const types = () => trace.events.map((event) => event.type);
  return { engine, trace, budget, client, types };
}

describe('LlmClient.text', () => {
  it('sends within the budget, streams deltas and traces the call', async () => {
    const { engine, trace, client, types } = setup(['The kiln was fired on 12 March.']);
    const deltas: string[] = [];
    const reply = await client.text('answer', { messages, onDelta: (text) => deltas.push(text) });
    expect(reply).toMatchObject({ text: 'The kiln was fired on 12 March.', finishReason: 'stop' });
    expect(deltas.join('')).toBe(reply.text);
    expect(engine.calls[0]).toMatchObject({ maxTokens: 512, messages });
    expect(engine.calls[0]?.responseFormat).toBeUndefined();
    expect(types()).toEqual(['llm-call-start', 'llm-call-end']);
    expect(trace.events[1]).toMatchObject({
      step: 'answer',
      call: 1,
      attempt: 'first',
      promptTokens: estimatePromptTokens(messages),
      completionTokens: estimateTokens(reply.text),
      finishReason: 'stop',
    });
  });

  it('never asks for more completion tokens than the budget allows', async () => {
    const { engine, client } = setup(['ok']);
    await client.text('answer', { messages, maxTokens: 5000 });
    expect(engine.calls[0]?.maxTokens).toBe(512);
  });

  it('throws BudgetExhaustedError without calling the engine when no call is left', async () => {
    const { engine, client, types } = setup(['one', 'two'], { budget: { maxLlmCalls: 1 } });
    await client.text('answer', { messages });
    await expect(client.text('answer', { messages })).rejects.toThrow(BudgetExhaustedError);
    expect(engine.calls).toHaveLength(1);
    expect(types().at(-1)).toBe('budget-exhausted');
  });

  it('throws ContextOverflowError instead of sending a prompt that does not fit', async () => {
    const { engine, client } = setup(['never sent']);
    const long: ChatMessage[] = [{ role: 'user', content: 'kiln '.repeat(4000) }];
    await expect(client.text('answer', { messages: long })).rejects.toThrow(ContextOverflowError);
    expect(engine.calls).toHaveLength(0);
  });

  it('keeps a fitted prompt and its reply inside a 4,096-token window', async () => {
    const { engine, client } = setup(['Fired twice.'], { budget: { maxPromptTokens: 100_000 } });
    const passages = Array.from({ length: 40 }, (_, index) => ({
      id: `p${index}`,
      text: `Entry ${index}: the kiln reached 1 200 °C on day ${index}. `.repeat(12),
    }));
    const budget = { ...DEFAULT_BUDGETS.single, maxPromptTokens: 100_000 };
    const fitted = fitPrompt(
      { system: 'Answer.', instructions: 'Cite passages.', question: 'When?', passages },
      {
        countTokens: estimateTokens,
        limit: promptTokenLimit(budget, 4096, 512),
        model: 'scripted',
      },
    );
    expect(fitted.dropped.length).toBeGreaterThan(0);
    await client.text('answer', { messages: fitted.messages });
    const sent = engine.calls[0];
    expect(estimatePromptTokens(sent?.messages ?? []) + (sent?.maxTokens ?? 0)).toBeLessThanOrEqual(
      4096,
    );
  });

  it('throws an AbortError when the run is stopped mid-stream, and traces the call', async () => {
    const controller = new AbortController();
    const { trace, client } = setup(['The kiln was fired on 12 March, twice.'], {
      signal: controller.signal,
    });
    const stopped = client.text('answer', { messages, onDelta: () => controller.abort() });
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
    await expect(stopped).rejects.toBeInstanceOf(DOMException);
    expect(trace.events.at(-1)).toMatchObject({ type: 'llm-call-end', finishReason: 'abort' });
  });

  it('returns the text streamed so far when its interrupt fires, and traces it', async () => {
    const { engine, trace, client } = setup(['The kiln was fired on 12 March, twice.']);
    const interrupt = new AbortController();
    const deltas: string[] = [];
    const reply = await client.text('proposer', {
      messages,
      interrupt: interrupt.signal,
      onDelta: (piece) => {
        deltas.push(piece);
        interrupt.abort();
      },
    });
    expect(reply.finishReason).toBe('interrupted');
    expect(deltas).toHaveLength(1);
    expect(reply.text).toBe(deltas[0]);
    expect(reply.text.length).toBeLessThan('The kiln was fired on 12 March, twice.'.length);
    expect(engine.calls).toHaveLength(1);
    expect(trace.events.at(-1)).toMatchObject({
      type: 'llm-call-end',
      step: 'proposer',
      finishReason: 'interrupted',
      completionTokens: estimateTokens(reply.text),
    });
  });

  it('returns the streamed text when an interrupted engine throws an AbortError', async () => {
    const interrupt = new AbortController();
    const engine = new ScriptedEngine([]);
    engine.complete = async (request) => {
      request.onDelta?.('The kiln ');
      request.onDelta?.('was fired');
      interrupt.abort();
      expect(request.signal?.aborted).toBe(true);
      throw new DOMException('stopped', 'AbortError');
    };
    const trace = new Trace(() => 0);
    const budget = new BudgetTracker(DEFAULT_BUDGETS.single, trace);
    const client = new LlmClient({ engine, trace, budget, signal: new AbortController().signal });
    const reply = await client.text('proposer', { messages, interrupt: interrupt.signal });
    expect(reply).toMatchObject({ text: 'The kiln was fired', finishReason: 'interrupted' });
    expect(trace.events.at(-1)).toMatchObject({
      finishReason: 'interrupted',
      completionTokens: estimateTokens('The kiln was fired'),
    });
    expect(trace.events.at(-1)).not.toHaveProperty('error');
  });

  it('still throws an AbortError when the run is stopped during an interruptible call', async () => {
    const run = new AbortController();
    const interrupt = new AbortController();
    const { trace, client } = setup(['The kiln was fired on 12 March, twice.'], {
      signal: run.signal,
    });
    const stopped = client.text('proposer', {
      messages,
      interrupt: interrupt.signal,
      onDelta: () => {
        interrupt.abort();
        run.abort();
      },
    });
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
    expect(trace.events.at(-1)).toMatchObject({ type: 'llm-call-end', finishReason: 'abort' });
  });

  it('ignores an interrupt in JSON steps', async () => {
    const { client } = setup(['{"strategy": "plan"}']);
    const interrupt = new AbortController();
    interrupt.abort();
    await expect(client.json('route', { ...route, interrupt: interrupt.signal })).resolves.toEqual({
      strategy: 'plan',
    });
  });

  it('does not call the engine once the run is stopped', async () => {
    const { engine, client } = setup(['never sent'], { signal: AbortSignal.abort() });
    await expect(client.json('route', route)).rejects.toMatchObject({ name: 'AbortError' });
    expect(engine.calls).toHaveLength(0);
  });

  it('passes engine errors on, after an llm-call-end with the error', async () => {
    const { trace, client } = setup([new Error('server gone')]);
    await expect(client.text('answer', { messages })).rejects.toThrow('server gone');
    expect(trace.events.at(-1)).toMatchObject({
      type: 'llm-call-end',
      finishReason: 'error',
      error: 'server gone',
      completionTokens: 0,
    });
  });
});

describe('LlmClient.json', () => {
  it('asks a constraining engine for the schema and reads the reply', async () => {
    const { engine, client } = setup(['{"strategy": "plan"}']);
    expect(await client.json('route', route)).toEqual({ strategy: 'plan' });
    expect(engine.calls[0]).toMatchObject({
      messages,
      responseFormat: { type: 'json', name: 'route', schema },
      purpose: { kind: 'control', step: 'route' },
    });
  });

  it('asks in words when the engine does not enforce the schema', async () => {
    const { engine, client } = setup(['{"strategy": "direct"}'], { constrainedJson: false });
    expect(await client.json('route', route)).toEqual({ strategy: 'direct' });
    const sent = engine.calls[0]?.messages ?? [];
    expect(sent).toHaveLength(2);
    expect(sent[1]?.content).toMatch(
      /^Question: When was the kiln fired\?\n\nReply with JSON only/,
    );
    expect(sent[1]?.content).toContain(JSON.stringify(schema));
  });

  it('repairs malformed output by parsing, without another call', async () => {
    const { engine, client, types } = setup(["```json\n{strategy: 'Single',}\n```"]);
    expect(await client.json('route', route)).toEqual({ strategy: 'single' });
    expect(engine.calls).toHaveLength(1);
    expect(types()).toEqual(['llm-call-start', 'llm-call-end']);
  });

  it('makes one repair call with the broken output and the error', async () => {
    const { engine, trace, client, types } = setup([
      '{"strategy": "search"}',
      '{"strategy": "single"}',
    ]);
    expect(await client.json('route', route)).toEqual({ strategy: 'single' });
    expect(types()).toEqual([
      'llm-call-start',
      'llm-call-end',
      'llm-call-repair',
      'llm-call-start',
      'llm-call-end',
    ]);
    const error = '"strategy" should be one of "direct", "single", "plan", not "search".';
    expect(trace.events[2]).toMatchObject({ step: 'route', call: 1, error });
    expect(trace.events[3]).toMatchObject({ call: 2, attempt: 'repair' });
    const repair = engine.calls[1]?.messages ?? [];
    expect(repair.slice(0, 2)).toEqual(messages);
    expect(repair[2]).toEqual({ role: 'assistant', content: '{"strategy": "search"}' });
    expect(repair[3]?.content).toContain(error);
  });

  it('repairs on its own when the conversation would not fit again', async () => {
    const long: ChatMessage[] = [{ role: 'user', content: 'kiln '.repeat(2440) }];
    const { engine, client } = setup(['{"strategy": "maybe"}', '{"strategy": "plan"}']);
    expect(await client.json('route', { ...route, messages: long })).toEqual({ strategy: 'plan' });
    const repair = engine.calls[1]?.messages ?? [];
    expect(repair).toHaveLength(2);
    expect(repair[1]?.content).toMatch(
      /^The reply:\n\{"strategy": "maybe"\}\n\nThat reply could not be used/,
    );
  });

  it('gives the fallback, with a trace event, when the repair is malformed too', async () => {
    const { trace, client, types } = setup(['I think plan.', '{"strategy": 7}']);
    expect(await client.json('route', route)).toEqual({ strategy: 'single' });
    expect(types()).toEqual([
      'llm-call-start',
      'llm-call-end',
      'llm-call-repair',
      'llm-call-start',
      'llm-call-end',
      'llm-call-fallback',
    ]);
    expect(trace.events.at(-1)).toMatchObject({
      step: 'route',
      reason: 'malformed',
      error: '"strategy" should be one of "direct", "single", "plan", not 7.',
    });
  });

  it('handles empty output like any malformed output', async () => {
    const { trace, client } = setup(['', '   ']);
    expect(await client.json('route', route)).toEqual({ strategy: 'single' });
    expect(trace.events.find((event) => event.type === 'llm-call-repair')).toMatchObject({
      error: 'The reply was empty.',
    });
    expect(trace.events.at(-1)).toMatchObject({ type: 'llm-call-fallback', reason: 'malformed' });
  });

  it('gives the fallback when the budget is spent, before or at the repair', async () => {
    const spent = setup(['unused'], { budget: { maxLlmCalls: 0 } });
    expect(await spent.client.json('route', route)).toEqual({ strategy: 'single' });
    expect(spent.engine.calls).toHaveLength(0);
    expect(spent.types()).toEqual(['budget-exhausted', 'llm-call-fallback']);

    const oneCall = setup(['not json'], { budget: { maxLlmCalls: 1 } });
    expect(await oneCall.client.json('route', route)).toEqual({ strategy: 'single' });
    expect(oneCall.engine.calls).toHaveLength(1);
    expect(oneCall.trace.events.at(-1)).toMatchObject({
      type: 'llm-call-fallback',
      reason: 'budget-exhausted',
    });
  });

  it('stops on abort instead of falling back', async () => {
    const controller = new AbortController();
    const { engine, client } = setup(['{"strategy": "plan"}', '{"strategy": "plan"}'], {
      signal: controller.signal,
    });
    const stopped = client.json('route', { ...route, onDelta: () => controller.abort() });
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
    expect(engine.calls).toHaveLength(1);
  });
});

describe('trace totals', () => {
  it('add up to what the engine was asked and answered', async () => {
    const replies = [
      '{"strategy": "plan"}',
      'nonsense',
      '{"strategy": "direct"}',
      'It was fired twice.',
    ];
    const { engine, trace, client } = setup(replies);
    await client.json('route', route);
    await client.json('judge', route);
    await client.text('answer', { messages });
    trace.emit({ type: 'run-end', outcome: 'answered' });
    const totals = trace.totals();
    expect(totals.llmCalls).toBe(engine.calls.length);
    expect(totals.promptTokens).toBe(
      engine.calls.reduce((sum, call) => sum + estimatePromptTokens(call.messages), 0),
    );
    expect(totals.completionTokens).toBe(
      replies.reduce((sum, reply) => sum + estimateTokens(reply), 0),
    );
    expect(totals.repairs).toBe(1);
    expect(totals.fallbacks).toBe(0);
    const ends = trace.events.filter(isCoreEvent).filter((event) => event.type === 'llm-call-end');
    expect(totals.llmMs).toBe(ends.reduce((sum, event) => sum + ('ms' in event ? event.ms : 0), 0));
    expect(totals.llmMs).toBeGreaterThan(0);
    expect(totals.ms).toBeGreaterThan(totals.llmMs);
  });
});
