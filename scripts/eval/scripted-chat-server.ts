/**
 * A scripted OpenAI-compatible server on 127.0.0.1, for evaluating and testing the pipeline with
 * `--engine openai` and no model: `/v1/models`, and `/v1/chat/completions` streamed (SSE, with a
 * usage chunk when asked) or not, each reply derived from the request (see scripted-replies.ts).
 * It counts prompt tokens by the engine's estimate, records the largest prompt, and refuses a
 * prompt that does not fit its context window as real servers do. It allows cross-origin requests
 * (as llama.cpp's server does), so the app in a browser can use it.
 *
 *     npx tsx scripts/eval/scripted-chat-server.ts [--port 8787] [--context-window 4096]
 *
 * prints the base URL and serves until killed.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { estimatePromptTokens, estimateTokens } from '../../src/adapters/engines/token-estimate.ts';
import { isRecord } from '../../src/core/is-record.ts';
import type { ChatMessage, JsonSchema } from '../../src/core/ports/chat-engine.ts';
import {
  completionEvents,
  startEventStream,
  writeInSlices,
  writeSlowly,
} from './completion-stream.ts';
import { readPrompt, scriptedText, scriptedValue } from './scripted-replies.ts';

export interface ScriptedChatServerOptions {
  /** 0 (the default): a free port. */
  port?: number;
  /** Prompt plus `max_tokens` beyond this is refused with a context-length error (default 4096). */
  contextWindow?: number;
  /** Appended to every text reply (tests use it to put hostile markup in a model's answer). */
  textSuffix?: string;
  /** Appended to every string of a JSON reply that is not an enum value (as textSuffix). */
  stringSuffix?: string;
  /**
   * Pause between the pieces (24 characters) of a streamed text reply, as a slow model writes
   * (tests use it to reload mid-answer); none by default.
   */
  streamPauseMs?: number;
}

/** One chat request as the server counted it. */
export interface ScriptedRequest {
  /** The `json_schema` name, or undefined for a text request. */
  schemaName: string | undefined;
  stream: boolean;
  promptTokens: number;
  completionTokens: number;
  /** False when it was refused for its length. */
  answered: boolean;
}

export interface ScriptedChatServer {
  /** Base URL, ending in `/v1`. */
  url: string;
  /** The chat requests, in arrival order. */
  requests: ScriptedRequest[];
  /** The most prompt tokens one request had, by the engine's estimate (0 before any). */
  largestPromptTokens(): number;
  /** Changes `streamPauseMs` for the replies that start from now on. */
  setStreamPause(milliseconds: number): void;
  close(): Promise<void>;
}

const MODEL = 'scripted';
const MAXIMUM_BODY_BYTES = 4 * 1024 * 1024;
/** Characters per streamed delta, and bytes per write of the stream. */
const PIECE_CHARACTERS = 24;
const SLICE_BYTES = 256;

class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startScriptedChatServer(
  options: ScriptedChatServerOptions = {},
): Promise<ScriptedChatServer> {
  const contextWindow = options.contextWindow ?? 4096;
  let streamPauseMs = options.streamPauseMs ?? 0;
  const requests: ScriptedRequest[] = [];
  const server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    route(request, response).catch((error: unknown) => {
      const status = error instanceof RequestError ? error.status : 500;
      const message = error instanceof Error ? error.message : String(error);
      if (!response.headersSent) sendJson(response, status, { error: { message } });
      else response.destroy();
    });
  });

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': 'authorization, content-type',
        'access-control-max-age': '600',
      });
      response.end();
    } else if (request.method === 'GET' && request.url === '/v1/models') {
      sendJson(response, 200, { object: 'list', data: [{ id: MODEL, object: 'model' }] });
    } else if (request.method === 'POST' && request.url === '/v1/chat/completions') {
      await complete(readBody(await readJson(request)), response);
    } else {
      throw new RequestError(404, `No route ${request.method} ${request.url}.`);
    }
  }

  async function complete(body: ChatBody, response: ServerResponse): Promise<void> {
    const promptTokens = estimatePromptTokens(body.messages);
    const record: ScriptedRequest = {
      schemaName: body.schema?.name,
      stream: body.stream,
      promptTokens,
      completionTokens: 0,
      answered: false,
    };
    requests.push(record);
    if (promptTokens + body.maxTokens > contextWindow) {
      throw new RequestError(
        400,
        `This model's maximum context length is ${contextWindow} tokens; the request has ${promptTokens} prompt tokens and asks for ${body.maxTokens} more.`,
      );
    }
    const reading = readPrompt(body.messages);
    const text = body.schema
      ? JSON.stringify(
          appendToStrings(
            scriptedValue(body.schema.schema, reading),
            body.schema.schema,
            options.stringSuffix ?? '',
          ),
        )
      : scriptedText(reading, body.messages) + (options.textSuffix ?? '');
    record.completionTokens = estimateTokens(text);
    record.answered = true;
    const usage = { prompt_tokens: promptTokens, completion_tokens: record.completionTokens };
    if (!body.stream) {
      sendJson(response, 200, {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        model: MODEL,
        choices: [
          { index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' },
        ],
        usage: { ...usage, total_tokens: promptTokens + record.completionTokens },
      });
      return;
    }
    startEventStream(response);
    const events = completionEvents({
      model: MODEL,
      pieces: text.match(new RegExp(`[\\s\\S]{1,${PIECE_CHARACTERS}}`, 'g')) ?? [],
      finishReason: 'stop',
      usage: body.includeUsage ? usage : false,
    });
    if (streamPauseMs > 0 && !body.schema) await writeSlowly(response, events, streamPauseMs);
    else await writeInSlices(response, events, SLICE_BYTES);
    response.end();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    largestPromptTokens: () => Math.max(0, ...requests.map((request) => request.promptTokens)),
    setStreamPause: (milliseconds) => (streamPauseMs = milliseconds),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface ChatBody {
  messages: ChatMessage[];
  stream: boolean;
  includeUsage: boolean;
  maxTokens: number;
  schema: { name: string; schema: Record<string, unknown> } | undefined;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAXIMUM_BODY_BYTES) throw new RequestError(413, 'The request body is too large.');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new RequestError(400, 'The request body is not JSON.');
  }
}

/** The fields of a chat request the server uses; a 400 for a request it cannot read. */
function readBody(body: unknown): ChatBody {
  if (!isRecord(body) || !Array.isArray(body.messages) || !body.messages.every(isMessage)) {
    throw new RequestError(400, 'messages must be a list of { role, content } with text content.');
  }
  const format = isRecord(body.response_format) ? body.response_format : undefined;
  const jsonSchema = isRecord(format?.json_schema) ? format.json_schema : undefined;
  if (format?.type === 'json_schema' && !isRecord(jsonSchema?.schema)) {
    throw new RequestError(400, 'response_format json_schema needs a schema.');
  }
  return {
    messages: body.messages,
    stream: body.stream === true,
    includeUsage: isRecord(body.stream_options) && body.stream_options.include_usage === true,
    maxTokens: typeof body.max_tokens === 'number' ? body.max_tokens : 0,
    schema:
      jsonSchema && isRecord(jsonSchema.schema)
        ? { name: String(jsonSchema.name ?? ''), schema: jsonSchema.schema }
        : undefined,
  };
}

/** `value` (of `schema`) with `suffix` after every string that is not one of an enum's values. */
function appendToStrings(value: unknown, schema: JsonSchema, suffix: string): unknown {
  if (suffix === '' || Array.isArray(schema.enum)) return value;
  if (typeof value === 'string') return value + suffix;
  const items = schema.items;
  if (Array.isArray(value)) {
    return isRecord(items) ? value.map((item) => appendToStrings(item, items, suffix)) : value;
  }
  const properties = schema.properties;
  if (!isRecord(value) || !isRecord(properties)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, property]) => {
      const propertySchema = properties[name];
      return [
        name,
        isRecord(propertySchema) ? appendToStrings(property, propertySchema, suffix) : property,
      ];
    }),
  );
}

function isMessage(value: unknown): value is ChatMessage {
  return isRecord(value) && typeof value.role === 'string' && typeof value.content === 'string';
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function serveFromCommandLine(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8787' },
      'context-window': { type: 'string', default: '4096' },
    },
  });
  const server = await startScriptedChatServer({
    port: Number(values.port),
    contextWindow: Number(values['context-window']),
  });
  console.log(server.url);
  const stop = () => {
    console.error(
      `${server.requests.length} requests; largest prompt ${server.largestPromptTokens()} tokens.`,
    );
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await serveFromCommandLine();
}
