/**
 * A `ChatEngine` over web-llm's OpenAI-style API: in the app, the llm worker's engine, whose model
 * runs on WebGPU there, reached over comlink (`RemoteWebLlmBackend`, see `load.ts`), so this file
 * imports only web-llm's types. JSON output is constrained by web-llm's grammar engine from
 * the schema; abort calls `interruptGenerate()` and resolves with the text so far. One generation
 * runs at a time: web-llm's engine holds one conversation, and an interrupt must reach only the
 * request that asked for it.
 */
import type {
  ChatCompletionChunk,
  ChatCompletionMessageParam,
  ChatCompletionRequestStreaming,
} from '@mlc-ai/web-llm';
import type {
  ChatEngine,
  ChatEngineInfo,
  ChatMessage,
  ChatRequest,
  ChatResponse,
  TokenUsage,
} from '../../../core/ports/chat-engine.ts';
import { ContextOverflowError, EngineResponseError } from '../../../core/errors.ts';
import { estimatePromptTokens, estimateTokens } from '../token-estimate.ts';

/** The part of web-llm's `MLCEngineInterface` this adapter uses. */
export interface WebLlmBackend {
  chat: {
    completions: {
      create(request: ChatCompletionRequestStreaming): Promise<AsyncIterable<ChatCompletionChunk>>;
    };
  };
  interruptGenerate(): void;
}

export interface WebLlmEngineModel {
  id: string;
  contextWindow: number;
}

export class WebLlmEngine implements ChatEngine {
  readonly info: ChatEngineInfo;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly backend: WebLlmBackend,
    model: WebLlmEngineModel,
  ) {
    this.info = {
      id: model.id,
      kind: 'webllm',
      contextWindow: model.contextWindow,
      constrainedJson: true,
    };
  }

  complete(request: ChatRequest): Promise<ChatResponse> {
    const run = this.queue.then(() => this.generate(request));
    this.queue = run.catch(() => undefined);
    return run;
  }

  countTokens(text: string): number {
    return estimateTokens(text);
  }

  private async generate(request: ChatRequest): Promise<ChatResponse> {
    let text = '';
    let finishReason: ChatResponse['finishReason'] = 'stop';
    let usage: TokenUsage | undefined;
    const { signal } = request;
    const interrupt = (): void => this.backend.interruptGenerate();
    if (!signal?.aborted) {
      signal?.addEventListener('abort', interrupt, { once: true });
      try {
        const chunks = await this.backend.chat.completions.create(this.webLlmRequest(request));
        for await (const chunk of chunks) {
          const choice = chunk.choices[0];
          const content = choice?.delta.content ?? '';
          if (content.length > 0) {
            text += content;
            request.onDelta?.(content);
          }
          if (choice?.finish_reason === 'length') finishReason = 'length';
          if (chunk.usage) {
            usage = {
              promptTokens: chunk.usage.prompt_tokens,
              completionTokens: chunk.usage.completion_tokens,
            };
          }
          if (signal?.aborted) break;
        }
      } catch (error) {
        if (!signal?.aborted) throw engineError(this.info.id, error);
      } finally {
        signal?.removeEventListener('abort', interrupt);
      }
    }
    return {
      text,
      finishReason: signal?.aborted ? 'abort' : finishReason,
      usage: usage ?? {
        promptTokens: estimatePromptTokens(request.messages),
        completionTokens: estimateTokens(text),
      },
    };
  }

  private webLlmRequest(request: ChatRequest): ChatCompletionRequestStreaming {
    const format = request.responseFormat;
    return {
      messages: request.messages.map(toWebLlmMessage),
      stream: true,
      stream_options: { include_usage: true },
      ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(format?.type === 'json'
        ? { response_format: { type: 'json_object', schema: JSON.stringify(format.schema) } }
        : {}),
    };
  }
}

function toWebLlmMessage(message: ChatMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      return { role: 'user', content: message.content };
    case 'assistant':
      return { role: 'assistant', content: message.content };
  }
}

/** Errors cross the worker as name and message; web-llm names its context overflow. */
function engineError(model: string, error: unknown): Error {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'ContextWindowSizeExceededError' || /context window size/i.test(message)) {
    return new ContextOverflowError(model, message);
  }
  return new EngineResponseError(model, undefined, message);
}
