/**
 * On-device model files in Cache Storage without a browser: the URLs web-llm uses, what is cached
 * (nothing, part, all) read from a fake Cache Storage, downloads with progress that resume with
 * only the missing shards, stop on abort, fail with a reason, and deletion of whole or partial
 * downloads.
 */
import {
  deleteModelAllInfoInCache,
  hasModelInCache,
  TENSOR_CACHE_MANIFEST_FILENAME,
} from '@mlc-ai/web-llm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deleteModelCache,
  readModelCache,
} from '../../../../src/adapters/engines/webllm/model-cache.ts';
import {
  downloadModelFiles,
  type ModelDownloadProgress,
} from '../../../../src/adapters/engines/webllm/model-download.ts';
import {
  CONFIG_SCOPE,
  LIBRARY_SCOPE,
  MODEL_SCOPE,
  modelSource,
  SHARD_LIST_FILE,
} from '../../../../src/adapters/engines/webllm/model-files.ts';
import { customModel, findWebLlmModel } from '../../../../src/catalogues/webllm-models.ts';
import { FakeCaches, FakeModelHost } from '../../../support/fake-model-files.ts';

const SMOL = findWebLlmModel('SmolLM2-360M-Instruct-q4f32_1-MLC')!;
const source = modelSource(SMOL.record);
const SHARDS = [400, 300, 200, 100, 50];
const TOTAL = SHARDS.reduce((sum, bytes) => sum + bytes, 0);

function setUp(options: Partial<ConstructorParameters<typeof FakeModelHost>[1]> = {}) {
  const caches = new FakeCaches();
  const host = new FakeModelHost(source, { shardBytes: SHARDS, ...options });
  return { caches, host };
}

describe('where web-llm keeps a model', () => {
  it('resolves the weights folder, the shard list and the library like web-llm 0.2.86', () => {
    expect(SHARD_LIST_FILE).toBe(TENSOR_CACHE_MANIFEST_FILENAME);
    expect(source).toEqual({
      modelId: SMOL.id,
      folderUrl: `https://huggingface.co/mlc-ai/${SMOL.id}/resolve/main/`,
      configUrl: `https://huggingface.co/mlc-ai/${SMOL.id}/resolve/main/mlc-chat-config.json`,
      shardListUrl: `https://huggingface.co/mlc-ai/${SMOL.id}/resolve/main/tensor-cache.json`,
      libraryUrl: SMOL.record.model_lib,
      hosts: ['huggingface.co', 'raw.githubusercontent.com'],
    });
  });

  it('leaves out a library that web-llm never caches (on localhost or relative)', () => {
    const local = customModel({
      url: 'http://localhost:8080/models/smol/resolve/v2/',
      modelLib: 'http://localhost:8080/models/smol/lib.wasm',
    });
    expect(modelSource(local.record)).toMatchObject({
      folderUrl: 'http://localhost:8080/models/smol/resolve/v2/',
      libraryUrl: undefined,
      hosts: ['localhost:8080'],
    });
    const relative = customModel({ url: 'https://models.lan/smol', modelLib: '/libs/smol.wasm' });
    expect(modelSource(relative.record).libraryUrl).toBeUndefined();
  });
});

describe('downloading a model into Cache Storage', () => {
  it('stores every file under the URL and scope web-llm reads, reporting bytes and parts', async () => {
    const { caches, host } = setUp();
    const reports: ModelDownloadProgress[] = [];
    await downloadModelFiles(source, {
      caches,
      fetch: host.fetch,
      onProgress: (p) => reports.push(p),
    });
    expect(caches.urls(CONFIG_SCOPE)).toEqual([source.configUrl]);
    expect(caches.urls(LIBRARY_SCOPE)).toEqual([source.libraryUrl]);
    expect(caches.urls(MODEL_SCOPE).sort()).toEqual(
      [`${source.folderUrl}tokenizer.json`, source.shardListUrl, ...host.shardUrls].sort(),
    );
    expect(reports[0]).toEqual({ bytesDone: 0, bytesTotal: TOTAL, shardsDone: 0, shardsTotal: 5 });
    expect(reports.at(-1)).toEqual({
      bytesDone: TOTAL,
      bytesTotal: TOTAL,
      shardsDone: 5,
      shardsTotal: 5,
    });
    expect(
      reports.every(
        (report, index) => index === 0 || report.bytesDone >= reports[index - 1]!.bytesDone,
      ),
    ).toBe(true);
    expect(await readModelCache(source, caches)).toEqual({
      state: 'downloaded',
      shardsCached: 5,
      bytesCached: TOTAL,
      shardsTotal: 5,
      bytesTotal: TOTAL,
    });
  });

  it('resumes after a failure, fetching only what is missing', async () => {
    const { caches, host } = setUp({ failing: new Map() });
    host.failing.set(host.shardUrls[3]!, 503);
    await expect(downloadModelFiles(source, { caches, fetch: host.fetch })).rejects.toMatchObject({
      name: 'ModelDownloadError',
      message: expect.stringMatching(/huggingface\.co \(params_shard_3\.bin: HTTP 503\).*resumes/),
    });
    // The shards under way when one failed arrived whole; no shard started after the failure.
    const partial = await readModelCache(source, caches);
    expect(partial).toMatchObject({ state: 'partial', shardsCached: 3, shardsTotal: 5 });
    expect(partial.bytesCached).toBe(900);

    host.failing.clear();
    host.requests.length = 0;
    const reports: ModelDownloadProgress[] = [];
    await downloadModelFiles(source, {
      caches,
      fetch: host.fetch,
      onProgress: (p) => reports.push(p),
    });
    expect(host.requests.sort()).toEqual([host.shardUrls[3], host.shardUrls[4]]);
    expect(reports[0]).toMatchObject({ bytesDone: 900, shardsDone: 3 });
    expect((await readModelCache(source, caches)).state).toBe('downloaded');
  });

  it('stops on abort with AbortError, keeping the shards that arrived whole', async () => {
    const { caches, host } = setUp({ stalling: new Set() });
    host.stalling.add(host.shardUrls[4]!);
    const controller = new AbortController();
    const download = downloadModelFiles(source, {
      caches,
      fetch: host.fetch,
      signal: controller.signal,
      onProgress: (progress) => {
        if (progress.shardsDone === 4) controller.abort();
      },
    });
    await expect(download).rejects.toMatchObject({ name: 'AbortError' });
    const status = await readModelCache(source, caches);
    expect(status).toMatchObject({ state: 'partial', shardsCached: 4, bytesCached: TOTAL - 50 });
    expect(caches.urls(MODEL_SCOPE)).not.toContain(host.shardUrls[4]);
  });

  it('says when the host is missing a file, or the storage is full', async () => {
    const { caches, host } = setUp();
    host.files.delete(source.shardListUrl);
    await expect(downloadModelFiles(source, { caches, fetch: host.fetch })).rejects.toMatchObject({
      name: 'ModelDownloadError',
      detail: 'tensor-cache.json: HTTP 404',
    });
    const full = new FakeCaches();
    const cache = await full.open(CONFIG_SCOPE);
    cache.put = async () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
    await expect(
      downloadModelFiles(source, { caches: full, fetch: host.fetch }),
    ).rejects.toMatchObject({
      detail: 'this site has no storage space left',
    });
  });
});

describe('web-llm 0.2.86 over what was downloaded here', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('finds the model cached, and deletes its shards where this reads them', async () => {
    const { caches, host } = setUp();
    vi.stubGlobal('caches', caches);
    const appConfig = { model_list: [SMOL.record], cacheBackend: 'cache' as const };
    expect(await hasModelInCache(SMOL.id, appConfig)).toBe(false);
    await downloadModelFiles(source, { caches, fetch: host.fetch });
    expect(await hasModelInCache(SMOL.id, appConfig)).toBe(true);
    // web-llm's deletion leaves the shard list behind; Archivist's deletion removes it too.
    await deleteModelAllInfoInCache(SMOL.id, appConfig);
    expect(await hasModelInCache(SMOL.id, appConfig)).toBe(false);
    expect(await readModelCache(source, caches)).toMatchObject({
      state: 'partial',
      shardsCached: 0,
    });
    await deleteModelCache(source, caches);
    expect(await readModelCache(source, caches)).toMatchObject({ state: 'none' });
  });
});

describe('reading and deleting what is cached', () => {
  it('reads nothing for a model never downloaded, and part before the shard list arrives', async () => {
    const { caches } = setUp();
    expect(await readModelCache(source, caches)).toEqual({
      state: 'none',
      shardsCached: 0,
      bytesCached: 0,
    });
    await (await caches.open(CONFIG_SCOPE)).put(source.configUrl, new Response('{}'));
    expect(await readModelCache(source, caches)).toEqual({
      state: 'partial',
      shardsCached: 0,
      bytesCached: 0,
    });
  });

  it('deletes a whole or partial download, and only that model', async () => {
    const { caches, host } = setUp();
    await downloadModelFiles(source, { caches, fetch: host.fetch });
    const other = modelSource(findWebLlmModel('Qwen3-0.6B-q4f16_1-MLC')!.record);
    await (await caches.open(MODEL_SCOPE)).put(other.shardListUrl, new Response('{"records":[]}'));
    await deleteModelCache(source, caches);
    expect(await readModelCache(source, caches)).toMatchObject({ state: 'none' });
    expect(caches.urls(MODEL_SCOPE)).toEqual([other.shardListUrl]);
    expect(caches.urls(CONFIG_SCOPE)).toEqual([]);
    expect(caches.urls(LIBRARY_SCOPE)).toEqual([]);
  });
});
