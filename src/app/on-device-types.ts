/** Plain data of on-device model files (downloads, what is cached), between the library worker and the UI. */
import type { ModelCacheState } from '../adapters/engines/webllm/model-cache.ts';
import type { ModelDownloadProgress } from '../adapters/engines/webllm/model-download.ts';
import type { WebLlmEngineSetting } from '../catalogues/answer-engines.ts';

export type { ModelDownloadProgress };

/** What this device holds of an on-device model; `unknown` where its cache cannot be read here. */
export interface OnDeviceModelFiles {
  modelId: string;
  state: ModelCacheState | 'unknown';
  /** Why the state is unknown. */
  unknownReason?: string;
  shardsCached: number;
  bytesCached: number;
  /** Known once the model's shard list is cached. */
  shardsTotal?: number;
  bytesTotal?: number;
  /** Where its files come from, e.g. `huggingface.co`. */
  hosts: string[];
}

export interface OnDeviceDownloadRequest {
  /** Names the download for `stopModelDownload`. */
  jobId: string;
  /** The model, its cache and its custom URL, as the on-device model form holds them. */
  setting: WebLlmEngineSetting;
}
