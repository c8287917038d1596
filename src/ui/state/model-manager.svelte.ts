/**
 * The model manager: what this device can run (WebGPU as the answer engine measured it, the memory
 * the browser reports, the storage left), what is cached of each on-device model, and its
 * downloads and deletions (`ModelDownloads`). Each model is managed with the on-device form's
 * cache, and the chosen one with its custom URL when that is an absolute web address.
 */
import {
  callback,
  judgeModel,
  WEBLLM_MODELS,
  type DeviceCapabilities,
  type LibraryClient,
  type ModelVerdict,
  type OnDeviceModelFiles,
  type WebLlmEngineSetting,
} from '../clients/library-client.ts';
import {
  recommendEngine,
  type EngineRecommendation,
} from '../../catalogues/engine-recommendation.ts';
import type { AnswerEngineState } from './answer-engine.svelte.ts';
import type { Failure } from './failure.ts';
import { ModelDownloads, type ModelDownloadJob } from './model-downloads.ts';
import type { StorageState } from './storage.svelte.ts';

export class ModelManagerState {
  files = $state.raw<Readonly<Record<string, OnDeviceModelFiles>>>({});
  jobs = $state.raw<readonly ModelDownloadJob[]>([]);
  deleting = $state.raw<readonly string[]>([]);
  failure = $state.raw<Failure | undefined>();
  /** `navigator.deviceMemory` where the browser tells it. */
  readonly memoryGigabytes = (globalThis.navigator as { deviceMemory?: number } | undefined)
    ?.deviceMemory;
  readonly #engine: AnswerEngineState;
  readonly #storage: StorageState;
  readonly #downloads: ModelDownloads;

  constructor(client: LibraryClient, engine: AnswerEngineState, storage: StorageState) {
    this.#engine = engine;
    this.#storage = storage;
    this.#downloads = new ModelDownloads(
      client.modelFiles,
      (snapshot) => {
        this.files = snapshot.files;
        this.jobs = snapshot.jobs;
        this.deleting = snapshot.deleting;
        this.failure = snapshot.failure;
      },
      { wrapCallback: callback },
    );
  }

  /** What the verdicts are made from; undefined until WebGPU has been measured. */
  get device(): DeviceCapabilities | undefined {
    const webGpu = this.#engine.support;
    if (!webGpu) return undefined;
    const usage = this.#storage.usage;
    return {
      webGpu,
      ...(this.memoryGigabytes === undefined ? {} : { memoryGigabytes: this.memoryGigabytes }),
      ...(usage && usage.quota > 0 ? { storageFreeBytes: usage.quota - usage.usage } : {}),
    };
  }

  /** How each catalogue model is managed; changes with the form's cache and custom URL. */
  get settings(): WebLlmEngineSetting[] {
    return WEBLLM_MODELS.map((model) => this.settingFor(model.id));
  }

  settingFor(modelId: string): WebLlmEngineSetting {
    const engine = this.#engine;
    const customUrl = engine.customUrl.trim();
    const useCustom = modelId === engine.webLlmModel && isWebAddress(customUrl);
    return {
      kind: 'webllm',
      model: modelId,
      cacheBackend: engine.cacheBackend,
      ...(useCustom ? { customUrl } : {}),
    };
  }

  /** The one engine to use on this device and why; undefined until the device is measured. */
  get recommendation(): EngineRecommendation | undefined {
    const device = this.device;
    const builtIn = this.#engine.builtIn;
    return device && builtIn ? recommendEngine(builtIn, device, WEBLLM_MODELS) : undefined;
  }

  /**
   * The reasons no on-device model can run that hold for every one of them (no WebGPU, too
   * little storage): said once above the list, and left out of each model's verdict.
   */
  get sharedReasons(): string[] {
    const verdicts = WEBLLM_MODELS.map((model) => this.#fullVerdict(model.id));
    const [first, ...others] = verdicts;
    if (!first || first.runs) return [];
    return first.reasons.filter((reason) =>
      others.every((verdict) => verdict && !verdict.runs && verdict.reasons.includes(reason)),
    );
  }

  /** Whether `modelId` runs here, and why not, less the reasons shared by every model. */
  verdict(modelId: string): ModelVerdict | undefined {
    const verdict = this.#fullVerdict(modelId);
    if (!verdict || verdict.runs) return verdict;
    const shared = this.sharedReasons;
    return { ...verdict, reasons: verdict.reasons.filter((reason) => !shared.includes(reason)) };
  }

  #fullVerdict(modelId: string): ModelVerdict | undefined {
    const model = WEBLLM_MODELS.find((candidate) => candidate.id === modelId);
    const device = this.device;
    if (!model || !device) return undefined;
    const files = this.files[modelId];
    const total = files?.bytesTotal ?? model.downloadBytes;
    const missing = files?.state === 'downloaded' ? 0 : total - (files?.bytesCached ?? 0);
    return judgeModel(model, device, Math.max(0, missing));
  }

  jobFor(modelId: string): ModelDownloadJob | undefined {
    return this.jobs.find((job) => job.modelId === modelId);
  }

  isBusy(modelId: string): boolean {
    return this.#downloads.isBusy(modelId);
  }

  /** Reads what is cached of each model. */
  refresh(settings = this.settings): Promise<void> {
    return this.#downloads.refresh(settings);
  }

  async download(modelId: string): Promise<void> {
    await this.#downloads.download(this.settingFor(modelId));
    await this.#storage.refresh();
  }

  cancel(modelId: string): void {
    this.#downloads.cancel(modelId);
  }

  async remove(modelId: string): Promise<void> {
    await this.#downloads.remove(this.settingFor(modelId));
    await this.#storage.refresh();
  }

  dismiss(modelId: string): void {
    this.#downloads.dismiss(modelId);
  }

  dismissFailure(): void {
    this.#downloads.dismissFailure();
  }
}

function isWebAddress(text: string): boolean {
  return URL.canParse(text) && ['http:', 'https:'].includes(new URL(text).protocol);
}
