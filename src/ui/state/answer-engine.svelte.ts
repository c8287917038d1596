import {
  callback,
  DEFAULT_WEBLLM_MODEL_ID,
  detectWebGpu,
  WEBLLM_MODELS,
  whyModelCannotRun,
  type AnswerEngineProgress,
  type AnswerEngineSetting,
  type AnswerEngineTest,
  type LibraryClient,
  type WebGpuSupport,
  type WebLlmCacheBackend,
} from '../clients/library-client.ts';
import {
  BuiltInModel,
  builtInModelAvailability,
  type BuiltInAvailability,
} from '../clients/built-in-model.ts';
import {
  recommendEngine,
  type EngineRecommendation,
} from '../../catalogues/engine-recommendation.ts';
import { toFailure, type Failure } from './failure.ts';

/** Loading the chosen on-device or built-in model: not asked for, under way, in use, or failed. */
export type ModelStatus = 'none' | 'loading' | 'ready' | 'failed';

/**
 * The answering engine in use and the forms that choose a server, an on-device model or the
 * browser's built-in model.
 */
export class AnswerEngineState {
  setting = $state.raw<AnswerEngineSetting>({ kind: 'extractive' });
  baseUrl = $state('http://localhost:11434/v1');
  model = $state('');
  webLlmModel = $state(DEFAULT_WEBLLM_MODEL_ID);
  cacheBackend = $state<WebLlmCacheBackend>('cache');
  customUrl = $state('');
  /** What this device's WebGPU can do; undefined while it is being asked. */
  support = $state.raw<WebGpuSupport | undefined>();
  /** What the browser says of its built-in model; undefined while it is being asked. */
  builtIn = $state<BuiltInAvailability | undefined>();
  modelStatus = $state<ModelStatus>('none');
  progress = $state.raw<AnswerEngineProgress | undefined>();
  saving = $state(false);
  testing = $state(false);
  connectionTest = $state.raw<AnswerEngineTest | undefined>();
  failure = $state.raw<Failure | undefined>();
  readonly #client: LibraryClient;
  readonly #builtInModel: BuiltInModel;

  constructor(client: LibraryClient) {
    this.#client = client;
    this.#builtInModel = new BuiltInModel(client);
  }

  /** How the engine in use is named on screen. */
  get label(): string {
    const setting = this.setting;
    if (setting.kind === 'openai') return `Local server: ${setting.model} @ ${setting.baseUrl}`;
    if (setting.kind === 'extractive') return 'Extractive (no model)';
    if (setting.kind === 'built-in') {
      if (this.modelStatus === 'ready') return 'The model built into this browser';
      if (this.modelStatus === 'loading') return 'Extractive while the browser’s model gets ready';
      return 'Extractive (the browser’s model is not ready)';
    }
    const name = WEBLLM_MODELS.find((model) => model.id === setting.model)?.label ?? setting.model;
    if (this.modelStatus === 'ready') return `On-device: ${name}`;
    if (this.modelStatus === 'loading') return `Extractive while ${name} loads`;
    return `Extractive (${name} is not loaded)`;
  }

  /**
   * No language model answers now: the extractive engine is chosen, or the chosen on-device
   * model is not loaded (yet). Questions are then answered from the passages alone.
   */
  get answersWithoutModel(): boolean {
    const kind = this.setting.kind;
    if (kind === 'webllm' || kind === 'built-in') return this.modelStatus !== 'ready';
    return kind === 'extractive';
  }

  /** The engine recommended for this device; undefined until the browser has been asked. */
  get recommendation(): EngineRecommendation | undefined {
    const memory = (globalThis.navigator as { deviceMemory?: number } | undefined)?.deviceMemory;
    if (!this.support || !this.builtIn) return undefined;
    const device = {
      webGpu: this.support,
      ...(memory === undefined ? {} : { memoryGigabytes: memory }),
    };
    return recommendEngine(this.builtIn, device, WEBLLM_MODELS);
  }

  /** Why `modelId` cannot run on this device, or undefined when it can (or before detection). */
  whyCannotRun(modelId: string): string | undefined {
    const model = WEBLLM_MODELS.find((candidate) => candidate.id === modelId);
    return model && this.support ? whyModelCannotRun(model, this.support) : undefined;
  }

  async load(): Promise<void> {
    [this.support, this.builtIn] = await Promise.all([detectWebGpu(), builtInModelAvailability()]);
    const runnable = WEBLLM_MODELS.find((model) => this.whyCannotRun(model.id) === undefined);
    if (this.whyCannotRun(this.webLlmModel) !== undefined && runnable) {
      this.webLlmModel = runnable.id;
    }
    try {
      this.#show(await this.#client.questions.getAnswerEngine());
    } catch (error) {
      this.failure = toFailure(error);
      return;
    }
    if (this.setting.kind === 'webllm') await this.#loadModel();
    if (this.setting.kind === 'built-in') await this.#startBuiltIn();
  }

  /**
   * Uses the browser's built-in model: started first, while the click that asked for it still
   * counts (the browser downloads its model only after one), then kept as the choice.
   */
  async useBuiltIn(): Promise<void> {
    if (await this.#startBuiltIn()) await this.#save({ kind: 'built-in' });
  }

  /** Uses the server in the form. */
  useServer(): Promise<void> {
    return this.#save({ kind: 'openai', baseUrl: this.baseUrl, model: this.model });
  }

  useExtractive(): Promise<void> {
    return this.#save({ kind: 'extractive' });
  }

  /** Uses the on-device model in the form, and loads it; answers stay extractive until it is ready. */
  async useOnDevice(): Promise<void> {
    const customUrl = this.customUrl.trim();
    await this.#save({
      kind: 'webllm',
      model: this.webLlmModel,
      cacheBackend: this.cacheBackend,
      ...(customUrl === '' ? {} : { customUrl }),
    });
    if (this.setting.kind === 'webllm' && !this.failure) await this.#loadModel();
  }

  /** Uses an on-device model the Models view recommends. */
  useOnDeviceModel(modelId: string): Promise<void> {
    this.webLlmModel = modelId;
    this.customUrl = '';
    return this.useOnDevice();
  }

  /** The models the last listing or test found on the server in the form. */
  get serverModels(): string[] {
    return this.connectionTest?.ok ? this.connectionTest.models : [];
  }

  /** Lists the models of the server at the address in the form; picks the first if none is named. */
  async listServerModels(): Promise<void> {
    this.testing = true;
    this.connectionTest = undefined;
    try {
      const test = await this.#client.questions.listServerModels(this.baseUrl);
      if (test.ok && this.model.trim() === '') this.model = test.models[0] ?? '';
      const model = this.model.trim();
      this.connectionTest = test.ok ? { ...test, modelListed: test.models.includes(model) } : test;
    } catch (error) {
      this.connectionTest = { ok: false, error: toFailure(error) };
    } finally {
      this.testing = false;
    }
  }

  /** Tests the server in the form, before it is used. */
  async testConnection(): Promise<void> {
    this.testing = true;
    this.connectionTest = undefined;
    try {
      this.connectionTest = await this.#client.questions.testAnswerEngine({
        kind: 'openai',
        baseUrl: this.baseUrl,
        model: this.model,
      });
    } catch (error) {
      this.connectionTest = { ok: false, error: toFailure(error) };
    } finally {
      this.testing = false;
    }
  }

  async #startBuiltIn(): Promise<boolean> {
    this.modelStatus = 'loading';
    this.progress = undefined;
    this.failure = undefined;
    try {
      await this.#builtInModel.start(
        (fraction) => (this.progress = { text: 'The browser is downloading its model', fraction }),
      );
      this.builtIn = 'available';
      this.modelStatus = 'ready';
      return true;
    } catch (error) {
      this.modelStatus = 'failed';
      this.failure = toFailure(error);
      return false;
    }
  }

  async #loadModel(): Promise<void> {
    this.modelStatus = 'loading';
    this.progress = undefined;
    this.failure = undefined;
    try {
      await this.#client.questions.loadAnswerEngine(
        callback((progress: AnswerEngineProgress) => (this.progress = progress)),
      );
      this.modelStatus = 'ready';
    } catch (error) {
      this.modelStatus = 'failed';
      this.failure = toFailure(error);
    }
  }

  async #save(setting: AnswerEngineSetting): Promise<void> {
    this.saving = true;
    this.failure = undefined;
    this.connectionTest = undefined;
    try {
      this.#show(await this.#client.questions.setAnswerEngine(setting));
      if (this.setting.kind !== 'built-in') await this.#builtInModel.stop();
    } catch (error) {
      this.failure = toFailure(error);
    } finally {
      this.saving = false;
    }
  }

  #show(setting: AnswerEngineSetting): void {
    this.setting = setting;
    if (setting.kind !== 'webllm' && setting.kind !== 'built-in') this.modelStatus = 'none';
    if (setting.kind === 'openai') {
      this.baseUrl = setting.baseUrl;
      this.model = setting.model;
    }
    if (setting.kind === 'webllm') {
      this.webLlmModel = setting.model;
      this.cacheBackend = setting.cacheBackend;
      this.customUrl = setting.customUrl ?? '';
    }
  }
}
