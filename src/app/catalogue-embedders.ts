import { describeError, EmbedderLoadError } from '../core/errors.ts';
import type { Embedder } from '../core/ports/embedder.ts';
import type { Store } from '../core/ports/store.ts';
import type { DeviceMeasurement } from '../adapters/embedder/device-choice.ts';
import {
  BUILT_IN_MODEL_ID,
  DEFAULT_REMOTE_HOST,
  findEmbeddingModel,
} from '../catalogues/embedding-models.ts';
import type { WasmPaths } from '../adapters/embedder/model-runner.ts';
import {
  TransformersEmbedder,
  type TransformersEmbedderOptions,
} from '../adapters/embedder/transformers-embedder.ts';
import type { DownloadProgress, EmbedderRegistry } from './embedder-registry.ts';

/** Settings key of the base URL of a self-hosted mirror of the model hub (the hub when unset). */
export const MODEL_HOST_SETTING = 'remoteHost';

/** Settings key of the measured WebGPU-or-WASM choice for a model. */
const deviceSettingKey = (model: string): string => `embedder-device:${model}`;

export type SettingsStore = Pick<Store, 'getSetting' | 'putSetting'>;

export type CreateEmbedder = (
  options: TransformersEmbedderOptions,
) => Promise<Embedder & { readonly deviceMeasurement?: DeviceMeasurement }>;

export interface CatalogueEmbeddersOptions {
  settings: Promise<SettingsStore>;
  /** Where the built-in model's files are served: a path, as transformers.js looks up local files. */
  localModelPath: string;
  /** App-served onnxruntime-web files (browser only). */
  wasmPaths?: WasmPaths;
  /** Loads one model; `TransformersEmbedder.create` unless a test says otherwise. */
  createEmbedder?: CreateEmbedder;
  /** Whether the device has a network connection; `navigator.onLine` unless a test says otherwise. */
  isOnline?: () => boolean;
}

/**
 * The models of the catalogue (`catalogues/embedding-models.ts`): the built-in one from the app's
 * own files, never the network; the others from the Hugging Face hub, or from the mirror the
 * `remoteHost` setting names. Each loads once, on the device measured fastest for it.
 */
export class CatalogueEmbedders implements EmbedderRegistry {
  readonly defaultModelId = BUILT_IN_MODEL_ID;
  readonly #loaded = new Map<string, Promise<Embedder>>();
  /** transformers.js's settings are global, so models load one at a time. */
  #queue: Promise<unknown> = Promise.resolve();
  readonly #options: CatalogueEmbeddersOptions;

  constructor(options: CatalogueEmbeddersOptions) {
    this.#options = options;
  }

  load(modelId: string, onDownload?: (progress: DownloadProgress) => void): Promise<Embedder> {
    let embedder = this.#loaded.get(modelId);
    if (!embedder) {
      embedder = this.#queue.then(() => this.#create(modelId, onDownload));
      this.#queue = embedder.catch(() => undefined);
      this.#loaded.set(modelId, embedder);
      embedder.catch(() => this.#loaded.delete(modelId)); // a failed load is tried again
    }
    return embedder;
  }

  async #create(
    modelId: string,
    onDownload?: (progress: DownloadProgress) => void,
  ): Promise<Embedder> {
    const model = findEmbeddingModel(modelId);
    if (!model) throw new EmbedderLoadError(modelId, 'this version of Archivist does not offer it');
    const settings = await this.#options.settings;
    const [remembered, mirror] = await Promise.all([
      settings.getSetting<DeviceMeasurement>(deviceSettingKey(model.id)),
      settings.getSetting<string>(MODEL_HOST_SETTING),
    ]);
    const host = mirror || DEFAULT_REMOTE_HOST;
    const create = this.#options.createEmbedder ?? TransformersEmbedder.create;
    const { wasmPaths } = this.#options;
    let embedder: Awaited<ReturnType<CreateEmbedder>>;
    try {
      embedder = await create({
        model: model.id,
        ...(model.builtIn
          ? { localModelPath: this.#options.localModelPath, allowRemote: false }
          : { remoteHost: host, allowRemote: true }),
        device: 'auto',
        ...(wasmPaths ? { wasmPaths } : {}),
        ...(remembered ? { rememberedDevice: remembered } : {}),
        ...(onDownload ? { onDownload } : {}),
      });
    } catch (error) {
      if (model.builtIn) throw error;
      const online = (this.#options.isOnline ?? isOnline)();
      throw downloadError(model.id, host, error, online);
    }
    if (embedder.deviceMeasurement && embedder.deviceMeasurement !== remembered) {
      await settings.putSetting(deviceSettingKey(model.id), embedder.deviceMeasurement);
    }
    return embedder;
  }
}

function isOnline(): boolean {
  return globalThis.navigator?.onLine ?? true;
}

/** Why a downloadable model did not load, saying where it comes from. */
function downloadError(
  modelId: string,
  host: string,
  error: unknown,
  online: boolean,
): EmbedderLoadError {
  if (!online) {
    return new EmbedderLoadError(
      modelId,
      `it downloads from ${host} and this device is offline; connect and try again`,
    );
  }
  const detail = error instanceof EmbedderLoadError ? error.detail : describeError(error).message;
  return new EmbedderLoadError(modelId, `downloading it from ${host} failed: ${detail}`);
}
