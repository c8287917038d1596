/**
 * What Cache Storage holds of an on-device model, read without a single network request: nothing,
 * part (a download stopped by a cancel, an error or a closed tab), or every file web-llm needs.
 * Parts are counted against the shard list when it is cached. Deleting removes every file under
 * the model's folder and its library, whole or partial.
 */
import {
  CONFIG_SCOPE,
  LIBRARY_SCOPE,
  MODEL_SCOPE,
  readShardList,
  tokenizerUrl,
  type ModelSource,
} from './model-files.ts';

/** The part of the Cache API used here (also met by a fake in tests). */
export interface CacheLike {
  match(url: string): Promise<Response | undefined>;
  put(url: string, response: Response): Promise<void>;
  delete(url: string): Promise<boolean>;
  keys(): Promise<readonly { url: string }[]>;
}

export interface CacheStorageLike {
  has(name: string): Promise<boolean>;
  open(name: string): Promise<CacheLike>;
}

export type ModelCacheState = 'downloaded' | 'partial' | 'none';

export interface ModelCacheStatus {
  state: ModelCacheState;
  /** Weight shards in the cache. */
  shardsCached: number;
  /** Bytes of those shards. */
  bytesCached: number;
  /** Known once the shard list is cached. */
  shardsTotal?: number;
  bytesTotal?: number;
}

const NOTHING: ModelCacheStatus = { state: 'none', shardsCached: 0, bytesCached: 0 };

export async function readModelCache(
  source: ModelSource,
  caches: CacheStorageLike,
): Promise<ModelCacheStatus> {
  const [modelUrls, configUrls, libraryUrls] = await Promise.all([
    cachedUrls(caches, MODEL_SCOPE),
    cachedUrls(caches, CONFIG_SCOPE),
    cachedUrls(caches, LIBRARY_SCOPE),
  ]);
  const own = [...modelUrls, ...configUrls].some((url) => url.startsWith(source.folderUrl));
  if (!own) return NOTHING;
  const shards = modelUrls.has(source.shardListUrl)
    ? readShardList(await readJson(caches, MODEL_SCOPE, source.shardListUrl), source)
    : undefined;
  const config = configUrls.has(source.configUrl)
    ? await readJson(caches, CONFIG_SCOPE, source.configUrl)
    : undefined;
  const cachedShards = shards?.filter((shard) => modelUrls.has(shard.url)) ?? [];
  const tokenizer = config === undefined ? undefined : tokenizerUrl(config, source);
  const complete =
    shards !== undefined &&
    cachedShards.length === shards.length &&
    tokenizer !== undefined &&
    modelUrls.has(tokenizer) &&
    (source.libraryUrl === undefined || libraryUrls.has(source.libraryUrl));
  return {
    state: complete ? 'downloaded' : 'partial',
    shardsCached: cachedShards.length,
    bytesCached: sumBytes(cachedShards),
    ...(shards ? { shardsTotal: shards.length, bytesTotal: sumBytes(shards) } : {}),
  };
}

/** Removes every cached file of the model, including the parts of an unfinished download. */
export async function deleteModelCache(
  source: ModelSource,
  caches: CacheStorageLike,
): Promise<void> {
  for (const scope of [MODEL_SCOPE, CONFIG_SCOPE]) {
    if (!(await caches.has(scope))) continue;
    const cache = await caches.open(scope);
    const keys = await cache.keys();
    const own = keys.filter(({ url }) => url.startsWith(source.folderUrl));
    await Promise.all(own.map(({ url }) => cache.delete(url)));
  }
  if (source.libraryUrl !== undefined && (await caches.has(LIBRARY_SCOPE))) {
    await (await caches.open(LIBRARY_SCOPE)).delete(source.libraryUrl);
  }
}

async function cachedUrls(caches: CacheStorageLike, scope: string): Promise<Set<string>> {
  if (!(await caches.has(scope))) return new Set();
  const keys = await (await caches.open(scope)).keys();
  return new Set(keys.map(({ url }) => url));
}

async function readJson(caches: CacheStorageLike, scope: string, url: string): Promise<unknown> {
  const response = await (await caches.open(scope)).match(url);
  return response?.json();
}

function sumBytes(shards: readonly { bytes: number }[]): number {
  return shards.reduce((sum, shard) => sum + shard.bytes, 0);
}
