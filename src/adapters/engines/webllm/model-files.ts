/**
 * The files web-llm 0.2.86 fetches to start a model, and where it keeps each in Cache Storage (its
 * default `cacheBackend`): the chat config in `webllm/config`, the compiled library in
 * `webllm/wasm`, and the tokenizer, the shard list (`tensor-cache.json`) and the weight shards it
 * lists in `webllm/model`, each under its URL. Archivist's downloader and cache reader follow the
 * same layout, so a model downloaded here loads in web-llm without a request, and a download web-llm
 * began is resumed here. Pure: no cache or network access.
 */
import type { ModelRecord } from '@mlc-ai/web-llm';
import { isRecord } from '../../../core/is-record.ts';

export const MODEL_SCOPE = 'webllm/model';
export const CONFIG_SCOPE = 'webllm/config';
export const LIBRARY_SCOPE = 'webllm/wasm';

/** web-llm's `TENSOR_CACHE_MANIFEST_FILENAME`. */
export const SHARD_LIST_FILE = 'tensor-cache.json';
const CONFIG_FILE = 'mlc-chat-config.json';

/** Where a model's files are. */
export interface ModelSource {
  modelId: string;
  /** The weights folder, as web-llm resolves it (`…/resolve/main/`). */
  folderUrl: string;
  configUrl: string;
  shardListUrl: string;
  /** The compiled library; undefined when web-llm does not cache it (relative, or on localhost). */
  libraryUrl: string | undefined;
  /** The hosts the files come from, for people to see. */
  hosts: string[];
}

export interface WeightShard {
  url: string;
  bytes: number;
}

/** The sources of a model record; its URLs must be absolute (the catalogue's and custom ones are). */
export function modelSource(record: ModelRecord): ModelSource {
  const folderUrl = weightsFolder(record.model);
  const library = record.model_lib;
  // web-llm fetches a library from this app or localhost afresh each time, never from its cache.
  const cached = library.startsWith('http') && !library.includes('localhost');
  const libraryUrl = cached ? new URL(library).href : undefined;
  const hosts = [folderUrl, ...(libraryUrl ? [libraryUrl] : [])].map((url) => new URL(url).host);
  return {
    modelId: record.model_id,
    folderUrl,
    configUrl: new URL(CONFIG_FILE, folderUrl).href,
    shardListUrl: new URL(SHARD_LIST_FILE, folderUrl).href,
    libraryUrl,
    hosts: [...new Set(hosts)],
  };
}

/** web-llm's `cleanModelUrl`: a folder URL ending in `resolve/<revision>/`. */
function weightsFolder(url: string): string {
  let folder = url.endsWith('/') ? url : `${url}/`;
  if (!/.+\/resolve\/.+\//.test(folder)) folder += 'resolve/main/';
  return new URL(folder).href;
}

/** The weight shards a `tensor-cache.json` lists; throws a `TypeError` on anything else. */
export function readShardList(json: unknown, source: ModelSource): WeightShard[] {
  const records = isRecord(json) ? json['records'] : undefined;
  if (!Array.isArray(records)) throw new TypeError(`${SHARD_LIST_FILE} lists no records`);
  return records.map((record: unknown) => {
    if (!isRecord(record) || typeof record['dataPath'] !== 'string') {
      throw new TypeError(`${SHARD_LIST_FILE} has a record without a dataPath`);
    }
    const bytes = record['nbytes'];
    return {
      url: new URL(record['dataPath'], source.folderUrl).href,
      bytes: typeof bytes === 'number' && bytes > 0 ? bytes : 0,
    };
  });
}

/** The tokenizer file web-llm loads for this chat config: `tokenizer.json`, else `tokenizer.model`. */
export function tokenizerUrl(config: unknown, source: ModelSource): string | undefined {
  const files = isRecord(config) ? config['tokenizer_files'] : undefined;
  if (!Array.isArray(files)) return undefined;
  const name = ['tokenizer.json', 'tokenizer.model'].find((file) => files.includes(file));
  return name === undefined ? undefined : new URL(name, source.folderUrl).href;
}
