/**
 * Starting a WebLLM model in the llm worker: the worker's `WebLlmHost` downloads (or reads from
 * its cache) the weights and library, compiles the shaders and reports progress; the result is a
 * `WebLlmEngine` over that worker. Only the llm worker imports web-llm's code.
 */
import { proxy, wrap, type Endpoint } from 'comlink';
import { EngineLoadError } from '../../../core/errors.ts';
import type { WebLlmModel } from '../../../catalogues/webllm-models.ts';
import type { NetworkSettings } from '../../network/allowed-origins.ts';
import { RemoteWebLlmBackend } from './remote-webllm-backend.ts';
import { WebLlmEngine } from './webllm-engine.ts';
import type { WebLlmHost, WebLlmLoadProgress, WebLlmLoadRequest } from './webllm-host.ts';

export interface WebLlmLoadOptions {
  model: WebLlmModel;
  cacheBackend?: WebLlmLoadRequest['cacheBackend'];
  /** The settings whose hosts the llm worker may fetch from (its network guard allows no others). */
  network: NetworkSettings;
  onProgress?: (progress: WebLlmLoadProgress) => void;
}

export interface LoadedWebLlmEngine {
  engine: WebLlmEngine;
  /** Frees the GPU memory and ends the connection (and the worker). */
  unload(): Promise<void>;
}

/** Starts a new llm worker and loads the model in it. */
export function createWebLlmEngine(options: WebLlmLoadOptions): Promise<LoadedWebLlmEngine> {
  const worker = new Worker(new URL('../../../../workers/llm.worker.ts', import.meta.url), {
    type: 'module',
    name: 'llm',
  });
  return connectWebLlmEngine(worker, options, () => worker.terminate());
}

/**
 * Loads the model in the `WebLlmHost` served at `endpoint`; `close` ends the endpoint (after an
 * unload, or a load that failed). Throws `EngineLoadError` when the model cannot be loaded.
 */
export async function connectWebLlmEngine(
  endpoint: Endpoint,
  options: WebLlmLoadOptions,
  close: () => void,
): Promise<LoadedWebLlmEngine> {
  const host = wrap<WebLlmHost>(endpoint);
  const { model, onProgress } = options;
  try {
    await host.load(
      {
        record: model.record,
        cacheBackend: options.cacheBackend ?? 'cache',
        network: options.network,
      },
      proxy((progress: WebLlmLoadProgress) => onProgress?.(progress)),
    );
  } catch (error) {
    close();
    throw new EngineLoadError(model.id, error instanceof Error ? error.message : String(error));
  }
  return {
    engine: new WebLlmEngine(new RemoteWebLlmBackend(host), model),
    async unload() {
      await host.unload();
      close();
    },
  };
}
