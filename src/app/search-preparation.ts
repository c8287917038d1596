import { findEmbeddingModel } from '../catalogues/embedding-models.ts';
import type { Store } from '../core/ports/store.ts';
import type { LibrarySearch } from '../core/retrieval/library-search.ts';
import type { EmbedderRegistry } from './embedder-registry.ts';

/**
 * What the first search after the app opens would otherwise wait for: every collection's search
 * indexes and, at the same time, the built-in embedder, which embeds the query of every hybrid
 * search of its collections (its tokenizer and its 5 MB table, decision 0019).
 * Downloaded models are left to the first search that needs them, so opening the app never
 * starts a download. A model that fails to load is reported by the search that needs it.
 */
export async function prepareSearch(
  store: Pick<Store, 'listCollections'>,
  search: Pick<LibrarySearch, 'preload'>,
  embedders: EmbedderRegistry,
): Promise<void> {
  const models = new Set((await store.listCollections()).map(({ embedderId }) => embedderId));
  const builtIn = [...models].filter((model) => findEmbeddingModel(model)?.builtIn);
  await Promise.all([
    search.preload(),
    ...builtIn.map((model) => embedders.load(model).catch(() => undefined)),
  ]);
}
