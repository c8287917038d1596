/**
 * The pipeline's `Retriever` over the library: hybrid search (BM25 + dense, fused), optionally
 * with a second hop through bridge entities (`bridgeSearch`), and knowledge-boundary routing over
 * the collections' stored centroids, optionally within a chosen set of collections (the scope).
 */
import { hybridPassageSearch } from '../core/retrieval/bridge-library.ts';
import { bridgeSearch } from '../core/retrieval/bridge-search.ts';
import type { LibrarySearch, PassageResult } from '../core/retrieval/library-search.ts';
import type { Evidence, Retriever, RetrieveOptions } from '../core/ports/retriever.ts';

export class LibraryRetriever implements Retriever {
  /** `scope`: only these collections are listed, routed to and searched; all when absent. */
  constructor(
    private readonly library: LibrarySearch,
    private readonly scope?: readonly string[],
  ) {}

  async collections(): Promise<{ id: string; name: string }[]> {
    const stored = await this.library.collections();
    return stored.filter(({ id }) => this.#inScope(id)).map(({ id, name }) => ({ id, name }));
  }

  /** Routing needs a query vector, which a search computes: one search of a single passage. */
  async route(query: string, topK: number, signal?: AbortSignal): Promise<string[]> {
    const { routes } = await this.library.search(query, {
      mode: 'hybrid',
      k: 1,
      routeTopK: topK,
      ...(this.scope ? { collectionIds: this.scope } : {}),
      ...(signal ? { signal } : {}),
    });
    if (routes) return routes.map(({ collectionId }) => collectionId);
    return (await this.collections()).map(({ id }) => id);
  }

  async search(query: string, options: RetrieveOptions): Promise<Evidence[]> {
    const collectionIds = (options.collectionIds ?? this.scope)?.filter((id) => this.#inScope(id));
    const search = hybridPassageSearch(this.library, collectionIds);
    const passages: PassageResult[] = options.bridge
      ? await bridgeSearch(search, query, {
          k: options.k,
          ...(options.signal ? { signal: options.signal } : {}),
        })
      : await search(query, options.k, options.signal);
    return passages.map(({ chunk, score }) => ({
      id: chunk.id,
      text: chunk.text,
      collectionId: chunk.collectionId,
      path: chunk.path,
      score,
    }));
  }

  #inScope(collectionId: string): boolean {
    return this.scope?.includes(collectionId) ?? true;
  }
}
