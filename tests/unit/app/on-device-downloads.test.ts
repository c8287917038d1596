/**
 * The model manager's worker side over a fake Cache Storage and model host: files per model as the
 * form sets them (catalogue or custom URL), a download stopped by its job id and resumed, deletion,
 * the cache backends it cannot manage; and the server connection test of a setting not yet stored.
 */
import { describe, expect, it } from 'vitest';
import { modelSource } from '../../../src/adapters/engines/webllm/model-files.ts';
import { OnDeviceDownloads } from '../../../src/app/on-device-downloads.ts';
import type { WebLlmEngineSetting } from '../../../src/catalogues/answer-engines.ts';
import { webLlmModelFor } from '../../../src/app/webllm-setting.ts';
import { FakeCaches, FakeModelHost } from '../../support/fake-model-files.ts';
import { openLibrary } from './library-fixtures.ts';

const SMOL = 'SmolLM2-360M-Instruct-q4f32_1-MLC';
const CUSTOM = 'http://127.0.0.1:9/models/SmolLM2-360M-Instruct-q4f32_1-MLC';

function setting(overrides: Partial<WebLlmEngineSetting> = {}): WebLlmEngineSetting {
  return { kind: 'webllm', model: SMOL, cacheBackend: 'cache', ...overrides };
}

function setUp(custom?: string) {
  const source = modelSource(webLlmModelFor(setting(custom ? { customUrl: custom } : {})).record);
  const host = new FakeModelHost(source, { shardBytes: [100, 100, 100, 100, 100, 100] });
  const caches = new FakeCaches();
  return {
    host,
    caches,
    downloads: new OnDeviceDownloads({ caches, fetchAlsoTo: () => host.fetch }),
  };
}

describe('managing on-device model files in the worker', () => {
  it('lists nothing downloaded, and reads no network to say so', async () => {
    const { host, downloads } = setUp();
    const [files] = await downloads.files([setting()]);
    expect(files).toEqual({
      modelId: SMOL,
      state: 'none',
      shardsCached: 0,
      bytesCached: 0,
      hosts: ['huggingface.co', 'raw.githubusercontent.com'],
    });
    expect(host.requests).toEqual([]);
  });

  it('downloads from the custom URL, stops by job id, resumes, then deletes', async () => {
    const { host, downloads } = setUp(CUSTOM);
    const custom = setting({ customUrl: CUSTOM });
    host.stalling.add(host.shardUrls[5]!);
    const download = downloads.download({ jobId: 'job', setting: custom }, (progress) => {
      if (progress.shardsDone === 5) downloads.stop('job');
    });
    await expect(download).rejects.toMatchObject({ name: 'AbortError' });
    const [partial] = await downloads.files([custom]);
    expect(partial).toMatchObject({
      state: 'partial',
      shardsCached: 5,
      shardsTotal: 6,
      hosts: ['127.0.0.1:9'],
    });
    // The catalogue model, from its own host, has nothing cached.
    expect((await downloads.files([setting()]))[0]?.state).toBe('none');

    host.stalling.clear();
    host.requests.length = 0;
    const done = await downloads.download({ jobId: 'again', setting: custom }, () => undefined);
    expect(done).toMatchObject({ state: 'downloaded', shardsCached: 6, bytesCached: 600 });
    expect(host.requests).toEqual([host.shardUrls[5]]);

    expect(await downloads.delete(custom)).toMatchObject({ state: 'none', bytesCached: 0 });
  });

  it('leaves other model caches and pages without Cache Storage to web-llm', async () => {
    const { downloads } = setUp();
    const [files] = await downloads.files([setting({ cacheBackend: 'indexeddb' })]);
    expect(files).toMatchObject({
      state: 'unknown',
      unknownReason: expect.stringContaining('Cache storage'),
    });
    await expect(
      downloads.download(
        { jobId: 'job', setting: setting({ cacheBackend: 'opfs' }) },
        () => undefined,
      ),
    ).rejects.toMatchObject({ name: 'ModelCacheUnavailableError' });
    const insecure = new OnDeviceDownloads({ caches: undefined, fetchAlsoTo: () => fetch });
    expect((await insecure.files([setting()]))[0]).toMatchObject({ state: 'unknown' });
    await expect(insecure.delete(setting())).rejects.toMatchObject({
      name: 'ModelCacheUnavailableError',
      message: expect.stringContaining('no Cache Storage'),
    });
  });

  it('rejects a setting that names no catalogue model or a bad URL', async () => {
    const { downloads } = setUp();
    await expect(downloads.files([setting({ model: 'gpt-4' })])).rejects.toMatchObject({
      name: 'InvalidEngineSettingError',
    });
    await expect(downloads.delete(setting({ customUrl: 'models/smol' }))).rejects.toMatchObject({
      name: 'InvalidEngineSettingError',
    });
  });
});

describe('testing a server before using it', () => {
  it('tests the setting given, not the stored one, and checks it first', async () => {
    const library = openLibrary();
    const unreachable = { kind: 'openai' as const, baseUrl: 'http://127.0.0.1:9/v1', model: 'm' };
    expect(await library.questions.testAnswerEngine(unreachable)).toMatchObject({ ok: false });
    expect(await library.questions.getAnswerEngine()).toEqual({ kind: 'extractive' });
    await expect(
      library.questions.testAnswerEngine({ kind: 'openai', baseUrl: 'localhost', model: 'm' }),
    ).rejects.toMatchObject({ name: 'InvalidEngineSettingError' });
  });
});
