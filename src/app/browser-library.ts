/**
 * The library as the browser runs it (inside the library worker): IndexedDB, the embedding models
 * of the catalogue (the built-in one served by the app), the parse workers' pool, and the chosen
 * vector index.
 */
import ortFactoryUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import ortWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';
import { createBrowserTesseractEngine } from '../adapters/ocr/tesseract-browser.ts';
import { checkReadable } from '../adapters/parsers/readable-files.ts';
import { IdbConversationStore } from '../adapters/store/idb-conversation-store.ts';
import {
  DatabaseBlockedError,
  DatabaseClosedError,
} from '../adapters/store/database-closed-error.ts';
import { IdbStore } from '../adapters/store/idb-store.ts';
import { eraseSiteData } from '../adapters/store/site-data.ts';
import { storageEstimate } from '../adapters/store/storage-quota.ts';
import { chooseVectorIndex } from '../adapters/vector/index.ts';
import type { NetworkGuard } from '../adapters/network/network-guard.ts';
import { CatalogueEmbedders, type SettingsStore } from './catalogue-embedders.ts';
import { broadcastChanges } from './collection-changes.ts';
import { LibraryService } from './library-service.ts';
import { readNetworkSettings } from './network-settings.ts';
import { parseInWorkers } from './parse-workers.ts';
import { ocrEngineSource } from './ocr-setting.ts';

/**
 * `onNotice` hears what the page should tell the user although no call failed: the storage was
 * closed for another tab's upgrade or deletion, or this tab's upgrade waits for other tabs.
 * `network`: the worker's guard, which from now on reads the hosts it allows from the settings.
 */
export function createBrowserLibrary(
  onNotice: (error: Error) => void,
  network: NetworkGuard,
): LibraryService {
  const store = IdbStore.open('archivist', {
    onBlocked: () => onNotice(new DatabaseBlockedError()),
    onClosed: (reason) => onNotice(new DatabaseClosedError(reason)),
  });
  network.policy.readSettingsWith(async () => readNetworkSettings(await store));
  const conversations = new IdbConversationStore();
  const settings: SettingsStore = {
    getSetting: async (key) => (await store).getSetting(key),
    putSetting: async (key, value) => (await store).putSetting(key, value),
  };
  // One OCR engine (one tesseract.js worker) for every parse worker, which ask it through a bridge.
  const ocrEngine = ocrEngineSource(settings, createBrowserTesseractEngine);
  // Undefined on an insecure page.
  const locks = (navigator as { locks?: LockManager }).locks;
  return new LibraryService({
    store,
    embedders: new CatalogueEmbedders({
      settings: store,
      // A path, not a URL: transformers.js looks up local files by path only.
      localModelPath: `${import.meta.env.BASE_URL}models/`,
      wasmPaths: { mjs: servedUrl(ortFactoryUrl), wasm: servedUrl(ortWasmUrl) },
    }),
    parsers: parseInWorkers({
      // Files are parsed in the parse workers; here they are only checked (type, size).
      check: checkReadable,
      ocrEngine,
      settings,
      locks,
    }),
    createVectorIndex: chooseVectorIndex,
    estimateStorage: storageEstimate,
    conversations,
    eraseAll: async () => {
      // This worker's own connections first, so that only other tabs can block the deletion.
      await Promise.allSettled([store.then((opened) => opened.close()), conversations.close()]);
      await eraseSiteData();
    },
    // Undefined on an insecure page, where the browser offers no Cache API.
    modelCaches: (self as { caches?: CacheStorage }).caches,
    // Undefined on an insecure page too; then only this tab is kept from syncing twice at once.
    locks,
    changes: broadcastChanges(),
    fetchAlsoTo: network.fetchAlsoTo,
  });
}

/** An absolute URL on this app's origin. */
function servedUrl(path: string): string {
  return new URL(path, self.location.href).href;
}
