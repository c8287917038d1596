/**
 * Which origins the workers may fetch from, computed from the settings: the app itself, the hosts
 * the catalogues download from (web-llm's weights and libraries, the Hugging Face hub for
 * embedders), and the hosts the user set: the OpenAI-compatible server, the custom on-device model
 * URL and the embedder mirror. `blob:` and `data:` URLs never leave the device and are always
 * allowed. Pure: no settings are read here (see `NetworkPolicy`).
 */
import { DEFAULT_REMOTE_HOST } from '../../catalogues/embedding-models.ts';
import { WEBLLM_MODELS } from '../../catalogues/webllm-models.ts';
import type { AnswerEngineSetting } from '../../catalogues/answer-engines.ts';

/** The settings that name hosts; undefined ones name none. */
export interface NetworkSettings {
  answerEngine?: AnswerEngineSetting | undefined;
  /** The embedder mirror's base URL; empty or undefined for the Hugging Face hub. */
  modelHost?: string | undefined;
  /** Where OCR languages other than English download from; undefined while OCR is off. */
  ocrLanguageHost?: string | undefined;
}

/**
 * The origins the catalogues download from with no setting at all: web-llm's model weights
 * (huggingface.co) and libraries (raw.githubusercontent.com), and the embedders' hub. The hub
 * answers downloads with redirects to its CDN hosts; `fetch` follows those itself (see
 * docs/decisions/0005-network-policy.md).
 */
export const DEFAULT_MODEL_ORIGINS: readonly string[] = [
  ...new Set(
    [
      ...WEBLLM_MODELS.flatMap((model) => [model.record.model, model.record.model_lib]),
      DEFAULT_REMOTE_HOST,
    ].map((url) => new URL(url).origin),
  ),
];

/** The origins a request may go to under `settings`, the app's own (`appOrigin`) included. */
export function allowedOrigins(settings: NetworkSettings, appOrigin: string): Set<string> {
  const origins = new Set([appOrigin, ...DEFAULT_MODEL_ORIGINS]);
  const engine = settings.answerEngine;
  const configured = [
    engine?.kind === 'openai' ? engine.baseUrl : undefined,
    engine?.kind === 'webllm' ? engine.customUrl : undefined,
    settings.modelHost,
    settings.ocrLanguageHost,
  ];
  for (const url of configured) {
    const origin = originOf(url);
    if (origin !== undefined) origins.add(origin);
  }
  return origins;
}

/** URLs whose content is already on the device. */
export function isLocalUrl(url: URL): boolean {
  return url.protocol === 'blob:' || url.protocol === 'data:';
}

/** The origin of an http(s) URL; undefined for anything else (empty, relative, another scheme). */
export function originOf(url: string | undefined): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
}
