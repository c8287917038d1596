/**
 * What the llm worker serves over comlink: one web-llm engine on WebGPU, whose model it loads,
 * streams completions from and unloads. The library worker reaches it through
 * `RemoteWebLlmBackend` (see `load.ts`), so web-llm's code is in the llm worker's bundle only.
 *
 * A completion is pulled a chunk at a time over the one comlink channel, as web-llm's own worker
 * protocol does, so every chunk arrives before the end of its stream. web-llm's stream holds the
 * model's lock until it ends: one that is stopped early is closed here, which releases it.
 */
import type {
  AppConfig,
  ChatCompletionChunk,
  ChatCompletionRequestStreaming,
  MLCEngineConfig,
  ModelRecord,
} from '@mlc-ai/web-llm';
import type { NetworkSettings } from '../../network/allowed-origins.ts';
import type { NetworkPolicy } from '../../network/network-policy.ts';
import type { WebLlmBackend } from './webllm-engine.ts';

/** The part of web-llm's `MLCEngine` the host uses. */
export interface HostedWebLlmEngine extends WebLlmBackend {
  reload(modelId: string): Promise<void>;
  unload(): Promise<void>;
}

/** `new MLCEngine(config)` in the worker; a stand-in in tests. */
export type CreateHostedEngine = (config: MLCEngineConfig) => HostedWebLlmEngine;

export interface WebLlmLoadRequest {
  /** The record web-llm loads the model from (its weights, library and overrides). */
  record: ModelRecord;
  /** Where web-llm keeps the model: Cache API (its best tested), IndexedDB, OPFS, Cross-Origin Storage. */
  cacheBackend: NonNullable<AppConfig['cacheBackend']>;
  /** The settings whose hosts this worker may fetch from (its network guard allows no others). */
  network: NetworkSettings;
}

export interface WebLlmLoadProgress {
  /** 0 to 1. */
  fraction: number;
  /** web-llm's own description, e.g. "Fetching param cache[3/21]: 120MB fetched". */
  text: string;
  elapsedSeconds: number;
}

export class WebLlmHost {
  #engine: HostedWebLlmEngine | undefined;
  #stream: AsyncIterator<ChatCompletionChunk> | undefined;

  constructor(
    /** The policy of this worker's network guard: it learns the settings from `load`. */
    private readonly policy: Pick<NetworkPolicy, 'readSettingsWith'>,
    private readonly createEngine: CreateHostedEngine,
  ) {}

  /** Downloads (or reads from the cache) and starts the model, unloading any other first. */
  async load(
    request: WebLlmLoadRequest,
    onProgress: (progress: WebLlmLoadProgress) => void,
  ): Promise<void> {
    await this.unload();
    this.policy.readSettingsWith(() => Promise.resolve(request.network));
    const engine = this.createEngine({
      appConfig: { model_list: [request.record], cacheBackend: request.cacheBackend },
      initProgressCallback: (report) =>
        onProgress({
          fraction: report.progress,
          text: report.text,
          elapsedSeconds: report.timeElapsed,
        }),
    });
    await engine.reload(request.record.model_id);
    this.#engine = engine;
  }

  /** Starts a streamed completion, closing the one before if it was not read to its end. */
  async startCompletion(request: ChatCompletionRequestStreaming): Promise<void> {
    const engine = this.#engine;
    if (engine === undefined) throw new Error('No model is loaded in the llm worker.');
    await this.stopCompletion();
    const chunks = await engine.chat.completions.create(request);
    this.#stream = chunks[Symbol.asyncIterator]();
  }

  /** The completion's next chunk; undefined once it has ended. */
  async nextChunk(): Promise<ChatCompletionChunk | undefined> {
    const next = await this.#stream?.next();
    if (next === undefined || next.done === true) {
      this.#stream = undefined;
      return undefined;
    }
    return next.value;
  }

  /** Closes the completion where it is, releasing the model for the next one. */
  async stopCompletion(): Promise<void> {
    const stream = this.#stream;
    this.#stream = undefined;
    await stream?.return?.();
  }

  /** Asks the running generation to stop after its current token (web-llm's interrupt). */
  interruptGenerate(): void {
    this.#engine?.interruptGenerate();
  }

  /** Frees the model's GPU memory. */
  async unload(): Promise<void> {
    await this.stopCompletion();
    const engine = this.#engine;
    this.#engine = undefined;
    await engine?.unload();
  }
}
