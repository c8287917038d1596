/**
 * The pipeline's `Retriever` over the library: hybrid search (BM25 + dense, fused), and
 * knowledge-boundary routing over the collections' stored centroids.
 */
import type { LibrarySearch } from '../../core/retrieval/library-search.ts';
import type { Evidence, Retriever, RetrieveOptions } from '../../core/pipeline/strategy.ts';

export class LibraryRetriever implements Retriever {
  constructor(private readonly library: LibrarySearch) {}

  async collections(): Promise<{ id: string; name: string }[]> {
    const stored = await this.library.store.listCollections();
    return stored.map(({ id, name }) => ({ id, name }));
  }

  /** Routing needs a query vector, which a search computes: one search of a single passage. */
  async route(query: string, topK: number, signal?: AbortSignal): Promise<string[]> {
    const { routes } = await this.library.search(query, {
      mode: 'hybrid',
      k: 1,
      routeTopK: topK,
      ...(signal ? { signal } : {}),
    });
    if (routes) return routes.map(({ collectionId }) => collectionId);
    return (await this.collections()).map(({ id }) => id);
  }

  async search(query: string, options: RetrieveOptions): Promise<Evidence[]> {
    const { passages } = await this.library.search(query, {
      mode: 'hybrid',
      k: options.k,
      ...(options.collectionIds ? { collectionIds: options.collectionIds } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return passages.map(({ chunk, score }) => ({
      id: chunk.id,
      text: chunk.text,
      collectionId: chunk.collectionId,
      path: chunk.path,
      score,
    }));
  }
}
