/**
 * Question answering over the library: the answering pipeline (`runQuestion` with the default
 * strategies) over the library's hybrid search, with the engine the user chose (an
 * OpenAI-compatible server) or, by default, the extractive engine. Runs are stoppable by id.
 */
import { runQuestion } from '../../core/pipeline/run-question.ts';
import { defaultStrategies } from '../../core/pipeline/strategies/index.ts';
import type { TraceEvent } from '../../core/pipeline/trace.ts';
import type { LibrarySearch } from '../../core/retrieval/library-search.ts';
import { OpenAiCompatibleEngine } from '../engines/openai-compatible-engine.ts';
import {
  createAnswerEngine,
  readAnswerEngine,
  writeAnswerEngine,
  type CreateEngine,
} from './answer-engine-setting.ts';
import type { SettingsStore } from './catalogue-embedders.ts';
import { LibraryRetriever } from './library-retriever.ts';
import type {
  AnswerEngineSetting,
  AnswerEngineTest,
  AskRequest,
  AskResult,
} from './question-types.ts';

export interface QuestionContext {
  store: SettingsStore;
  search: LibrarySearch;
}

export class QuestionService {
  readonly #opened: Promise<QuestionContext>;
  readonly #createEngine: CreateEngine;
  /** Job id to the controller that stops the run. */
  readonly #running = new Map<string, AbortController>();

  constructor(opened: Promise<QuestionContext>, createEngine: CreateEngine = createAnswerEngine) {
    this.#opened = opened;
    this.#createEngine = createEngine;
  }

  async getAnswerEngine(): Promise<AnswerEngineSetting> {
    return readAnswerEngine((await this.#opened).store);
  }

  /** Stores the engine choice (checked: `InvalidEngineSettingError`); resolves what was stored. */
  async setAnswerEngine(setting: AnswerEngineSetting): Promise<AnswerEngineSetting> {
    return writeAnswerEngine((await this.#opened).store, setting);
  }

  /** Whether the configured server answers and offers its model; the extractive engine always does. */
  async testAnswerEngine(): Promise<AnswerEngineTest> {
    const engine = this.#createEngine(await this.getAnswerEngine());
    if (!(engine instanceof OpenAiCompatibleEngine)) {
      return { ok: true, models: [engine.info.id], modelListed: true };
    }
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
        engine: this.#createEngine(setting),
        retriever: new LibraryRetriever(search, request.collectionIds),
        strategy: request.strategy,
        strategies: defaultStrategies(),
        signal: controller.signal,
        onEvent,
        onAnswerDelta,
      });
      return {
        answer: result.answer,
        citations: result.citations.map(({ number, chunkId }) => ({ number, chunkId })),
        status: result.status,
        strategy: result.strategy,
        totals: result.totals,
      };
    } finally {
      this.#running.delete(request.jobId);
    }
  }

  stopAsking(jobId: string): void {
    this.#running.get(jobId)?.abort(new DOMException('The question was stopped.', 'AbortError'));
  }
}
