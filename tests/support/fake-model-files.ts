/**
 * Stand-ins for the model manager's tests: a Cache Storage in memory (what web-llm and the
 * downloader write), and a model host serving a small web-llm model folder (config, tokenizer,
 * library, shard list and shards) with a log of requests, failures on demand and stalls.
 */
import type { CacheLike, CacheStorageLike } from '../../src/adapters/engines/webllm/model-cache.ts';
import type { ModelSource } from '../../src/adapters/engines/webllm/model-files.ts';

export class FakeCaches implements CacheStorageLike {
  readonly caches = new Map<string, FakeCache>();

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  async open(name: string): Promise<FakeCache> {
    const cache = this.caches.get(name) ?? new FakeCache();
    this.caches.set(name, cache);
    return cache;
  }

  /** The URLs stored under `name`. */
  urls(name: string): string[] {
    return [...(this.caches.get(name)?.entries.keys() ?? [])];
  }
}

/** Keyed by URL; takes `Request`s too, as web-llm passes them. */
export class FakeCache implements CacheLike {
  readonly entries = new Map<string, Uint8Array>();

  async match(request: string | Request): Promise<Response | undefined> {
    const body = this.entries.get(urlOf(request));
    return body && new Response(body.slice());
  }

  /** Stores the whole body, or nothing when it fails to arrive (as the Cache API does). */
  async put(request: string | Request, response: Response): Promise<void> {
    this.entries.set(urlOf(request), new Uint8Array(await response.arrayBuffer()));
  }

  async delete(request: string | Request): Promise<boolean> {
    return this.entries.delete(urlOf(request));
  }

  async keys(): Promise<{ url: string }[]> {
    return [...this.entries.keys()].map((url) => ({ url }));
  }
}

function urlOf(request: string | Request): string {
  return typeof request === 'string' ? request : request.url;
}

export interface FakeHostOptions {
  shardBytes: number[];
  /** Answer these URLs with this HTTP status. */
  failing?: Map<string, number>;
  /** Never finish these URLs' bodies (until the request is aborted). */
  stalling?: Set<string>;
}

/** Serves a model folder for `source`; `fetch` is the function to hand to the downloader. */
export class FakeModelHost {
  readonly requests: string[] = [];
  readonly files = new Map<string, Uint8Array>();
  readonly failing: Map<string, number>;
  readonly stalling: Set<string>;
  readonly shardUrls: string[];

  constructor(
    readonly source: ModelSource,
    options: FakeHostOptions,
  ) {
    this.failing = options.failing ?? new Map();
    this.stalling = options.stalling ?? new Set();
    const text = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value));
    const folder = source.folderUrl;
    this.files.set(source.configUrl, text({ tokenizer_files: ['tokenizer.json'] }));
    this.files.set(`${folder}tokenizer.json`, text({ model: 'bpe' }));
    if (source.libraryUrl) this.files.set(source.libraryUrl, new Uint8Array(64));
    const records = options.shardBytes.map((bytes, index) => ({
      dataPath: `params_shard_${index}.bin`,
      nbytes: bytes,
      records: [],
    }));
    this.files.set(source.shardListUrl, text({ metadata: {}, records }));
    this.shardUrls = records.map((record) => `${folder}${record.dataPath}`);
    this.shardUrls.forEach((url, index) =>
      this.files.set(url, new Uint8Array(options.shardBytes[index] ?? 0).fill(index + 1)),
    );
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    this.requests.push(url);
    const signal = init?.signal ?? undefined;
    signal?.throwIfAborted();
    const status = this.failing.get(url);
    if (status !== undefined) return new Response('no', { status });
    const body = this.files.get(url);
    if (!body) return new Response('not found', { status: 404 });
    if (!this.stalling.has(url)) return new Response(body.slice());
    const half = body.subarray(0, Math.floor(body.length / 2));
    return new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(half.slice());
          signal?.addEventListener('abort', () => controller.error(signal.reason));
        },
      }),
    );
  };
}
