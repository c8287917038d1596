/**
 * Starting a WebLLM model in a worker: web-llm downloads (or reads from its cache) the weights and
 * library, compiles the shaders, and reports progress; the result is a `WebLlmEngine`.
 */
import { CreateWebWorkerMLCEngine, type AppConfig } from '@mlc-ai/web-llm';
import { EngineLoadError } from '../../../core/errors.ts';
import type { NetworkSettings } from '../../network/allowed-origins.ts';
import { networkSettingsMessage } from '../../network/network-settings-message.ts';
import type { WebLlmModel } from '../../../catalogues/webllm-models.ts';
import { WebLlmEngine } from './webllm-engine.ts';

/** Where web-llm keeps downloaded models: Cache API (its best tested), IndexedDB, OPFS, or the Cross-Origin Storage extension. */
export type WebLlmCacheBackend = NonNullable<AppConfig['cacheBackend']>;

export interface WebLlmLoadProgress {
  /** 0 to 1. */
  fraction: number;
  /** web-llm's own description, e.g. "Fetching param cache[3/21]: 120MB fetched". */
  text: string;
  elapsedSeconds: number;
}

export interface WebLlmLoadOptions {
  model: WebLlmModel;
  cacheBackend?: WebLlmCacheBackend;
  /** The settings whose hosts the worker may fetch from (its network guard allows no others). */
  network: NetworkSettings;
  onProgress?: (progress: WebLlmLoadProgress) => void;
  /** Defaults to a new `llm.worker.ts`. */
  worker?: Worker;
}

export interface LoadedWebLlmEngine {
  engine: WebLlmEngine;
  /** Frees the GPU memory and stops the worker. */
  unload(): Promise<void>;
}

export async function createWebLlmEngine(options: WebLlmLoadOptions): Promise<LoadedWebLlmEngine> {
  const worker = options.worker ?? startLlmWorker();
  const { model, onProgress } = options;
  worker.postMessage(networkSettingsMessage(options.network));
  try {
    const backend = await CreateWebWorkerMLCEngine(worker, model.id, {
      appConfig: { model_list: [model.record], cacheBackend: options.cacheBackend ?? 'cache' },
      initProgressCallback: (report) =>
        onProgress?.({
          fraction: report.progress,
          text: report.text,
          elapsedSeconds: report.timeElapsed,
        }),
    });
    return {
      engine: new WebLlmEngine(backend, model),
      async unload() {
        await backend.unload();
        worker.terminate();
      },
    };
  } catch (error) {
    worker.terminate();
    throw new EngineLoadError(model.id, error instanceof Error ? error.message : String(error));
  }
}

export function startLlmWorker(): Worker {
  return new Worker(new URL('../../../../workers/llm.worker.ts', import.meta.url), {
    type: 'module',
    name: 'llm',
  });
}
