/**
 * The library as the browser runs it (inside the library worker): IndexedDB, the built-in
 * embedder served by the app, every parser, and the chosen vector index.
 */
import ortFactoryUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import type { DeviceMeasurement } from '../embedder/device-choice.ts';
import { BUILT_IN_MODEL_ID, findEmbeddingModel } from '../embedder/models.ts';
import { TransformersEmbedder } from '../embedder/transformers-embedder.ts';
import { createParserRegistry } from '../parsers/index.ts';
import { loadBrowserPdfjs } from '../parsers/pdfjs-browser.ts';
import { IdbStore } from '../store/idb-store.ts';
import { storageEstimate } from '../store/storage-quota.ts';
import { chooseVectorIndex } from '../vector/index.ts';
import { LazyEmbedder } from './lazy-embedder.ts';
import { LibraryService, type LibraryStore } from './library-service.ts';

/** Settings key of the measured WebGPU-or-WASM choice for a model. */
const deviceSettingKey = (model: string): string => `embedder-device:${model}`;

export function createBrowserLibrary(): LibraryService {
  const store = IdbStore.open();
  return new LibraryService({
    store,
    embedder: builtInEmbedder(store),
    parsers: createParserRegistry({ loadPdfjs: loadBrowserPdfjs }),
    createVectorIndex: chooseVectorIndex,
    estimateStorage: storageEstimate,
  });
}

/** The embedder that ships with the app: loaded from `/models/`, never from the network. */
function builtInEmbedder(store: Promise<LibraryStore>): LazyEmbedder {
  const model = findEmbeddingModel(BUILT_IN_MODEL_ID);
  if (!model) throw new Error(`The built-in model ${BUILT_IN_MODEL_ID} is not in the catalogue.`);
  return new LazyEmbedder(model.id, model.dim, async () => {
    const settings = await store;
    const remembered = await settings.getSetting<DeviceMeasurement>(deviceSettingKey(model.id));
    const embedder = await TransformersEmbedder.create({
      model: model.id,
      // A path, not a URL: transformers.js looks up local files by path only.
      localModelPath: `${import.meta.env.BASE_URL}models/`,
      allowRemote: false,
      device: 'auto',
      wasmPaths: { mjs: servedUrl(ortFactoryUrl), wasm: servedUrl(ortWasmUrl) },
      ...(remembered ? { rememberedDevice: remembered } : {}),
    });
    if (embedder.deviceMeasurement && embedder.deviceMeasurement !== remembered) {
      await settings.putSetting(deviceSettingKey(model.id), embedder.deviceMeasurement);
    }
    return embedder;
  });
}

/** An absolute URL on this app's origin. */
function servedUrl(path: string): string {
  return new URL(path, self.location.href).href;
}
