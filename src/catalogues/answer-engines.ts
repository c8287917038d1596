/**
 * The engines that can answer: none (the extractive engine), an OpenAI-compatible server, an
 * on-device WebLLM model, or the browser's built-in model (the Prompt API). `AnswerEngineSetting` is the choice among them as the settings keep it.
 */

/** Where web-llm keeps downloaded models (its `cacheBackend`). */
export type WebLlmCacheBackend = 'cache' | 'indexeddb' | 'opfs' | 'cross-origin';

export const WEBLLM_CACHE_BACKENDS: readonly WebLlmCacheBackend[] = [
  'cache',
  'indexeddb',
  'opfs',
  'cross-origin',
];

/** An on-device WebLLM model: a catalogue id, optionally served from the user's own host. */
export interface WebLlmEngineSetting {
  kind: 'webllm';
  model: string;
  cacheBackend: WebLlmCacheBackend;
  /** Absolute URL of a folder holding the model's weights and library, instead of the internet. */
  customUrl?: string;
}

/** The engine that answers: no model, a server, an on-device model, or the browser's own. */
export type AnswerEngineSetting =
  | { kind: 'extractive' }
  | { kind: 'openai'; baseUrl: string; model: string }
  | WebLlmEngineSetting
  | { kind: 'built-in' };
