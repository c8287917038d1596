/**
 * A `ChatEngine` for tests: it returns scripted responses in call order and records every call,
 * so a test can drive a pipeline step by step and then check the prompts it sent.
 */
import type {
  ChatEngine,
  ChatEngineInfo,
  ChatRequest,
  ChatResponse,
} from '../../core/ports/chat-engine.ts';
import { estimatePromptTokens, estimateTokens } from './token-estimate.ts';

/** What one call returns: its text, text made from the request, or an error to throw. */
export type ScriptedResponse = string | ((request: RecordedRequest) => string) | Error;

/** A request as the engine received it, without its signal and callback. */
export type RecordedRequest = Omit<ChatRequest, 'signal' | 'onDelta'>;

export interface ScriptedEngineOptions {
  id?: string;
  contextWindow?: number;
  constrainedJson?: boolean;
  /** How many pieces each response is streamed in (default 3). */
  piecesPerResponse?: number;
}

export class ScriptedEngine implements ChatEngine {
  readonly info: ChatEngineInfo;
  /** Every request so far, in call order. */
  readonly calls: RecordedRequest[] = [];
  private readonly responses: ScriptedResponse[];
  private readonly piecesPerResponse: number;

  constructor(responses: readonly ScriptedResponse[], options: ScriptedEngineOptions = {}) {
    this.responses = [...responses];
    this.piecesPerResponse = Math.max(1, options.piecesPerResponse ?? 3);
    this.info = {
      id: options.id ?? 'scripted',
      kind: 'scripted',
      contextWindow: options.contextWindow ?? 4096,
      constrainedJson: options.constrainedJson ?? true,
    };
  }

  /** Responses not yet used. */
  get remaining(): number {
    return this.responses.length - this.calls.length;
  }

  async complete(request: ChatRequest): Promise<ChatResponse> {
    const { signal, onDelta, ...recorded } = request;
    this.calls.push(recorded);
    const callNumber = this.calls.length;
    const scripted = this.responses[callNumber - 1];
    if (scripted === undefined) {
      throw new Error(
        `ScriptedEngine: call ${callNumber} has no scripted response (${this.responses.length} given).`,
      );
    }
    if (scripted instanceof Error) throw scripted;
    const full = typeof scripted === 'function' ? scripted(recorded) : scripted;
    const limited = this.truncate(full, request.maxTokens);
    let text = '';
    for (const piece of splitIntoPieces(limited, this.piecesPerResponse)) {
      // A real engine yields between chunks; so does this one, so an abort can land mid-stream.
      await Promise.resolve();
      if (signal?.aborted) return this.response(request, text, 'abort');
      text += piece;
      onDelta?.(piece);
    }
    return this.response(request, text, limited.length < full.length ? 'length' : 'stop');
  }

  countTokens(text: string): number {
    return estimateTokens(text);
  }

  private truncate(text: string, maxTokens: number | undefined): string {
    if (maxTokens === undefined || estimateTokens(text) <= maxTokens) return text;
    // The estimate never shrinks as a prefix grows: find the longest prefix that fits.
    let fits = 0;
    let overflows = text.length;
    while (overflows - fits > 1) {
      const middle = Math.floor((fits + overflows) / 2);
      if (estimateTokens(text.slice(0, middle)) <= maxTokens) fits = middle;
      else overflows = middle;
    }
    return text.slice(0, fits);
  }

  private response(
    request: ChatRequest,
    text: string,
    finishReason: ChatResponse['finishReason'],
  ): ChatResponse {
    return {
      text,
      finishReason,
      usage: {
        promptTokens: estimatePromptTokens(request.messages),
        completionTokens: estimateTokens(text),
      },
    };
  }
}

function splitIntoPieces(text: string, count: number): string[] {
  if (text.length === 0) return [];
  const size = Math.ceil(text.length / count);
  const pieces: string[] = [];
  for (let start = 0; start < text.length; start += size)
    pieces.push(text.slice(start, start + size));
  return pieces;
}
