/**
 * Downloads an on-device model's files into Cache Storage the way web-llm lays them out (see
 * `model-files.ts`), without starting the model: no WebGPU needed, byte progress, cancellable.
 * Every file is stored whole or not at all, and files already cached are skipped, so a download
 * stopped anywhere (cancel, error, reload) resumes with only the missing files.
 */
import { ArchivistError, describeError, isAbortError } from '../../../core/errors.ts';
import type { CacheLike, CacheStorageLike } from './model-cache.ts';
import {
  CONFIG_SCOPE,
  LIBRARY_SCOPE,
  MODEL_SCOPE,
  readShardList,
  tokenizerUrl,
  type ModelSource,
} from './model-files.ts';

/** Shards fetched at once, as web-llm does. */
const PARALLEL_SHARDS = 4;
/** Bytes arriving are reported at most this often; each finished shard is reported at once. */
const BYTE_REPORT_INTERVAL_MS = 200;

export interface ModelDownloadProgress {
  /** Bytes of weight shards in the cache or arriving, including those from an earlier download. */
  bytesDone: number;
  /** 0 until the shard list has arrived. */
  bytesTotal: number;
  shardsDone: number;
  shardsTotal: number;
}

export interface ModelDownloadOptions {
  caches: CacheStorageLike;
  fetch: typeof fetch;
  signal?: AbortSignal;
  onProgress?: (progress: ModelDownloadProgress) => void;
}

export class ModelDownloadError extends ArchivistError {
  readonly name = 'ModelDownloadError';
  constructor(
    readonly model: string,
    readonly host: string,
    readonly detail: string,
  ) {
    super(
      `The model "${model}" could not be downloaded from ${host} (${detail}). Check the connection and the model URL, then press Download again: it resumes where it stopped.`,
    );
  }
}

/** Resolves once every file is cached; rejects with AbortError when stopped, else ModelDownloadError. */
export async function downloadModelFiles(
  source: ModelSource,
  options: ModelDownloadOptions,
): Promise<void> {
  const fetcher = new CachingFetcher(source, options);
  const config = await fetcher.json(CONFIG_SCOPE, source.configUrl);
  const tokenizer = tokenizerUrl(config, source);
  if (tokenizer === undefined) {
    throw new ModelDownloadError(
      source.modelId,
      host(source.configUrl),
      'its config names no tokenizer',
    );
  }
  if (source.libraryUrl !== undefined) await fetcher.file(LIBRARY_SCOPE, source.libraryUrl);
  await fetcher.file(MODEL_SCOPE, tokenizer);
  const shardList = await fetcher.json(MODEL_SCOPE, source.shardListUrl);
  let shards;
  try {
    shards = readShardList(shardList, source);
  } catch (error) {
    throw new ModelDownloadError(
      source.modelId,
      host(source.shardListUrl),
      describeError(error).message,
    );
  }
  const cache = await options.caches.open(MODEL_SCOPE);
  const cached = new Set((await cache.keys()).map(({ url }) => url));
  const missing = shards.filter((shard) => !cached.has(shard.url));
  const progress: ModelDownloadProgress = {
    bytesDone: sumBytes(shards) - sumBytes(missing),
    bytesTotal: sumBytes(shards),
    shardsDone: shards.length - missing.length,
    shardsTotal: shards.length,
  };
  let reportedAt = 0;
  const report = (): void => {
    reportedAt = Date.now();
    options.onProgress?.({ ...progress });
  };
  report();
  const queue = [...missing];
  // After a failure no shard is started, but those arriving are kept for the next attempt.
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    for (let shard = queue.shift(); shard && !failure; shard = queue.shift()) {
      try {
        await fetcher.store(cache, shard.url, (bytes) => {
          progress.bytesDone += bytes;
          if (Date.now() - reportedAt >= BYTE_REPORT_INTERVAL_MS) report();
        });
      } catch (error) {
        failure ??= { error };
        return;
      }
      progress.shardsDone += 1;
      report();
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_SHARDS }, worker));
  if (failure) throw failure.error;
}

/** Fetches files into their caches, skipping those already there. */
class CachingFetcher {
  constructor(
    private readonly source: ModelSource,
    private readonly options: ModelDownloadOptions,
  ) {}

  /** The file, cached first if it is not yet. */
  async json(scope: string, url: string): Promise<unknown> {
    const cache = await this.file(scope, url);
    const response = await cache.match(url);
    try {
      return await response?.json();
    } catch (error) {
      throw new ModelDownloadError(
        this.source.modelId,
        host(url),
        `${fileName(url)}: ${describeError(error).message}`,
      );
    }
  }

  async file(scope: string, url: string): Promise<CacheLike> {
    const cache = await this.options.caches.open(scope);
    if ((await cache.match(url)) === undefined) await this.store(cache, url);
    return cache;
  }

  /** Fetches `url` and stores the whole body under it, counting bytes as they arrive. */
  async store(cache: CacheLike, url: string, onBytes?: (bytes: number) => void): Promise<void> {
    const { signal } = this.options;
    try {
      const response = await this.options.fetch(url, signal ? { signal } : {});
      if (!response.ok) {
        throw new ModelDownloadError(
          this.source.modelId,
          host(url),
          `${fileName(url)}: HTTP ${response.status}`,
        );
      }
      const counted =
        onBytes && response.body
          ? response.body.pipeThrough(countingStream(onBytes))
          : await response.arrayBuffer();
      const type = response.headers.get('content-type') ?? 'application/octet-stream';
      await cache.put(url, new Response(counted, { headers: { 'content-type': type } }));
    } catch (error) {
      throw downloadError(this.source.modelId, url, error, signal);
    }
  }
}

function countingStream(onBytes: (bytes: number) => void): TransformStream<Uint8Array, Uint8Array> {
  return new TransformStream({
    transform(chunk, controller) {
      onBytes(chunk.byteLength);
      controller.enqueue(chunk);
    },
  });
}

function downloadError(model: string, url: string, error: unknown, signal?: AbortSignal): Error {
  if (error instanceof ModelDownloadError) return error;
  if (signal?.aborted || isAbortError(error)) {
    return new DOMException('The download was stopped.', 'AbortError');
  }
  const { name, message } = describeError(error);
  if (name === 'QuotaExceededError') {
    return new ModelDownloadError(model, host(url), 'this site has no storage space left');
  }
  return new ModelDownloadError(model, host(url), `${fileName(url)}: ${message}`);
}

function sumBytes(shards: readonly { bytes: number }[]): number {
  return shards.reduce((sum, shard) => sum + shard.bytes, 0);
}

function host(url: string): string {
  return new URL(url).host;
}

function fileName(url: string): string {
  return new URL(url).pathname.split('/').pop() ?? url;
}
