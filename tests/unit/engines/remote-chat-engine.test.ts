import { expose, wrap } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { ChatEngineHost } from '../../../src/adapters/engines/remote/chat-engine-host.ts';
import { RemoteChatEngine } from '../../../src/adapters/engines/remote/remote-chat-engine.ts';
import { ScriptedEngine } from '../../../src/adapters/engines/scripted-engine.ts';
import { ContextOverflowError } from '../../../src/core/errors.ts';
import type { ChatMessage } from '../../../src/core/ports/chat-engine.ts';

const messages: ChatMessage[] = [{ role: 'user', content: 'When was the kiln fired?' }];
const channels: MessageChannel[] = [];

async function across(engine: ScriptedEngine): Promise<RemoteChatEngine> {
  const channel = new MessageChannel();
  channels.push(channel);
  expose(new ChatEngineHost(engine), channel.port1);
  return RemoteChatEngine.connect(wrap<ChatEngineHost>(channel.port2));
}

afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

describe('RemoteChatEngine over ChatEngineHost', () => {
  it('describes the hosted engine', async () => {
    const remote = await across(new ScriptedEngine([], { id: 'hosted', contextWindow: 6144 }));
    expect(remote.info).toMatchObject({ id: 'hosted', contextWindow: 6144 });
  });

  it('hands over the request without its signal and callback', async () => {
    const engine = new ScriptedEngine(['ok']);
    const remote = await across(engine);
    const controller = new AbortController();
    await remote.complete({
      messages,
      maxTokens: 50,
      signal: controller.signal,
      onDelta: () => {},
    });
    expect(engine.calls).toEqual([{ messages, maxTokens: 50 }]);
  });

  it('fails with the hosted engine’s error, by name', async () => {
    const remote = await across(new ScriptedEngine([new ContextOverflowError('built-in', 'full')]));
    await expect(remote.complete({ messages })).rejects.toMatchObject({
      name: 'ContextOverflowError',
    });
  });

  it('stops the hosted call when the signal fires, and the host serves the next call', async () => {
    const engine = new ScriptedEngine(['a long reply in many pieces', 'next'], {
      piecesPerResponse: 8,
    });
    const remote = await across(engine);
    const controller = new AbortController();
    const stopped = await remote.complete({
      messages,
      signal: controller.signal,
      onDelta: () => controller.abort(),
    });
    expect(stopped.finishReason).toBe('abort');
    expect((await remote.complete({ messages })).text).toBe('next');
  });
});
