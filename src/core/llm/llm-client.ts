/**
 * The one way agent steps call the model. Each call is checked against the budget and the context
 * window before it is sent, traced (`llm-call-start` / `llm-call-end` with tokens and ms), streamed
 * to an optional callback, and stopped by the run's signal. A text call may also be interrupted by
 * its caller (the thorough proposer's monitor stops a stream to look something up): it then ends
 * normally with the text streamed so far. JSON steps never fail on malformed output: a tolerant
 * parse, one repair call, then the step's own fallback value.
 */
import {
  BudgetExhaustedError,
  ContextOverflowError,
  describeError,
  isAbortError,
} from '../errors.ts';
import type {
  ChatEngine,
  ChatMessage,
  ChatPurpose,
  ChatResponse,
  JsonSchema,
  ResponseFormat,
  TokenUsage,
} from '../ports/chat-engine.ts';
import type { BudgetTracker } from './budget.ts';
import { parseJsonOutput } from './json-output.ts';
import type { Schema } from './json-schema.ts';
import {
  countPromptTokens,
  fitPrompt,
  promptTokenLimit,
  type FittedPrompt,
  type PromptParts,
} from './prompt-fit.ts';
import type { Trace } from './trace.ts';
import type { LlmCallAttempt, TraceEventOf } from './trace-events.ts';

export interface TextCall {
  messages: ChatMessage[];
  purpose?: ChatPurpose;
  /** Completion tokens; at most, and by default, the budget's per-call maximum. */
  maxTokens?: number;
  temperature?: number;
  /** Called with each piece of streamed text (a JSON step's repair call streams too). */
  onDelta?: (text: string) => void;
  /**
   * Stops this call without stopping the run (text calls only; a JSON step ignores it): the call
   * then returns the text streamed so far with finishReason `interrupted`.
   */
  interrupt?: AbortSignal;
}

export interface JsonCall<Reply, Fallback = Reply> extends TextCall {
  /** The schema's name, for engines that enforce it. */
  name: string;
  /** What the reply must match (see `parseJsonOutput`). */
  schema: Schema<Reply>;
  /** The step's defined value when no usable reply can be had. */
  fallback: () => Fallback;
}

export interface TextReply {
  text: string;
  /** `length`: cut at maxTokens; `interrupted`: the call's `interrupt` fired (text is partial). */
  finishReason: 'stop' | 'length' | 'interrupted';
  usage: TokenUsage;
}

export interface LlmClientOptions {
  engine: ChatEngine;
  trace: Trace;
  budget: BudgetTracker;
  /** The run's stop signal. */
  signal?: AbortSignal;
}

type SentReply = TextReply & { call: number };

const REPAIR_SYSTEM = 'You correct malformed JSON replies. Reply with the corrected JSON only.';

/**
 * Failures, by method:
 * - `text` throws `BudgetExhaustedError` when no call is left, `ContextOverflowError` when the
 *   prompt does not fit (nothing is sent), an `AbortError` DOMException when the run's signal
 *   fires (even when the call's `interrupt` fired too), and the engine's own errors.
 * - `json` throws the same, except that a spent budget gives the fallback (after
 *   `budget-exhausted` and `llm-call-fallback` events): control steps then take their defined
 *   path, and the strategy's round limit ends its loop. A repair call that would not fit or has
 *   no budget left gives the fallback too. Malformed output never throws.
 */
export class LlmClient {
  constructor(private readonly options: LlmClientOptions) {}

  async text(step: string, call: TextCall): Promise<TextReply> {
    const { text, finishReason, usage } = await this.send(step, call, call.messages, 'first', {
      type: 'text',
    });
    return { text, finishReason, usage };
  }

  async json<Reply, Fallback = Reply>(
    step: string,
    call: JsonCall<Reply, Fallback>,
  ): Promise<Reply | Fallback> {
    const format: ResponseFormat = { type: 'json', name: call.name, schema: call.schema };
    const request: TextCall = {
      ...call,
      interrupt: undefined,
      purpose: call.purpose ?? { kind: 'control', step },
    };
    const messages = this.options.engine.info.constrainedJson
      ? call.messages
      : withJsonInstruction(call.messages, call.schema);
    let first: SentReply;
    try {
      first = await this.send(step, request, messages, 'first', format);
    } catch (error) {
      if (!(error instanceof BudgetExhaustedError)) throw error;
      return this.fallback(step, call, 'budget-exhausted', error.message);
    }
    const parsed = parseJsonOutput(first.text, call.schema);
    if (parsed.ok) return parsed.value;

    this.options.trace.emit({
      type: 'llm-call-repair',
      step,
      call: first.call,
      error: parsed.error,
    });
    let second: SentReply;
    try {
      const repair = this.repairMessages(call, messages, first.text, parsed.error);
      second = await this.send(step, request, repair, 'repair', format);
    } catch (error) {
      if (error instanceof BudgetExhaustedError) {
        return this.fallback(step, call, 'budget-exhausted', error.message);
      }
      if (error instanceof ContextOverflowError) {
        return this.fallback(step, call, 'context-overflow', error.message);
      }
      throw error;
    }
    const repaired = parseJsonOutput(second.text, call.schema);
    return repaired.ok ? repaired.value : this.fallback(step, call, 'malformed', repaired.error);
  }

  /**
   * The prompt of `parts` within what one call may send with `maxTokens` of reply (by default the
   * budget's per-call maximum): passages by rank while they fit (see `fitPrompt`).
   */
  fitPrompt(parts: PromptParts, maxTokens?: number): FittedPrompt {
    const { engine } = this.options;
    return fitPrompt(parts, {
      countTokens: (text) => engine.countTokens(text),
      limit: this.limit(this.maxTokens({ messages: [], maxTokens })),
      model: engine.info.id,
    });
  }

  private async send(
    step: string,
    call: TextCall,
    messages: ChatMessage[],
    attempt: LlmCallAttempt,
    format: ResponseFormat,
  ): Promise<SentReply> {
    const { engine, trace, budget, signal } = this.options;
    if (signal?.aborted) throw abortError();
    const maxTokens = this.maxTokens(call);
    const promptTokens = this.promptTokens(messages);
    const limit = this.limit(maxTokens);
    if (promptTokens > limit) {
      throw new ContextOverflowError(
        engine.info.id,
        `the "${step}" prompt has ${promptTokens} tokens, over the ${limit} that leave room for the reply`,
      );
    }
    budget.useCall(step);
    const number = budget.llmCallsUsed;
    const callEvent = { step, call: number, attempt };
    trace.emit({
      type: 'llm-call-start',
      ...callEvent,
      format: format.type,
      promptTokens,
      maxTokens,
    });
    const startedAt = trace.elapsed();
    const { interrupt } = call;
    // What streamed so far: an interrupted engine that throws instead of returning it.
    let streamed = '';
    const onDelta = interrupt
      ? (piece: string) => {
          streamed += piece;
          call.onDelta?.(piece);
        }
      : call.onDelta;
    const interrupted = () => interrupt?.aborted === true && signal?.aborted !== true;
    let response: ChatResponse;
    try {
      response = await engine.complete({
        messages,
        purpose: call.purpose,
        maxTokens,
        temperature: call.temperature,
        responseFormat: format.type === 'json' ? format : undefined,
        signal: interrupt && signal ? AbortSignal.any([signal, interrupt]) : (interrupt ?? signal),
        onDelta,
      });
    } catch (error) {
      const stopped = isAbortError(error) && interrupted();
      const completionTokens = stopped ? engine.countTokens(streamed) : 0;
      trace.emit({
        type: 'llm-call-end',
        ...callEvent,
        promptTokens,
        completionTokens,
        ms: trace.elapsed() - startedAt,
        finishReason: stopped ? 'interrupted' : isAbortError(error) ? 'abort' : 'error',
        ...(stopped ? {} : { error: describeError(error).message }),
      });
      if (!stopped) throw error;
      const usage = { promptTokens, completionTokens };
      return { text: streamed, usage, finishReason: 'interrupted', call: number };
    }
    const { text, usage } = response;
    const finishReason =
      response.finishReason === 'abort' && interrupted() ? 'interrupted' : response.finishReason;
    trace.emit({
      type: 'llm-call-end',
      ...callEvent,
      promptTokens: usage.promptTokens,
      completionTokens: usage.completionTokens,
      ms: trace.elapsed() - startedAt,
      finishReason,
    });
    if (finishReason === 'abort') throw abortError();
    return { text, usage, finishReason, call: number };
  }

  /** The repair request with the step's own conversation, or on its own when that is too long. */
  private repairMessages(
    call: JsonCall<unknown, unknown>,
    messages: ChatMessage[],
    broken: string,
    error: string,
  ): ChatMessage[] {
    const request = `That reply could not be used: ${error} Reply again with only the corrected JSON, matching this JSON Schema: ${JSON.stringify(call.schema)}`;
    const inConversation: ChatMessage[] = [
      ...messages,
      { role: 'assistant', content: broken },
      { role: 'user', content: request },
    ];
    if (this.promptTokens(inConversation) <= this.limit(this.maxTokens(call))) {
      return inConversation;
    }
    return [
      { role: 'system', content: REPAIR_SYSTEM },
      { role: 'user', content: `The reply:\n${broken}\n\n${request}` },
    ];
  }

  private fallback<Fallback>(
    step: string,
    call: JsonCall<unknown, Fallback>,
    reason: TraceEventOf<'llm-call-fallback'>['reason'],
    error: string,
  ): Fallback {
    this.options.trace.emit({ type: 'llm-call-fallback', step, reason, error });
    return call.fallback();
  }

  private maxTokens(call: TextCall): number {
    const budgetMaximum = this.options.budget.budget.maxCompletionTokens;
    return Math.min(call.maxTokens ?? budgetMaximum, budgetMaximum);
  }

  private promptTokens(messages: readonly ChatMessage[]): number {
    return countPromptTokens(messages, (text) => this.options.engine.countTokens(text));
  }

  private limit(maxTokens: number): number {
    const { budget, engine } = this.options;
    return promptTokenLimit(budget.budget, engine.info.contextWindow, maxTokens);
  }
}

/** For engines that do not enforce the schema: ask for it in words, at the end of the prompt. */
function withJsonInstruction(messages: readonly ChatMessage[], schema: JsonSchema): ChatMessage[] {
  const instruction = `Reply with JSON only, no other text, matching this JSON Schema: ${JSON.stringify(schema)}`;
  const last = messages.at(-1);
  if (last?.role !== 'user') return [...messages, { role: 'user', content: instruction }];
  return [...messages.slice(0, -1), { role: 'user', content: `${last.content}\n\n${instruction}` }];
}

/** The error a stopped run throws, wherever it stops (agents throw it too, e.g. after a search). */
export function abortError(): DOMException {
  return new DOMException('The answer was stopped.', 'AbortError');
}
