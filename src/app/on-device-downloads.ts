/**
 * The model manager's side in the library worker: what Cache Storage holds of each on-device
 * model, downloading one ahead of use (stoppable by id, resumable), and deleting one. Only the Cache
 * API backend (web-llm's default) can be read and filled here; with another backend the state is
 * `unknown` and the model downloads when it loads.
 */
import {
  deleteModelCache,
  readModelCache,
  type CacheStorageLike,
} from '../adapters/engines/webllm/model-cache.ts';
import {
  downloadModelFiles,
  type ModelDownloadProgress,
} from '../adapters/engines/webllm/model-download.ts';
import { modelSource, type ModelSource } from '../adapters/engines/webllm/model-files.ts';
import type { FetchAlsoTo } from '../adapters/network/network-guard.ts';
import { ModelCacheUnavailableError } from './library-errors.ts';
import type { OnDeviceDownloadRequest, OnDeviceModelFiles } from './on-device-types.ts';
import type { WebLlmEngineSetting } from '../catalogues/answer-engines.ts';
import { checkWebLlmSetting, webLlmModelFor } from './webllm-setting.ts';

export interface OnDeviceDownloadsOptions {
  /** The Cache API; undefined where the browser offers none (e.g. an insecure page). */
  caches: CacheStorageLike | undefined;
  /** The fetch for a download from the given URLs, which the form names (saved or not). */
  fetchAlsoTo: FetchAlsoTo;
}

export class OnDeviceDownloads {
  /** Job id to the controller that stops the download. */
  readonly #running = new Map<string, AbortController>();
  readonly #options: OnDeviceDownloadsOptions;

  constructor(options: OnDeviceDownloadsOptions) {
    this.#options = options;
  }

  /** What is cached of each model (settings are checked: `InvalidEngineSettingError`). */
  files(settings: readonly WebLlmEngineSetting[]): Promise<OnDeviceModelFiles[]> {
    return Promise.all(
      settings.map(async (setting) => {
        const source = sourceOf(setting);
        const unknownReason = this.#whyUnmanaged(setting);
        if (unknownReason !== undefined) return unknown(source, unknownReason);
        return { ...(await readModelCache(source, this.#caches)), ...describe(source) };
      }),
    );
  }

  /** Downloads the missing files of a model; resolves what is then cached. */
  async download(
    request: OnDeviceDownloadRequest,
    onProgress: (progress: ModelDownloadProgress) => void,
  ): Promise<OnDeviceModelFiles> {
    const source = this.#managedSource(request.setting);
    const controller = new AbortController();
    this.#running.set(request.jobId, controller);
    try {
      await downloadModelFiles(source, {
        caches: this.#caches,
        fetch: this.#options.fetchAlsoTo([source.folderUrl, source.libraryUrl]),
        signal: controller.signal,
        onProgress,
      });
    } finally {
      this.#running.delete(request.jobId);
    }
    return { ...(await readModelCache(source, this.#caches)), ...describe(source) };
  }

  stop(jobId: string): void {
    this.#running.get(jobId)?.abort();
  }

  /** Removes the model's cached files, whole or partial; resolves what is then cached (nothing). */
  async delete(setting: WebLlmEngineSetting): Promise<OnDeviceModelFiles> {
    const source = this.#managedSource(setting);
    await deleteModelCache(source, this.#caches);
    return { ...(await readModelCache(source, this.#caches)), ...describe(source) };
  }

  get #caches(): CacheStorageLike {
    const { caches } = this.#options;
    if (!caches) throw new ModelCacheUnavailableError('this browser offers no Cache Storage');
    return caches;
  }

  #managedSource(setting: WebLlmEngineSetting): ModelSource {
    const source = sourceOf(setting);
    const reason = this.#whyUnmanaged(setting);
    if (reason !== undefined) throw new ModelCacheUnavailableError(reason);
    return source;
  }

  #whyUnmanaged(setting: WebLlmEngineSetting): string | undefined {
    if (!this.#options.caches) return 'this browser offers no Cache Storage';
    if (setting.cacheBackend !== 'cache') {
      return 'only the “Cache storage” model cache can be read ahead of loading';
    }
    return undefined;
  }
}

function sourceOf(setting: WebLlmEngineSetting): ModelSource {
  return modelSource(webLlmModelFor(checkWebLlmSetting(setting)).record);
}

function describe(source: ModelSource): Pick<OnDeviceModelFiles, 'modelId' | 'hosts'> {
  return { modelId: source.modelId, hosts: source.hosts };
}

function unknown(source: ModelSource, reason: string): OnDeviceModelFiles {
  return {
    ...describe(source),
    state: 'unknown',
    unknownReason: reason,
    shardsCached: 0,
    bytesCached: 0,
  };
}
