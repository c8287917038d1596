/**
 * The WebLLM engine adapter over a stand-in for web-llm's engine: its mapping of requests,
 * interrupts and errors (no WebGPU, no model runs here).
 */
import { describe, expect, it } from 'vitest';
import { WebLlmEngine } from '../../../../src/adapters/engines/webllm/webllm-engine.ts';
import { WebLlmStandIn } from '../../../support/webllm-stand-in.ts';

const messages = [{ role: 'user' as const, content: 'Hello' }];

describe('WebLlmEngine over a stand-in engine', () => {
  it('interrupts generation on abort', async () => {
    const standIn = new WebLlmStandIn(['one two three four five six seven eight'], 8);
    const engine = new WebLlmEngine(standIn, { id: 'model', contextWindow: 4096 });
    const controller = new AbortController();
    const response = await engine.complete({
      messages,
      signal: controller.signal,
      onDelta: () => controller.abort(),
    });
    expect(standIn.interrupts).toBe(1);
    expect(response.finishReason).toBe('abort');
  });

  it('runs one generation at a time, in call order', async () => {
    const standIn = new WebLlmStandIn(['first', 'second']);
    const engine = new WebLlmEngine(standIn, { id: 'model', contextWindow: 4096 });
    const order: string[] = [];
    await Promise.all(
      [0, 1].map((index) =>
        engine.complete({ messages, onDelta: (text) => order.push(`${index}:${text}`) }),
      ),
    );
    expect(order.join(' ')).toMatch(/^(0:\S+ )+(1:\S+ ?)+$/);
  });

  it('maps web-llm errors to Archivist errors', async () => {
    const overflow = new Error('Prompt tokens exceed context window size: 5000 > 4096');
    overflow.name = 'ContextWindowSizeExceededError';
    const standIn = new WebLlmStandIn([overflow, new Error('device lost')]);
    const engine = new WebLlmEngine(standIn, { id: 'model', contextWindow: 4096 });
    await expect(engine.complete({ messages })).rejects.toMatchObject({
      name: 'ContextOverflowError',
    });
    await expect(engine.complete({ messages })).rejects.toMatchObject({
      name: 'EngineResponseError',
      message: expect.stringContaining('device lost'),
    });
  });

  it('sends max_tokens, temperature and the plain messages', async () => {
    const standIn = new WebLlmStandIn(['ok']);
    const engine = new WebLlmEngine(standIn, { id: 'model', contextWindow: 4096 });
    await engine.complete({ messages, maxTokens: 12, temperature: 0 });
    expect(standIn.requests[0]).toEqual({
      messages,
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 12,
      temperature: 0,
    });
  });
});
