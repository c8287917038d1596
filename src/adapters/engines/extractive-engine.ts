import {
  extractAnswer,
  type ExtractiveOptions,
  type ExtractedAnswer,
} from '../../core/answer/extractive-answer.ts';
import type {
  ChatEngine,
  ChatEngineInfo,
  ChatRequest,
  ChatResponse,
  PromptPassage,
} from '../../core/ports/chat-engine.ts';
import { minimalValue } from './schema-defaults.ts';
import { estimateTokens } from './token-estimate.ts';
import { escapeMarkdown } from '../../core/markdown-escape.ts';

/** The whole reply when the passages do not hold the answer; callers may match on it. */
export const NOT_IN_DOCUMENTS = "The documents don't contain the answer to this question.";

/**
 * Answers without a language model: the answer span and its sentence, cited by the passage's
 * position (`[1]` is the first passage of the request). It reads only `purpose`, never the
 * messages, so instructions inside documents are just text.
 *
 * - `answer` purpose, text: `**span** [n]` and the sentence quoted, or {@link NOT_IN_DOCUMENTS}.
 * - `answer` purpose, JSON: `{ "answer": string | null, "quote", "passageId" }` over the schema's
 *   required properties at neutral defaults.
 * - `control` purpose or none: the schema's minimal valid value (see `minimalValue`) for JSON,
 *   an empty reply for text, so that callers take their defined fallback.
 *
 * Replies stream word by word through `onDelta`; a text reply stops before passing `maxTokens`
 * (a JSON one is never cut, so that it stays valid); usage is zero (no model ran).
 */
export class ExtractiveEngine implements ChatEngine {
  readonly info: ChatEngineInfo = {
    id: 'extractive',
    kind: 'extractive',
    contextWindow: 1_000_000,
    constrainedJson: true,
  };

  constructor(private readonly options: ExtractiveOptions = {}) {}

  async complete(request: ChatRequest): Promise<ChatResponse> {
    const limit = request.responseFormat?.type === 'json' ? Infinity : request.maxTokens;
    return stream(this.#reply(request), limit ?? Infinity, request);
  }

  countTokens(text: string): number {
    return estimateTokens(text);
  }

  #reply(request: ChatRequest): string {
    const format = request.responseFormat;
    const purpose = request.purpose;
    if (purpose?.kind !== 'answer') {
      return format?.type === 'json' ? JSON.stringify(minimalValue(format.schema)) : '';
    }
    const result = extractAnswer(purpose.question, purpose.passages, this.options);
    const found = result.answer === null ? null : result;
    if (format?.type === 'json') {
      const defaults = minimalValue(format.schema);
      return JSON.stringify({
        ...(typeof defaults === 'object' && defaults !== null ? defaults : {}),
        answer: found?.answer ?? null,
        quote: found?.sentence ?? '',
        passageId: found?.passageId ?? '',
      });
    }
    return found ? answerMarkdown(found, purpose.passages) : NOT_IN_DOCUMENTS;
  }
}

function answerMarkdown(found: ExtractedAnswer, passages: readonly PromptPassage[]): string {
  const citation = `[${passages.findIndex((passage) => passage.id === found.passageId) + 1}]`;
  return `**${escapeMarkdown(found.answer)}** ${citation}\n\n> ${escapeMarkdown(found.sentence)} ${citation}`;
}

/** Sends `text` word by word, stopping at an abort or before passing `limit` tokens. */
async function stream(text: string, limit: number, request: ChatRequest): Promise<ChatResponse> {
  const usage = { promptTokens: 0, completionTokens: 0 };
  let sent = '';
  for (const piece of text.match(/\s*\S+\s*$|\s*\S+/g) ?? []) {
    await Promise.resolve();
    if (request.signal?.aborted) return { text: sent, usage, finishReason: 'abort' };
    if (estimateTokens(sent + piece) > limit) return { text: sent, usage, finishReason: 'length' };
    request.onDelta?.(piece);
    sent += piece;
  }
  return { text: sent, usage, finishReason: 'stop' };
}
