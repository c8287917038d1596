/**
 * The browser's built-in model (the Prompt API), held by the page because `LanguageModel` exists
 * on Window only: the page loads it (the browser downloads it where it has not) and hands the
 * library worker a comlink proxy of it, through which every question's calls come back here.
 */
import { proxy, type Remote } from 'comlink';
import {
  BUILT_IN_MODEL_OPTIONS,
  PromptApiEngine,
} from '../../adapters/engines/prompt-api/prompt-api-engine.ts';
import { findLanguageModel } from '../../adapters/engines/prompt-api/prompt-api.ts';
import { ChatEngineHost } from '../../adapters/engines/remote/chat-engine-host.ts';
import { BuiltInModelUnavailableError } from '../../core/errors.ts';
import type { LibraryClient } from './library-client.ts';

import type { BuiltInAvailability } from '../../catalogues/engine-recommendation.ts';

export type { BuiltInAvailability };

/** Asks the browser, without downloading anything. */
export async function builtInModelAvailability(): Promise<BuiltInAvailability> {
  const factory = findLanguageModel(globalThis);
  if (!factory) return 'absent';
  try {
    return await factory.availability(BUILT_IN_MODEL_OPTIONS);
  } catch {
    return 'unavailable';
  }
}

export class BuiltInModel {
  #engine: PromptApiEngine | undefined;

  constructor(private readonly client: LibraryClient) {}

  /**
   * Loads the model (reporting the browser's download, 0 to 1) and hands it to the library
   * worker. Throws `BuiltInModelUnavailableError` or `BuiltInModelActivationError`.
   */
  async start(onProgress: (fraction: number) => void): Promise<void> {
    if (!this.#engine) {
      const factory = findLanguageModel(globalThis);
      if (!factory) throw new BuiltInModelUnavailableError('this browser has no Prompt API');
      this.#engine = await PromptApiEngine.load(factory, { onProgress });
    }
    // What is proxied reaches the worker as comlink's Remote of it, which is what it declares.
    const host = proxy(new ChatEngineHost(this.#engine)) as unknown as Remote<ChatEngineHost>;
    await this.client.questions.attachBuiltInModel(host);
  }

  /** Takes the model back from the worker and frees its session. */
  async stop(): Promise<void> {
    const engine = this.#engine;
    this.#engine = undefined;
    if (!engine) return;
    await this.client.questions.detachBuiltInModel();
    engine.destroy();
  }
}
