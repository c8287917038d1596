import type {
  AnswerEngineSetting,
  AnswerEngineTest,
  LibraryClient,
} from '../clients/library-client.ts';
import { toFailure, type Failure } from './failure.ts';

/** The answering engine in use and the form that points it at an OpenAI-compatible server. */
export class AnswerEngineState {
  setting = $state.raw<AnswerEngineSetting>({ kind: 'extractive' });
  baseUrl = $state('http://localhost:11434/v1');
  model = $state('');
  saving = $state(false);
  testing = $state(false);
  connectionTest = $state.raw<AnswerEngineTest | undefined>();
  failure = $state.raw<Failure | undefined>();
  readonly #client: LibraryClient;

  constructor(client: LibraryClient) {
    this.#client = client;
  }

  /** How the engine in use is named on screen. */
  get label(): string {
    return this.setting.kind === 'openai'
      ? `Local server: ${this.setting.model} @ ${this.setting.baseUrl}`
      : 'Extractive (no model)';
  }

  async load(): Promise<void> {
    try {
      this.#show(await this.#client.getAnswerEngine());
    } catch (error) {
      this.failure = toFailure(error);
    }
  }

  /** Uses the server in the form. */
  useServer(): Promise<void> {
    return this.#save({ kind: 'openai', baseUrl: this.baseUrl, model: this.model });
  }

  useExtractive(): Promise<void> {
    return this.#save({ kind: 'extractive' });
  }

  async testConnection(): Promise<void> {
    this.testing = true;
    this.connectionTest = undefined;
    try {
      this.connectionTest = await this.#client.testAnswerEngine();
    } catch (error) {
      this.connectionTest = { ok: false, error: toFailure(error) };
    } finally {
      this.testing = false;
    }
  }

  async #save(setting: AnswerEngineSetting): Promise<void> {
    this.saving = true;
    this.failure = undefined;
    this.connectionTest = undefined;
    try {
      this.#show(await this.#client.setAnswerEngine(setting));
    } catch (error) {
      this.failure = toFailure(error);
    } finally {
      this.saving = false;
    }
  }

  #show(setting: AnswerEngineSetting): void {
    this.setting = setting;
    if (setting.kind === 'openai') {
      this.baseUrl = setting.baseUrl;
      this.model = setting.model;
    }
  }
}
