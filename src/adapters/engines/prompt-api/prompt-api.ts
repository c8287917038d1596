/**
 * The part of the Prompt API (`LanguageModel`, the browser's built-in model) this app uses, as its
 * WebIDL declares it (https://webmachinelearning.github.io/prompt-api/). Members that were renamed
 * or that web pages lack are optional here, so that every use of one is feature-detected: the
 * context accounting is `measureContextUsage` / `contextUsage` / `contextWindow` on web pages and
 * `measureInputUsage` / `inputUsage` / `inputQuota` in older builds and extensions.
 */

export type LanguageModelAvailability =
  'unavailable' | 'downloadable' | 'downloading' | 'available';

export type LanguageModelRole = 'system' | 'user' | 'assistant';

export interface LanguageModelMessage {
  role: LanguageModelRole;
  content: string;
}

/** The kinds and languages of input or output a session is created for. */
export interface LanguageModelExpected {
  type: 'text' | 'image' | 'audio';
  languages?: string[];
}

export interface LanguageModelCoreOptions {
  expectedInputs?: LanguageModelExpected[];
  expectedOutputs?: LanguageModelExpected[];
}

/** What `monitor` is handed: it fires `downloadprogress` (a ProgressEvent, `loaded` of `total` 1). */
export type LanguageModelCreateMonitor = EventTarget;

export interface LanguageModelCreateOptions extends LanguageModelCoreOptions {
  signal?: AbortSignal;
  monitor?: (monitor: LanguageModelCreateMonitor) => void;
  initialPrompts?: LanguageModelMessage[];
}

export interface LanguageModelPromptOptions {
  /** A JSON Schema (or RegExp) the reply must match. */
  responseConstraint?: object;
  signal?: AbortSignal;
}

/** A session: it keeps its own history, which is why this app never prompts one twice. */
export interface LanguageModelSession extends EventTarget {
  prompt(input: string, options?: LanguageModelPromptOptions): Promise<string>;
  promptStreaming(input: string, options?: LanguageModelPromptOptions): ReadableStream<string>;
  clone(options?: { signal?: AbortSignal }): Promise<LanguageModelSession>;
  destroy(): void;
  measureContextUsage?(input: string, options?: LanguageModelPromptOptions): Promise<number>;
  readonly contextUsage?: number;
  readonly contextWindow?: number;
  measureInputUsage?(input: string, options?: LanguageModelPromptOptions): Promise<number>;
  readonly inputUsage?: number;
  readonly inputQuota?: number;
}

/** The `LanguageModel` interface object: its static members. */
export interface LanguageModelFactory {
  availability(options?: LanguageModelCoreOptions): Promise<LanguageModelAvailability>;
  create(options?: LanguageModelCreateOptions): Promise<LanguageModelSession>;
}

/** The factory the page has, or undefined where the browser has no Prompt API (or in a worker). */
export function findLanguageModel(scope: object): LanguageModelFactory | undefined {
  const candidate = (scope as { LanguageModel?: unknown }).LanguageModel;
  if (typeof candidate !== 'function' && typeof candidate !== 'object') return undefined;
  const factory = candidate as Partial<LanguageModelFactory> | null;
  return typeof factory?.availability === 'function' && typeof factory.create === 'function'
    ? (factory as LanguageModelFactory)
    : undefined;
}

/** How many tokens the session holds now (`contextUsage`, else `inputUsage`). */
export function contextUsageOf(session: LanguageModelSession): number | undefined {
  return finiteNumber(session.contextUsage) ?? finiteNumber(session.inputUsage);
}

/** How many tokens the session can hold (`contextWindow`, else `inputQuota`). */
export function contextWindowOf(session: LanguageModelSession): number | undefined {
  return finiteNumber(session.contextWindow) ?? finiteNumber(session.inputQuota);
}

/** The tokens `input` would add to the session, where the browser can measure them. */
export async function measureUsage(
  session: LanguageModelSession,
  input: string,
  options: LanguageModelPromptOptions,
): Promise<number | undefined> {
  if (typeof session.measureContextUsage === 'function') {
    return finiteNumber(await session.measureContextUsage(input, options));
  }
  if (typeof session.measureInputUsage === 'function') {
    return finiteNumber(await session.measureInputUsage(input, options));
  }
  return undefined;
}

function finiteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
