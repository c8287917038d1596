/**
 * A stand-in for the browser's built-in model that follows the Prompt API's shipped interface
 * (https://webmachinelearning.github.io/prompt-api/, MDN's LanguageModel pages, Chrome's "Prompt
 * API" guide, and web-platform-tests' ai/language-model/): the static `availability()` and
 * `create({ monitor, signal, initialPrompts, expectedInputs, expectedOutputs })`; sessions with
 * `prompt`, `promptStreaming` (a ReadableStream of deltas, as current Chrome streams),
 * `measureContextUsage` / `contextUsage` / `contextWindow` (or the older `measureInputUsage` /
 * `inputUsage` / `inputQuota`), `clone`, `destroy` and the `contextoverflow` event; failures
 * as DOMExceptions by name. No model runs: replies come from `responses` in call order, or from
 * the page's function named by `replyFunction`.
 *
 * `installPromptApiStandIn` refers to nothing outside its body, so that an e2e test can hand it
 * to `page.addInitScript` and it runs before the app's code.
 */

export type StandInReply = string | { error: string };

export interface PromptApiStandInConfig {
  availability: 'unavailable' | 'downloadable' | 'downloading' | 'available';
  /** The download progress (`loaded` of `total` 1) a create reports while downloading. */
  downloadSteps?: number[];
  /** Tokens a session holds (default 4096). */
  contextWindow?: number;
  /** Names the older members (`measureInputUsage`, `inputUsage`, `inputQuota`) instead. */
  legacyNames?: boolean;
  /** Replies in prompt order; `{ error: name }` rejects that prompt with a DOMException. */
  responses?: StandInReply[];
  /** A global async function `({ messages, schema }) => string` replying when `responses` is empty. */
  replyFunction?: string;
  /** Characters per streamed chunk (default 4). */
  chunkCharacters?: number;
}

export interface StandInPrompt {
  input: string;
  responseConstraint: unknown;
  streamed: boolean;
}

export interface StandInSession {
  id: number;
  initialPrompts: { role: string; content: string }[];
  prompts: StandInPrompt[];
  destroyed: boolean;
  clonedFrom?: number;
}

export interface PromptApiStandInRecord {
  availabilityCalls: unknown[];
  createCalls: number;
  sessions: StandInSession[];
}

export function installPromptApiStandIn(
  scope: Record<string, unknown>,
  config: PromptApiStandInConfig,
): PromptApiStandInRecord {
  type Message = { role: string; content: string };
  const record: PromptApiStandInRecord = { availabilityCalls: [], createCalls: 0, sessions: [] };
  const replies = [...(config.responses ?? [])];
  const window = config.contextWindow ?? 4096;
  const pieceSize = config.chunkCharacters ?? 4;
  let availability = config.availability;
  const tokens = (text: string): number => Math.ceil(text.length / 4) + (text ? 1 : 0);
  const fail = (name: string, message: string): DOMException => new DOMException(message, name);
  const aborted = (signal: AbortSignal | undefined): unknown =>
    signal?.reason ?? fail('AbortError', 'The operation was aborted.');
  const supported = (expected: unknown): boolean =>
    !Array.isArray(expected) ||
    expected.every((item: { type?: string; languages?: string[] }) =>
      (item.languages ?? []).every((language) => ['en', 'es', 'ja'].includes(language)),
    );

  const constructing = Symbol('constructing');

  /** The interface object: its statics make sessions, which are its instances. */
  class LanguageModel extends EventTarget {
    oncontextoverflow: ((event: Event) => void) | null = null;
    static async availability(
      options: { expectedInputs?: unknown; expectedOutputs?: unknown } = {},
    ) {
      record.availabilityCalls.push(options);
      if (!supported(options.expectedInputs) || !supported(options.expectedOutputs)) {
        return 'unavailable';
      }
      return availability;
    }

    static async create(
      options: {
        signal?: AbortSignal;
        monitor?: (monitor: EventTarget) => void;
        initialPrompts?: Message[];
        expectedInputs?: unknown;
        expectedOutputs?: unknown;
      } = {},
    ): Promise<LanguageModel> {
      record.createCalls += 1;
      if (options.signal?.aborted) throw aborted(options.signal);
      if (availability === 'unavailable' || !supported(options.expectedInputs)) {
        throw fail('NotSupportedError', 'The model is not available.');
      }
      const activation = (scope.navigator as { userActivation?: { isActive: boolean } } | undefined)
        ?.userActivation;
      if (availability !== 'available' && activation?.isActive === false) {
        throw fail(
          'NotAllowedError',
          'Requires a user gesture when availability is "downloadable".',
        );
      }
      const initialPrompts = options.initialPrompts ?? [];
      initialPrompts.forEach((message, index) => {
        if (message.role === 'system' && index > 0) {
          throw new TypeError('A system message may only be the first of initialPrompts.');
        }
      });
      const monitor = new EventTarget();
      options.monitor?.(monitor);
      if (availability !== 'available') {
        for (const loaded of config.downloadSteps ?? [0, 0.5, 1]) {
          await Promise.resolve();
          if (options.signal?.aborted) throw aborted(options.signal);
          const event =
            typeof ProgressEvent === 'function'
              ? new ProgressEvent('downloadprogress', { loaded, total: 1 })
              : Object.assign(new Event('downloadprogress'), { loaded, total: 1 });
          monitor.dispatchEvent(event);
        }
        availability = 'available';
      }
      return new LanguageModel(
        constructing,
        initialPrompts.map((message) => ({ ...message })),
      );
    }

    readonly #record: StandInSession;
    #history: Message[];
    #usage: number;

    constructor(token: symbol, history: Message[], clonedFrom?: number) {
      super();
      if (token !== constructing) throw new TypeError('Illegal constructor');
      this.#history = history;
      this.#usage = history.reduce((sum, message) => sum + tokens(message.content), 0);
      this.#record = {
        id: record.sessions.length + 1,
        initialPrompts: history.map((message) => ({ ...message })),
        prompts: [],
        destroyed: false,
        ...(clonedFrom === undefined ? {} : { clonedFrom }),
      };
      record.sessions.push(this.#record);
      if (this.#usage > window)
        throw fail('QuotaExceededError', 'The initial prompts are too large.');
      const names = config.legacyNames
        ? { measure: 'measureInputUsage', usage: 'inputUsage', window: 'inputQuota' }
        : { measure: 'measureContextUsage', usage: 'contextUsage', window: 'contextWindow' };
      Object.defineProperty(this, names.usage, { get: () => this.#usage });
      Object.defineProperty(this, names.window, { get: () => window });
      Object.defineProperty(this, names.measure, {
        value: async (input: string) => {
          this.#check(undefined);
          return tokens(input);
        },
      });
    }

    get id(): number {
      return this.#record.id;
    }

    async prompt(
      input: string,
      options: { responseConstraint?: unknown; signal?: AbortSignal } = {},
    ) {
      let text = '';
      const reader = this.#reply(input, options, false).getReader();
      for (let next = await reader.read(); !next.done; next = await reader.read())
        text += next.value;
      return text;
    }

    promptStreaming(
      input: string,
      options: { responseConstraint?: unknown; signal?: AbortSignal } = {},
    ): ReadableStream<string> {
      return this.#reply(input, options, true);
    }

    async clone(options: { signal?: AbortSignal } = {}): Promise<LanguageModel> {
      this.#check(options.signal);
      const history = this.#history.map((message) => ({ ...message }));
      return new LanguageModel(constructing, history, this.#record.id);
    }

    destroy(): void {
      this.#record.destroyed = true;
    }

    #check(signal: AbortSignal | undefined): void {
      if (this.#record.destroyed) throw fail('InvalidStateError', 'The session was destroyed.');
      if (signal?.aborted) throw aborted(signal);
    }

    #reply(
      input: string,
      options: { responseConstraint?: unknown; signal?: AbortSignal },
      streamed: boolean,
    ): ReadableStream<string> {
      const { responseConstraint, signal } = options;
      let pieces: string[] | undefined;
      const start = async (): Promise<string[]> => {
        this.#check(signal);
        if (responseConstraint !== undefined && typeof responseConstraint !== 'object') {
          throw new TypeError('responseConstraint must be a JSON Schema object or a RegExp.');
        }
        this.#record.prompts.push({ input, responseConstraint, streamed });
        if (this.#usage + tokens(input) > window) {
          throw fail('QuotaExceededError', 'The input is too large.');
        }
        const reply = await this.#nextReply(input, responseConstraint);
        this.#remember(input, reply);
        const parts: string[] = [];
        for (let at = 0; at < reply.length; at += pieceSize)
          parts.push(reply.slice(at, at + pieceSize));
        return parts;
      };
      return new ReadableStream<string>({
        pull: async (controller) => {
          try {
            pieces ??= await start();
            await Promise.resolve();
            this.#check(signal);
            const piece = pieces.shift();
            if (piece === undefined) controller.close();
            else controller.enqueue(piece);
          } catch (error) {
            controller.error(error);
          }
        },
      });
    }

    async #nextReply(input: string, schema: unknown): Promise<string> {
      const scripted = replies.shift();
      if (typeof scripted === 'string') return scripted;
      if (scripted !== undefined) throw fail(scripted.error, `A scripted ${scripted.error}.`);
      const reply = config.replyFunction ? scope[config.replyFunction] : undefined;
      if (typeof reply !== 'function')
        throw fail('UnknownError', 'The stand-in has no reply left.');
      const messages = [...this.#history, { role: 'user', content: input }];
      return String(await (reply as (request: unknown) => Promise<string>)({ messages, schema }));
    }

    /** Keeps the exchange; past the window the oldest turns go and `contextoverflow` fires. */
    #remember(input: string, reply: string): void {
      this.#history.push({ role: 'user', content: input }, { role: 'assistant', content: reply });
      this.#usage += tokens(input) + tokens(reply);
      let overflowed = false;
      while (this.#usage > window && this.#history.length > 1) {
        const index = this.#history[0]?.role === 'system' ? 1 : 0;
        const [dropped] = this.#history.splice(index, 1);
        this.#usage -= tokens(dropped?.content ?? '');
        overflowed = true;
      }
      if (overflowed) {
        const event = new Event('contextoverflow');
        this.oncontextoverflow?.(event);
        this.dispatchEvent(event);
      }
    }
  }

  scope.LanguageModel = LanguageModel;
  scope.__promptApiStandIn = record;
  return record;
}
