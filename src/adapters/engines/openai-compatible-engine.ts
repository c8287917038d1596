/**
 * A `ChatEngine` over an OpenAI-compatible HTTP server (Ollama, llama.cpp server, LM Studio, or
 * OpenAI itself): streamed chat completions with abort, timeouts, retries and JSON output.
 *
 * Abort resolves (it does not throw) with `finishReason: 'abort'` and the text that arrived, as the
 * port says. JSON output asks for `json_schema` first; a server that rejects it with a 400 about
 * `response_format` is asked again with `json_object`, then with no format, and the engine keeps
 * the format that worked for later calls (`info.constrainedJson` is true only for `json_schema`).
 */
import type {
  ChatEngine,
  ChatEngineInfo,
  ChatRequest,
  ChatResponse,
  ResponseFormat,
} from '../../core/ports/chat-engine.ts';
import { describeError, EngineResponseError, isAbortError } from '../../core/errors.ts';
import { isRecord } from '../../core/is-record.ts';
import { ResponseFormatRejectedError, sendWithRetries, type RetryPolicy } from './openai-http.ts';
import { readCompletion, usageOrEstimate } from './openai-stream.ts';
import { RequestWatch } from './request-watch.ts';
import { estimatePromptTokens, estimateTokens } from './token-estimate.ts';

export interface OpenAiCompatibleOptions {
  /** Up to and including the API version, e.g. `http://localhost:11434/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  contextWindow: number;
  /** Longest wait for the first byte of an answer (default 120 s: a server may load the model). */
  timeoutMs?: number;
  /** Longest pause between two chunks of a streamed answer (default 30 s). */
  idleTimeoutMs?: number;
  /** Retries on refused connections and 429/5xx answers (default 2). */
  retries?: number;
  /** Wait before the first retry, doubled for each further one (default 500 ms). */
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

/** How JSON output is requested, most precise first. */
const JSON_MODES = ['json_schema', 'json_object', 'none'] as const;
type JsonMode = (typeof JSON_MODES)[number];

export type ConnectionTest =
  | { ok: true; models: string[]; modelListed: boolean }
  | { ok: false; error: { name: string; message: string } };

export class OpenAiCompatibleEngine implements ChatEngine {
  private readonly baseUrl: string;
  private readonly fetchFunction: typeof fetch;
  private readonly policy: RetryPolicy;
  private readonly idleTimeoutMs: number;
  private jsonMode: JsonMode = 'json_schema';

  constructor(private readonly options: OpenAiCompatibleOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchFunction = options.fetch ?? ((input, init) => fetch(input, init));
    this.policy = {
      retries: options.retries ?? 2,
      retryDelayMs: options.retryDelayMs ?? 500,
      timeoutMs: options.timeoutMs ?? 120_000,
    };
    this.idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
  }

  get info(): ChatEngineInfo {
    return {
      id: this.options.model,
      kind: 'openai',
      contextWindow: this.options.contextWindow,
      constrainedJson: this.jsonMode === 'json_schema',
    };
  }

  async complete(request: ChatRequest): Promise<ChatResponse> {
    for (;;) {
      const mode = request.responseFormat?.type === 'json' ? this.jsonMode : 'none';
      try {
        return await this.attempt(request, mode);
      } catch (error) {
        if (!(error instanceof ResponseFormatRejectedError)) throw error;
        const simpler = JSON_MODES[JSON_MODES.indexOf(mode) + 1];
        if (simpler === undefined) throw new EngineResponseError(this.baseUrl, 400, error.message);
        this.jsonMode = simpler;
      }
    }
  }

  countTokens(text: string): number {
    return estimateTokens(text);
  }

  /** The ids the server offers (`GET /models`). */
  async listModels(signal?: AbortSignal): Promise<string[]> {
    // Ollama lists what it has pulled at /api/tags beside its OpenAI-compatible /v1.
    const tags = (): Promise<string[]> =>
      this.readList(new URL('/api/tags', this.baseUrl).href, 'models', 'name', signal);
    let listed: string[];
    try {
      listed = await this.readList(`${this.baseUrl}/models`, 'data', 'id', signal);
    } catch (error) {
      // Only a server that answered (with an error) may be an Ollama without /v1/models.
      if (!(error instanceof EngineResponseError)) throw error;
      return tags().catch(() => Promise.reject(error));
    }
    return listed.length > 0 ? listed : tags().catch(() => listed);
  }

  /** The `key` of each entry of the response's `list` array. */
  private async readList(
    url: string,
    list: string,
    key: string,
    signal?: AbortSignal,
  ): Promise<string[]> {
    const watch = new RequestWatch(this.baseUrl, signal);
    try {
      const response = await sendWithRetries(
        this.fetchFunction,
        url,
        { headers: this.headers() },
        this.policy,
        watch,
      );
      const body: unknown = await watch.race(response.json());
      const data = isRecord(body) && Array.isArray(body[list]) ? (body[list] as unknown[]) : [];
      return data.flatMap((entry) =>
        isRecord(entry) && typeof entry[key] === 'string' ? [entry[key]] : [],
      );
    } finally {
      watch.dispose();
    }
  }

  /** For the Models view: can the server be reached, and does it offer the chosen model? */
  async testConnection(signal?: AbortSignal): Promise<ConnectionTest> {
    try {
      const models = await this.listModels(signal);
      return { ok: true, models, modelListed: models.includes(this.options.model) };
    } catch (error) {
      return { ok: false, error: describeError(error) };
    }
  }

  private async attempt(request: ChatRequest, mode: JsonMode): Promise<ChatResponse> {
    const watch = new RequestWatch(this.baseUrl, request.signal);
    try {
      const response = await sendWithRetries(
        this.fetchFunction,
        `${this.baseUrl}/chat/completions`,
        { method: 'POST', headers: this.headers(), body: JSON.stringify(this.body(request, mode)) },
        this.policy,
        watch,
      );
      const streamed = await readCompletion(response, request, watch, this.idleTimeoutMs);
      return { ...streamed, usage: usageOrEstimate(streamed.usage, request, streamed.text) };
    } catch (error) {
      if (!isAbortError(error) || !watch.callerAborted) throw error;
      return {
        text: '',
        finishReason: 'abort',
        usage: { promptTokens: estimatePromptTokens(request.messages), completionTokens: 0 },
      };
    } finally {
      watch.dispose();
    }
  }

  private body(request: ChatRequest, mode: JsonMode): Record<string, unknown> {
    return {
      model: this.options.model,
      messages: request.messages,
      stream: true,
      stream_options: { include_usage: true },
      ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...responseFormatField(request.responseFormat, mode),
    };
  }

  private headers(): Record<string, string> {
    return {
      'content-type': 'application/json',
      ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
    };
  }
}

function responseFormatField(
  format: ResponseFormat | undefined,
  mode: JsonMode,
): Record<string, unknown> {
  if (format?.type !== 'json' || mode === 'none') return {};
  if (mode === 'json_object') return { response_format: { type: 'json_object' } };
  // OpenAI accepts names of letters, digits, `_` and `-`, at most 64 long.
  const name = format.name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || 'response';
  return {
    response_format: {
      type: 'json_schema',
      json_schema: { name, schema: format.schema, strict: true },
    },
  };
}
