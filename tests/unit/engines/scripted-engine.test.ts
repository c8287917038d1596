import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../../src/adapters/engines/scripted-engine.ts';
import type { ChatRequest } from '../../../src/core/ports/chat-engine.ts';

const messages: ChatRequest['messages'] = [{ role: 'user', content: 'Route this question.' }];

describe('ScriptedEngine', () => {
  it('records every call without its signal and callback', async () => {
    const engine = new ScriptedEngine(['one', 'two']);
    const controller = new AbortController();
    await engine.complete({
      messages,
      maxTokens: 50,
      signal: controller.signal,
      onDelta: () => {},
    });
    await engine.complete({ messages, purpose: { kind: 'control', step: 'route' } });
    expect(engine.calls).toEqual([
      { messages, maxTokens: 50 },
      { messages, purpose: { kind: 'control', step: 'route' } },
    ]);
    expect(engine.remaining).toBe(0);
  });

  it('answers with functions of the request and throws scripted errors', async () => {
    const engine = new ScriptedEngine([
      (request) => `echo: ${request.messages[0]?.content}`,
      new RangeError('scripted failure'),
    ]);
    expect((await engine.complete({ messages })).text).toBe('echo: Route this question.');
    await expect(engine.complete({ messages })).rejects.toThrow('scripted failure');
  });

  it('says clearly when it runs out of responses', async () => {
    const engine = new ScriptedEngine(['only']);
    await engine.complete({ messages });
    await expect(engine.complete({ messages })).rejects.toThrow(
      'ScriptedEngine: call 2 has no scripted response (1 given).',
    );
  });

  it('stops at maxTokens with finishReason length', async () => {
    const engine = new ScriptedEngine(['a long answer that goes on and on and on']);
    const response = await engine.complete({ messages, maxTokens: 3 });
    expect(response.finishReason).toBe('length');
    expect(engine.countTokens(response.text)).toBeLessThanOrEqual(3);
    expect('a long answer that goes on and on and on'.startsWith(response.text)).toBe(true);
  });

  it('takes its info from the options', () => {
    const engine = new ScriptedEngine([], { contextWindow: 2048, constrainedJson: false });
    expect(engine.info).toEqual({
      id: 'scripted',
      kind: 'scripted',
      contextWindow: 2048,
      constrainedJson: false,
    });
  });
});
