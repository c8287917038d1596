import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { VoyClass } from '../../src/adapters/vector/voy-index.ts';

/**
 * voy-search's entry imports its `.wasm` as an ES module, which Node cannot do: instantiate the
 * `.wasm` here and hand it to the generated bindings, as a bundler would.
 */
export async function loadVoyInNode(): Promise<VoyClass> {
  const bindings = await import('voy-search/voy_search_bg.js');
  const wasmPath = createRequire(import.meta.url).resolve('voy-search/voy_search_bg.wasm');
  const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), {
    './voy_search_bg.js': bindings as unknown as WebAssembly.ModuleImports,
  });
  bindings.__wbg_set_wasm(instance.exports);
  return bindings.Voy;
}
