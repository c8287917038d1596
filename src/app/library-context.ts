import type { DocumentParsers } from '../core/ports/parser.ts';
import type { Store } from '../core/ports/store.ts';
import type { LibrarySearch } from '../core/retrieval/library-search.ts';
import type { EmbedderRegistry } from './embedder-registry.ts';
import type { SyncMarkers } from './sync-markers.ts';

/** Where folder handles are kept between visits (the IndexedDB store). */
export interface FolderHandleStore {
  putFolderHandle(collectionId: string, handle: unknown): Promise<void>;
  getFolderHandle(collectionId: string): Promise<unknown>;
}

export type LibraryStore = Store & FolderHandleStore;

/** What the library's jobs work with, once the store is open. */
export interface LibraryContext {
  store: LibraryStore;
  search: LibrarySearch;
  markers: SyncMarkers;
  embedders: EmbedderRegistry;
  parsers: DocumentParsers;
}
