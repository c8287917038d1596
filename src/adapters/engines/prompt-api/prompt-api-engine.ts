/**
 * A `ChatEngine` on the browser's built-in model, through the Prompt API (`LanguageModel`). The
 * API exists on Window only, so this engine lives on the page; the library worker reaches it over
 * comlink (`ChatEngineHost` / `RemoteChatEngine`).
 *
 * A base session, created at load (it downloads the model, reporting progress through `monitor`),
 * tells the context window and keeps the model ready. Each call then creates a fresh session with
 * the call's system and earlier messages as `initialPrompts`, so nothing one agent said leaks into
 * another's history, streams its reply with `promptStreaming`, and destroys it. A JSON call passes
 * its schema as `responseConstraint`. The Prompt API has no completion limit: the stream is
 * cancelled once the reply passes `maxTokens` (finish reason `length`).
 */
import type {
  ChatEngine,
  ChatEngineInfo,
  ChatMessage,
  ChatRequest,
  ChatResponse,
} from '../../../core/ports/chat-engine.ts';
import { ContextOverflowError } from '../../../core/errors.ts';
import { estimatePromptTokens, estimateTokens } from '../token-estimate.ts';
import {
  contextUsageOf,
  contextWindowOf,
  measureUsage,
  type LanguageModelCoreOptions,
  type LanguageModelFactory,
  type LanguageModelMessage,
  type LanguageModelPromptOptions,
  type LanguageModelSession,
} from './prompt-api.ts';
import { checkAvailable, loadError, promptError } from './prompt-api-errors.ts';

/** The id the engine reports: the browser does not name its model to web pages. */
export const BUILT_IN_MODEL_ID = 'built-in';

/**
 * What sessions are created for: the app's prompts are English, documents may be in any of the
 * languages Chrome's model reads; replies are English. Chrome warns when none are given.
 */
export const BUILT_IN_MODEL_OPTIONS: LanguageModelCoreOptions = {
  expectedInputs: [{ type: 'text', languages: ['en', 'es', 'ja'] }],
  expectedOutputs: [{ type: 'text', languages: ['en'] }],
};

/**
 * Used only where a browser's session reports neither `contextWindow` nor `inputQuota`: the
 * smallest window Chrome's built-in model has shipped with.
 */
const FALLBACK_CONTEXT_WINDOW = 4096;

export interface PromptApiLoadOptions {
  /** Download progress, 0 to 1, while the browser fetches its model. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export class PromptApiEngine implements ChatEngine {
  readonly info: ChatEngineInfo;

  private constructor(
    private readonly factory: LanguageModelFactory,
    private readonly base: LanguageModelSession,
  ) {
    this.info = {
      id: BUILT_IN_MODEL_ID,
      kind: 'built-in',
      contextWindow: contextWindowOf(base) ?? FALLBACK_CONTEXT_WINDOW,
      constrainedJson: true,
    };
  }

  /**
   * Checks availability and creates the base session (downloading the model first where the
   * browser has not). Throws `BuiltInModelUnavailableError`, `BuiltInModelActivationError` (a
   * download needs a click), or AbortError.
   */
  static async load(
    factory: LanguageModelFactory,
    options: PromptApiLoadOptions = {},
  ): Promise<PromptApiEngine> {
    const availability = await checkAvailable(factory, BUILT_IN_MODEL_OPTIONS);
    try {
      const base = await factory.create({
        ...BUILT_IN_MODEL_OPTIONS,
        ...(options.signal ? { signal: options.signal } : {}),
        monitor: (monitor) =>
          monitor.addEventListener('downloadprogress', (event) => {
            const { loaded, total } = event as ProgressEvent;
            options.onProgress?.(total > 0 ? Math.min(1, loaded / total) : 0);
          }),
      });
      return new PromptApiEngine(factory, base);
    } catch (error) {
      throw loadError(error, availability);
    }
  }

  countTokens(text: string): number {
    return estimateTokens(text);
  }

  /** Frees the base session; the engine answers no more. */
  destroy(): void {
    this.base.destroy();
  }

  async complete(request: ChatRequest): Promise<ChatResponse> {
    const { signal } = request;
    const estimate = estimatePromptTokens(request.messages);
    if (signal?.aborted) return stopped('', estimate);
    const { initialPrompts, input } = splitMessages(request.messages);
    const controller = new AbortController();
    const abort = (): void => controller.abort(signal?.reason);
    signal?.addEventListener('abort', abort, { once: true });
    let session: LanguageModelSession | undefined;
    let overflowed = false;
    let text = '';
    try {
      session = await this.factory.create({
        ...BUILT_IN_MODEL_OPTIONS,
        initialPrompts,
        signal: controller.signal,
      });
      // The session dropped part of its prompt to make room: the reply would not be about it.
      session.addEventListener('contextoverflow', () => {
        overflowed = true;
        controller.abort();
      });
      const format = request.responseFormat;
      const constraint = format?.type === 'json' ? { responseConstraint: format.schema } : {};
      const promptTokens = await this.checkFits(session, input, constraint, {
        estimate,
        maxTokens: request.maxTokens,
      });
      const reader = session
        .promptStreaming(input, { ...constraint, signal: controller.signal })
        .getReader();
      let finishReason: ChatResponse['finishReason'] = 'stop';
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        text += next.value;
        request.onDelta?.(next.value);
        const tooLong =
          request.maxTokens !== undefined && estimateTokens(text) >= request.maxTokens;
        if (signal?.aborted || tooLong) {
          finishReason = signal?.aborted ? 'abort' : 'length';
          await reader.cancel().catch(() => undefined);
          break;
        }
      }
      const after = contextUsageOf(session);
      const completionTokens =
        after !== undefined && after > promptTokens ? after - promptTokens : estimateTokens(text);
      return { text, finishReason, usage: { promptTokens, completionTokens } };
    } catch (error) {
      if (signal?.aborted) return stopped(text, estimate);
      if (overflowed) {
        throw new ContextOverflowError(this.info.id, 'the browser dropped part of the prompt');
      }
      throw promptError(error);
    } finally {
      signal?.removeEventListener('abort', abort);
      session?.destroy();
    }
  }

  /**
   * The prompt's tokens as the browser counts them (`estimate` where it cannot); throws
   * `ContextOverflowError` before sending a prompt that leaves no room for `maxTokens`.
   */
  private async checkFits(
    session: LanguageModelSession,
    input: string,
    constraint: LanguageModelPromptOptions,
    budget: { estimate: number; maxTokens: number | undefined },
  ): Promise<number> {
    const held = contextUsageOf(session);
    const measured = await measureUsage(session, input, constraint);
    const promptTokens =
      held !== undefined && measured !== undefined ? held + measured : budget.estimate;
    const window = contextWindowOf(session) ?? this.info.contextWindow;
    const reply = budget.maxTokens ?? 0;
    if (promptTokens + reply > window) {
      throw new ContextOverflowError(
        this.info.id,
        `${promptTokens} prompt tokens and ${reply} for the reply exceed its window of ${window}`,
      );
    }
    return promptTokens;
  }
}

/**
 * The call's messages as the Prompt API takes them: every system message first (it allows one,
 * at the start of `initialPrompts`), the earlier turns after it, and the last message prompted.
 */
function splitMessages(messages: readonly ChatMessage[]): {
  initialPrompts: LanguageModelMessage[];
  input: string;
} {
  const system = messages.filter((message) => message.role === 'system');
  const turns = messages.filter((message) => message.role !== 'system');
  const last = turns.at(-1);
  const earlier = turns.slice(0, -1).map(({ role, content }) => ({ role, content }));
  const instructions = system.map((message) => message.content).join('\n\n');
  return {
    initialPrompts: [
      ...(instructions === '' ? [] : [{ role: 'system' as const, content: instructions }]),
      ...earlier,
    ],
    input: last?.content ?? '',
  };
}

function stopped(text: string, promptTokens: number): ChatResponse {
  return {
    text,
    finishReason: 'abort',
    usage: { promptTokens, completionTokens: estimateTokens(text) },
  };
}
