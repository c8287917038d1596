/**
 * Reading an OpenAI-compatible chat completion: server-sent `chat.completion.chunk` events up to
 * `[DONE]`, or one `chat.completion` object from a server that ignores `stream: true`.
 */
import type { ChatRequest, ChatResponse, TokenUsage } from '../../core/ports/chat-engine.ts';
import { EngineResponseError } from '../../core/errors.ts';
import { isRecord } from '../../core/is-record.ts';
import { errorMessageOf, responseError } from './openai-http.ts';
import type { RequestWatch } from './request-watch.ts';
import { SseParser } from './sse.ts';
import { estimatePromptTokens, estimateTokens } from './token-estimate.ts';

/** What the stream delivered; fields missing from the server's answer stay undefined. */
export interface StreamedCompletion {
  text: string;
  finishReason: ChatResponse['finishReason'];
  usage: TokenUsage | undefined;
}

export async function readCompletion(
  response: Response,
  request: ChatRequest,
  watch: RequestWatch,
  idleTimeoutMs: number,
): Promise<StreamedCompletion> {
  const result: StreamedCompletion = { text: '', finishReason: 'stop', usage: undefined };
  if (!response.body) throw new EngineResponseError(watch.where, response.status, 'empty answer');
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    readChunk(await watch.race(response.text()), result, request, watch.where);
    return result;
  }
  const reader = response.body.getReader();
  const parser = new SseParser();
  try {
    for (;;) {
      const { done, value } = await watch.race(reader.read());
      watch.arm(idleTimeoutMs, 'between chunks');
      const events = done ? parser.finish() : parser.push(value);
      for (const data of events) {
        if (data.trim() === '[DONE]') return result;
        readChunk(data, result, request, watch.where);
        // onDelta may abort: the text ends where the caller stopped reading.
        if (watch.callerAborted) return { ...result, finishReason: 'abort' };
      }
      if (done) return result;
    }
  } catch (error) {
    if (watch.callerAborted) return { ...result, finishReason: 'abort' };
    throw watch.signal.aborted ? watch.failure() : error;
  } finally {
    watch.disarm();
    reader.cancel().catch(() => undefined);
  }
}

/** Adds one chunk (or a whole non-streamed completion) to `result`. */
function readChunk(
  data: string,
  result: StreamedCompletion,
  request: ChatRequest,
  where: string,
): void {
  let chunk: unknown;
  try {
    chunk = JSON.parse(data);
  } catch {
    throw new EngineResponseError(where, undefined, `unreadable chunk "${data.slice(0, 80)}"`);
  }
  if (!isRecord(chunk)) return;
  if (chunk.error !== undefined) {
    throw responseError(where, undefined, errorMessageOf(data) ?? 'error inside the stream');
  }
  const usage = readUsage(chunk.usage);
  if (usage) result.usage = usage;
  const choice = Array.isArray(chunk.choices) ? (chunk.choices[0] as unknown) : undefined;
  if (!isRecord(choice)) return;
  const message = isRecord(choice.delta) ? choice.delta : choice.message;
  const content = isRecord(message) ? message.content : undefined;
  if (typeof content === 'string' && content.length > 0) {
    result.text += content;
    request.onDelta?.(content);
  }
  if (choice.finish_reason === 'length') result.finishReason = 'length';
}

function readUsage(value: unknown): TokenUsage | undefined {
  if (!isRecord(value)) return undefined;
  const { prompt_tokens: promptTokens, completion_tokens: completionTokens } = value;
  if (typeof promptTokens !== 'number' || typeof completionTokens !== 'number') return undefined;
  return { promptTokens, completionTokens };
}

/** The usage the server reported, else an estimate from the prompt and the text. */
export function usageOrEstimate(
  reported: TokenUsage | undefined,
  request: ChatRequest,
  text: string,
): TokenUsage {
  return (
    reported ?? {
      promptTokens: estimatePromptTokens(request.messages),
      completionTokens: estimateTokens(text),
    }
  );
}
