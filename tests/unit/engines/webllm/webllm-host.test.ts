/**
 * The llm worker's `WebLlmHost` and the library worker's end of it, across a `MessageChannel` with
 * comlink: loading (the network settings first, progress, failures), errors by name, the stream
 * closed when an answer is aborted, unloading. The chat contract itself is in
 * `tests/contracts/chat-engine.test.ts`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  ContextOverflowError,
  EngineLoadError,
  EngineResponseError,
} from '../../../../src/core/errors.ts';
import type { LoadedWebLlmEngine } from '../../../../src/adapters/engines/webllm/load.ts';
import type { WebLlmLoadProgress } from '../../../../src/adapters/engines/webllm/webllm-host.ts';
import { standInModel, WebLlmChannel } from '../../../support/webllm-channel.ts';
import { WebLlmStandIn } from '../../../support/webllm-stand-in.ts';

const messages = [{ role: 'user' as const, content: 'When was the kiln fired?' }];
const network = { modelHost: 'https://mirror.example' };

describe('WebLlmHost across a MessageChannel', () => {
  let loaded: LoadedWebLlmEngine | undefined;
  afterEach(async () => {
    await loaded?.unload();
    loaded = undefined;
  });

  it('hands the guard the network settings before web-llm starts, then loads the record', async () => {
    const standIn = new WebLlmStandIn([]);
    const channel = new WebLlmChannel(standIn);
    let settingsBeforeReload: unknown;
    standIn.reload = async (modelId) => {
      settingsBeforeReload = await channel.readSettings?.();
      standIn.reloads.push(modelId);
    };
    loaded = await channel.connect({ network, cacheBackend: 'indexeddb' });
    expect(settingsBeforeReload).toEqual(network);
    expect(standIn.reloads).toEqual([standInModel.id]);
    expect(channel.configs[0]?.appConfig).toEqual({
      model_list: [standInModel.record],
      cacheBackend: 'indexeddb',
    });
  });

  it("reports web-llm's load progress on the library side", async () => {
    const standIn = new WebLlmStandIn([]);
    const channel = new WebLlmChannel(standIn);
    standIn.reload = async () => {
      const report = channel.configs[0]?.initProgressCallback;
      report?.({ progress: 0.5, timeElapsed: 2, text: 'Fetching param cache[1/2]' });
      await Promise.resolve();
    };
    const progress: WebLlmLoadProgress[] = [];
    loaded = await channel.connect({ onProgress: (report) => progress.push(report) });
    await expect
      .poll(() => progress)
      .toEqual([{ fraction: 0.5, elapsedSeconds: 2, text: 'Fetching param cache[1/2]' }]);
  });

  it("fails to load with EngineLoadError carrying web-llm's message, and closes the channel", async () => {
    const standIn = new WebLlmStandIn([]);
    standIn.reload = () => Promise.reject(new TypeError('Failed to fetch mlc-chat-config.json'));
    const channel = new WebLlmChannel(standIn);
    const failure = channel.connect();
    await expect(failure).rejects.toBeInstanceOf(EngineLoadError);
    await expect(failure).rejects.toThrow(/Failed to fetch mlc-chat-config\.json/);
    expect(channel.closed).toBe(true);
  });

  it("turns web-llm's errors, which cross as name and message, into Archivist's", async () => {
    const overflow = Object.assign(new Error('Prompt tokens exceed context window size'), {
      name: 'ContextWindowSizeExceededError',
    });
    const standIn = new WebLlmStandIn([overflow, new Error('device lost')]);
    loaded = await new WebLlmChannel(standIn).connect();
    await expect(loaded.engine.complete({ messages })).rejects.toBeInstanceOf(ContextOverflowError);
    await expect(loaded.engine.complete({ messages })).rejects.toBeInstanceOf(EngineResponseError);
  });

  it('interrupts and closes the stream of an aborted answer, so the next one runs', async () => {
    const standIn = new WebLlmStandIn(['a long answer, read in pieces', 'the next answer']);
    loaded = await new WebLlmChannel(standIn).connect();
    const controller = new AbortController();
    const first = await loaded.engine.complete({
      messages,
      signal: controller.signal,
      onDelta: () => controller.abort(),
    });
    expect(first.finishReason).toBe('abort');
    await expect.poll(() => standIn.interrupts).toBe(1);
    expect(standIn.openStreams).toBe(0);
    expect((await loaded.engine.complete({ messages })).text).toBe('the next answer');
    expect(standIn.openStreams).toBe(0);
  });

  it('unloads the model, then closes the channel', async () => {
    const standIn = new WebLlmStandIn([]);
    const channel = new WebLlmChannel(standIn);
    const model = await channel.connect();
    await model.unload();
    expect(standIn.unloads).toBe(1);
    expect(channel.closed).toBe(true);
  });
});
