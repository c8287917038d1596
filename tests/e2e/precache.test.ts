/**
 * What the service worker precaches, read from the build it serves: web-llm's code once (in the
 * llm worker, which the library worker reaches over comlink) and none of voy-search, which only
 * the bench and the contract suite use, and no WebAssembly runtime (onnxruntime-web is kept on first
 * use, by a downloaded embedding model). The sizes are in docs/BENCHMARKS.md.
 */
import { describe, expect, inject, test } from 'vitest';

describe('the precache', () => {
  const baseUrl = inject('baseUrl');

  test("holds web-llm's code in one script, the llm worker, no voy-search and no .wasm", async () => {
    const serviceWorker = await (await fetch(`${baseUrl}/sw.js`)).text();
    const precached = [...serviceWorker.matchAll(/url:"([^"]+)"/g)].map((match) => match[1]!);
    const scripts = precached.filter((url) => /\.m?js$/.test(url));
    expect(scripts.length).toBeGreaterThan(0);
    const withWebLlm: string[] = [];
    for (const script of scripts) {
      // web-llm's engine class, named in its own messages; no other script of the app says it.
      if ((await (await fetch(`${baseUrl}/${script}`)).text()).includes('MLCEngine')) {
        withWebLlm.push(script);
      }
    }
    expect(withWebLlm).toEqual([expect.stringMatching(/^assets\/llm\.worker-[\w-]+\.js$/)]);
    expect(precached.filter((url) => url.includes('voy'))).toEqual([]);
    expect(precached.filter((url) => url.endsWith('.wasm'))).toEqual([]);
  });

  test('keeps a WebAssembly runtime on first use, and the built-in embedder precached', async () => {
    const serviceWorker = await (await fetch(`${baseUrl}/sw.js`)).text();
    expect(serviceWorker).toContain('archivist-runtimes');
    expect(serviceWorker).toContain('models/archivist/glove-100d/onnx/model.onnx');
  });
});
