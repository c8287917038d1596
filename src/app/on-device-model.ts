/**
 * The on-device (WebLLM) model the library worker holds once loaded, in its own nested worker (the
 * llm worker, the only code that imports web-llm). Until a model is loaded, questions are answered
 * by the extractive engine.
 */
import { EngineLoadError } from '../core/errors.ts';
import type { ChatEngine } from '../core/ports/chat-engine.ts';
import { createWebLlmEngine, type LoadedWebLlmEngine } from '../adapters/engines/webllm/load.ts';
import type { NetworkSettings } from '../adapters/network/allowed-origins.ts';
import { whyModelCannotRun } from '../catalogues/model-verdict.ts';
import { detectWebGpu } from '../catalogues/webgpu-support.ts';
import type { AnswerEngineProgress } from './question-types.ts';
import type { WebLlmEngineSetting } from '../catalogues/answer-engines.ts';
import { webLlmModelFor } from './webllm-setting.ts';

export class OnDeviceModel {
  #loaded: { key: string; model: LoadedWebLlmEngine } | undefined;

  /**
   * Loads the model `setting` names (unloading another); throws `EngineLoadError` when it cannot.
   * `network`: the settings whose hosts the model's worker may fetch from.
   */
  async load(
    setting: WebLlmEngineSetting,
    network: NetworkSettings,
    onProgress: (progress: AnswerEngineProgress) => void,
  ): Promise<void> {
    const key = JSON.stringify(setting);
    if (this.#loaded?.key === key) return;
    await this.unload();
    const model = webLlmModelFor(setting);
    const reason = whyModelCannotRun(model, await detectWebGpu());
    if (reason !== undefined) throw new EngineLoadError(model.id, reason);
    const loaded = await createWebLlmEngine({
      model,
      cacheBackend: setting.cacheBackend,
      network,
      onProgress: ({ text, fraction }) => onProgress({ text, fraction }),
    });
    this.#loaded = { key, model: loaded };
  }

  /** The loaded engine when it is the one `setting` names. */
  engineFor(setting: WebLlmEngineSetting): ChatEngine | undefined {
    return this.#loaded?.key === JSON.stringify(setting) ? this.#loaded.model.engine : undefined;
  }

  async unload(): Promise<void> {
    const loaded = this.#loaded;
    this.#loaded = undefined;
    await loaded?.model.unload();
  }
}
