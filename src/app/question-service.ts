/**
 * Question answering over the library: the answering pipeline (`runQuestion` with the default
 * strategies) over the library's hybrid search, with the engine the user chose (an
 * OpenAI-compatible server, or an on-device model once loaded) or, by default, the extractive
 * engine. Runs are stoppable by id.
 */
import { runQuestion } from '../core/pipeline/run-question.ts';
import { defaultStrategies } from '../core/pipeline/strategies/index.ts';
import type { TraceEvent } from '../core/llm/trace.ts';
import type { ChatEngine } from '../core/ports/chat-engine.ts';
import type { LibrarySearch } from '../core/retrieval/library-search.ts';
import type { Remote } from 'comlink';
import { OpenAiCompatibleEngine } from '../adapters/engines/openai-compatible-engine.ts';
import type { ChatEngineHost } from '../adapters/engines/remote/chat-engine-host.ts';
import { RemoteChatEngine } from '../adapters/engines/remote/remote-chat-engine.ts';
import type { FetchAlsoTo } from '../adapters/network/network-guard.ts';
import {
  checkAnswerEngine,
  checkServerAddress,
  createAnswerEngine,
  readAnswerEngine,
  writeAnswerEngine,
  type CreateEngine,
} from './answer-engine-setting.ts';
import type { SettingsStore } from './catalogue-embedders.ts';
import { describeCitations } from './cited-sources.ts';
import { LibraryRetriever } from './library-retriever.ts';
import { readNetworkSettings } from './network-settings.ts';
import { OnDeviceModel } from './on-device-model.ts';
import type {
  AnswerEngineProgress,
  AnswerEngineTest,
  AskRequest,
  AskResult,
} from './question-types.ts';
import type { AnswerEngineSetting } from '../catalogues/answer-engines.ts';

export interface QuestionContext {
  store: SettingsStore;
  search: LibrarySearch;
}

export interface QuestionServiceOptions {
  /** For the connection test of a server typed but not saved (see `NetworkGuard`). */
  fetchAlsoTo: FetchAlsoTo;
  createEngine?: CreateEngine;
}

export class QuestionService {
  readonly #opened: Promise<QuestionContext>;
  readonly #createEngine: CreateEngine;
  readonly #fetchAlsoTo: FetchAlsoTo;
  /** Job id to the controller that stops the run. */
  readonly #running = new Map<string, AbortController>();
  readonly #onDevice = new OnDeviceModel();
  /** The browser's built-in model, which the page holds (the Prompt API exists on Window only). */
  #builtIn: ChatEngine | undefined;

  constructor(opened: Promise<QuestionContext>, options: QuestionServiceOptions) {
    this.#opened = opened;
    this.#createEngine = options.createEngine ?? createAnswerEngine;
    this.#fetchAlsoTo = options.fetchAlsoTo;
  }

  async getAnswerEngine(): Promise<AnswerEngineSetting> {
    return readAnswerEngine((await this.#opened).store);
  }

  /** Stores the engine choice (checked: `InvalidEngineSettingError`); resolves what was stored. */
  async setAnswerEngine(setting: AnswerEngineSetting): Promise<AnswerEngineSetting> {
    const stored = await writeAnswerEngine((await this.#opened).store, setting);
    if (stored.kind !== 'webllm') await this.#onDevice.unload();
    return stored;
  }

  /** Loads the chosen on-device model, reporting progress; `EngineLoadError` when it cannot run. */
  async loadAnswerEngine(onProgress: (progress: AnswerEngineProgress) => void): Promise<void> {
    const { store } = await this.#opened;
    const network = await readNetworkSettings(store);
    const setting = network.answerEngine;
    if (setting?.kind === 'webllm') await this.#onDevice.load(setting, network, onProgress);
  }

  /** The page hands over its built-in model: questions go to it while it is the chosen engine. */
  async attachBuiltInModel(host: Remote<ChatEngineHost>): Promise<void> {
    this.#builtIn = await RemoteChatEngine.connect(host);
  }

  /** The page let its built-in model go. */
  detachBuiltInModel(): void {
    this.#builtIn = undefined;
  }

  /**
   * Whether a server answers and offers its model: `setting` (checked first) or the stored engine.
   * The extractive engine always does.
   */
  async testAnswerEngine(setting?: AnswerEngineSetting): Promise<AnswerEngineTest> {
    const tested = setting ? checkAnswerEngine(setting) : await this.getAnswerEngine();
    const typed = tested.kind === 'openai' ? tested.baseUrl : undefined;
    const engine = this.#createEngine(tested, this.#fetchAlsoTo([typed]));
    if (!(engine instanceof OpenAiCompatibleEngine)) {
      return { ok: true, models: [engine.info.id], modelListed: true };
    }
    return engine.testConnection();
  }

  /** The models the server at `address` offers (`/models`, else Ollama's `/api/tags`). */
  async listServerModels(address: string): Promise<AnswerEngineTest> {
    const baseUrl = checkServerAddress(address);
    const setting: AnswerEngineSetting = { kind: 'openai', baseUrl, model: '' };
    const engine = this.#createEngine(setting, this.#fetchAlsoTo([baseUrl]));
    if (!(engine instanceof OpenAiCompatibleEngine))
      return { ok: true, models: [], modelListed: false };
    return engine.testConnection();
  }

  /** Answers a question, streaming trace events and answer text; rejects with AbortError when stopped. */
  async ask(
    request: AskRequest,
    onEvent: (event: TraceEvent) => void,
    onAnswerDelta: (text: string) => void,
  ): Promise<AskResult> {
    const controller = new AbortController();
    this.#running.set(request.jobId, controller);
    try {
      const { search } = await this.#opened;
      const setting = await this.getAnswerEngine();
      const result = await runQuestion({
        question: request.question.trim(),
        history: request.history ?? [],
        engine: this.#engineFor(setting),
        retriever: new LibraryRetriever(search, request.collectionIds),
        strategy: request.strategy,
        strategies: defaultStrategies({
          competitors: request.competitors ?? 1,
          ...(request.thoroughCandidates
            ? { thorough: { candidates: request.thoroughCandidates } }
            : {}),
        }),
        signal: controller.signal,
        onEvent,
        onAnswerDelta,
      });
      return {
        answer: result.answer,
        citations: await describeCitations(search.store, result.citations),
        status: result.status,
        strategy: result.strategy,
        totals: result.totals,
        ...(result.reading ? { reading: result.reading } : {}),
      };
    } finally {
      this.#running.delete(request.jobId);
    }
  }

  #engineFor(setting: AnswerEngineSetting): ChatEngine {
    if (setting.kind === 'built-in') return this.#builtIn ?? this.#createEngine(setting);
    const loaded = setting.kind === 'webllm' ? this.#onDevice.engineFor(setting) : undefined;
    return loaded ?? this.#createEngine(setting);
  }

  stopAsking(jobId: string): void {
    this.#running.get(jobId)?.abort(new DOMException('The question was stopped.', 'AbortError'));
  }

  /** Stops every run and unloads the on-device model (before everything stored is deleted). */
  async close(): Promise<void> {
    for (const jobId of this.#running.keys()) this.stopAsking(jobId);
    await this.#onDevice.unload();
  }
}
