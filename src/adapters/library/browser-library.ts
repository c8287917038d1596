/**
 * The library as the browser runs it (inside the library worker): IndexedDB, the embedding models
 * of the catalogue (the built-in one served by the app), every parser, and the chosen vector index.
 */
import ortFactoryUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import { createParserRegistry } from '../parsers/index.ts';
import { loadBrowserPdfjs } from '../parsers/pdfjs-browser.ts';
import { IdbStore } from '../store/idb-store.ts';
import { storageEstimate } from '../store/storage-quota.ts';
import { chooseVectorIndex } from '../vector/index.ts';
import { CatalogueEmbedders } from './catalogue-embedders.ts';
import { LibraryService } from './library-service.ts';

export function createBrowserLibrary(): LibraryService {
  const store = IdbStore.open();
  return new LibraryService({
    store,
    embedders: new CatalogueEmbedders({
      settings: store,
      // A path, not a URL: transformers.js looks up local files by path only.
      localModelPath: `${import.meta.env.BASE_URL}models/`,
      wasmPaths: { mjs: servedUrl(ortFactoryUrl), wasm: servedUrl(ortWasmUrl) },
    }),
    parsers: createParserRegistry({ loadPdfjs: loadBrowserPdfjs }),
    createVectorIndex: chooseVectorIndex,
    estimateStorage: storageEstimate,
  });
}

/** An absolute URL on this app's origin. */
function servedUrl(path: string): string {
  return new URL(path, self.location.href).href;
}
