/**
 * The OpenAI-compatible adapter against a local HTTP server that streams like a real one, for the
 * failures a real server produces. Only 127.0.0.1; every server is closed after its test.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  OpenAiCompatibleEngine,
  type OpenAiCompatibleOptions,
} from '../../src/adapters/engines/openai-compatible-engine.ts';
import { estimatePromptTokens, estimateTokens } from '../../src/adapters/engines/token-estimate.ts';
import type { ChatRequest, ResponseFormat } from '../../src/core/ports/chat-engine.ts';
import { startChatServer, type ChatServer, type ServerReply } from '../support/chat-server.ts';

const messages: ChatRequest['messages'] = [{ role: 'user', content: 'Which kiln was fired?' }];
const json: ResponseFormat = {
  type: 'json',
  name: 'kiln answer',
  schema: { type: 'object', properties: { kiln: { type: 'string' } }, required: ['kiln'] },
};
const ok = (pieces: string[]): ServerReply => ({ kind: 'stream', pieces });
const errorBody = (message: string): string => JSON.stringify({ error: { message } });

let server: ChatServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function engineFor(
  replies: ServerReply[],
  options: Partial<OpenAiCompatibleOptions> = {},
): Promise<OpenAiCompatibleEngine> {
  server = await startChatServer(replies);
  return new OpenAiCompatibleEngine({
    baseUrl: `${server.url}/`,
    model: 'test-model',
    contextWindow: 8192,
    retries: 2,
    retryDelayMs: 5,
    timeoutMs: 2000,
    idleTimeoutMs: 2000,
    ...options,
  });
}

/** A port on 127.0.0.1 with nothing listening: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('OpenAI-compatible engine against a local server', () => {
  it('sends an OpenAI streaming request', async () => {
    const engine = await engineFor([ok(['{"kiln":', '"north"}'])]);
    await engine.complete({ messages, maxTokens: 64, temperature: 0.2, responseFormat: json });
    expect(server?.requests[0]).toEqual({
      model: 'test-model',
      messages,
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 64,
      temperature: 0.2,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'kiln_answer', schema: json.schema, strict: true },
      },
    });
  });

  it('retries after an HTTP 500 and then succeeds', async () => {
    const engine = await engineFor([
      { kind: 'error', status: 500, body: errorBody('model is loading') },
      ok(['north ', 'kiln']),
    ]);
    const response = await engine.complete({ messages });
    expect(response.text).toBe('north kiln');
    expect(server?.requests).toHaveLength(2);
  });

  it('gives up after its retries with the server message', async () => {
    const engine = await engineFor(
      [{ kind: 'error', status: 503, body: errorBody('server overloaded') }],
      { retries: 1 },
    );
    const failure = engine.complete({ messages });
    await expect(failure).rejects.toMatchObject({ name: 'EngineResponseError', status: 503 });
    await expect(failure).rejects.toThrow(/server overloaded/);
    expect(server?.requests).toHaveLength(2);
  });

  it('falls back to json_object when json_schema is rejected, and remembers it', async () => {
    const engine = await engineFor([
      {
        kind: 'error',
        status: 400,
        body: errorBody("'response_format.type' must be 'json_object'"),
      },
      ok(['{"kiln":"north"}']),
    ]);
    expect(engine.info.constrainedJson).toBe(true);
    const first = await engine.complete({ messages, responseFormat: json });
    expect(JSON.parse(first.text)).toEqual({ kiln: 'north' });
    await engine.complete({ messages, responseFormat: json });
    const formats = server?.requests.map((request) => request.response_format);
    expect(formats).toEqual([
      expect.objectContaining({ type: 'json_schema' }),
      { type: 'json_object' },
      { type: 'json_object' },
    ]);
    expect(engine.info.constrainedJson).toBe(false);
  });

  it('reports an error body without retrying a client error', async () => {
    const engine = await engineFor([
      {
        kind: 'error',
        status: 404,
        body: JSON.stringify({ error: "model 'test-model' not found" }),
      },
    ]);
    const failure = engine.complete({ messages });
    await expect(failure).rejects.toMatchObject({ name: 'EngineResponseError', status: 404 });
    await expect(failure).rejects.toThrow(/model 'test-model' not found/);
    expect(server?.requests).toHaveLength(1);
  });

  it('reports a prompt over the context window as ContextOverflowError', async () => {
    const engine = await engineFor([
      {
        kind: 'error',
        status: 400,
        body: errorBody('the request exceeds the available context size, try increasing it'),
      },
    ]);
    await expect(engine.complete({ messages })).rejects.toMatchObject({
      name: 'ContextOverflowError',
    });
  });

  it('fails on an error event inside the stream', async () => {
    const engine = await engineFor([
      { kind: 'stream', pieces: ['par'], errorEvent: 'out of memory while decoding' },
    ]);
    await expect(engine.complete({ messages })).rejects.toThrow(/out of memory while decoding/);
  });

  it('tells the user to start the server when the connection is refused', async () => {
    const port = await closedPort();
    const engine = new OpenAiCompatibleEngine({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      model: 'test-model',
      contextWindow: 8192,
      retries: 1,
      retryDelayMs: 5,
    });
    const failure = engine.complete({ messages });
    await expect(failure).rejects.toMatchObject({ name: 'EngineUnavailableError' });
    await expect(failure).rejects.toThrow(`Is the server running at http://127.0.0.1:${port}/v1?`);
    expect(await engine.testConnection()).toMatchObject({
      ok: false,
      error: { name: 'EngineUnavailableError' },
    });
  });

  it('fails a stalled stream with EngineTimeoutError', async () => {
    const engine = await engineFor([{ kind: 'stream', pieces: ['a', 'b', 'c'], stallAfter: 2 }], {
      idleTimeoutMs: 200,
    });
    const deltas: string[] = [];
    const failure = engine.complete({ messages, onDelta: (text) => deltas.push(text) });
    await expect(failure).rejects.toMatchObject({
      name: 'EngineTimeoutError',
      phase: 'between chunks',
    });
    expect(deltas).toEqual(['a', 'b']);
  });

  it('fails a server that never answers with EngineTimeoutError', async () => {
    const engine = await engineFor([{ kind: 'silent' }], { timeoutMs: 200 });
    await expect(engine.complete({ messages })).rejects.toMatchObject({
      name: 'EngineTimeoutError',
      phase: 'first byte',
    });
    expect(server?.requests).toHaveLength(1);
  });

  it('stops on abort mid-stream and keeps the text that arrived', async () => {
    const pieces = Array.from({ length: 40 }, (_, index) => `word${index} `);
    const engine = await engineFor([ok(pieces)]);
    const controller = new AbortController();
    let deltas = 0;
    const response = await engine.complete({
      messages,
      signal: controller.signal,
      onDelta: () => {
        deltas += 1;
        if (deltas === 3) controller.abort();
      },
    });
    expect(response).toMatchObject({ finishReason: 'abort', text: 'word0 word1 word2 ' });
  });

  it('estimates usage when the server reports none', async () => {
    const engine = await engineFor([{ kind: 'stream', pieces: ['north ', 'kiln'], usage: false }]);
    const response = await engine.complete({ messages });
    expect(response.usage).toEqual({
      promptTokens: estimatePromptTokens(messages),
      completionTokens: estimateTokens('north kiln'),
    });
  });

  it('takes usage and a length stop from the stream', async () => {
    const engine = await engineFor([
      {
        kind: 'stream',
        pieces: ['north'],
        finishReason: 'length',
        usage: { prompt_tokens: 31, completion_tokens: 1 },
      },
    ]);
    const response = await engine.complete({ messages, maxTokens: 1 });
    expect(response).toEqual({
      text: 'north',
      finishReason: 'length',
      usage: { promptTokens: 31, completionTokens: 1 },
    });
  });

  it('reads a server that ignores stream: true and answers in one object', async () => {
    const engine = await engineFor([
      {
        kind: 'json',
        body: {
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: 'north kiln' } }],
          usage: { prompt_tokens: 9, completion_tokens: 2 },
        },
      },
    ]);
    const response = await engine.complete({ messages });
    expect(response).toMatchObject({ text: 'north kiln', usage: { promptTokens: 9 } });
  });

  it('lists the server models and tests the connection', async () => {
    const engine = await engineFor([]);
    expect(await engine.listModels()).toEqual(['test-model', 'other']);
    expect(await engine.testConnection()).toEqual({
      ok: true,
      models: ['test-model', 'other'],
      modelListed: true,
    });
  });

  it("lists an Ollama server's models from /api/tags when /v1/models has none", async () => {
    const ollama = createHttpServer((request, response) => {
      const tags = request.url === '/api/tags';
      response.writeHead(tags ? 200 : 404, { 'content-type': 'application/json' });
      response.end(tags ? JSON.stringify({ models: [{ name: 'llama3.2:3b' }] }) : '{}');
    });
    await new Promise<void>((resolve) => ollama.listen(0, '127.0.0.1', resolve));
    const { port } = ollama.address() as AddressInfo;
    const engine = new OpenAiCompatibleEngine({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      model: '',
      contextWindow: 4096,
      retries: 0,
    });
    try {
      expect(await engine.listModels()).toEqual(['llama3.2:3b']);
    } finally {
      await new Promise((resolve) => ollama.close(resolve));
    }
  });
});
