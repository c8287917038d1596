import type { LibraryClient, SearchMode, SearchResultItem } from '../clients/library-client.ts';
import { toFailure, type Failure } from './failure.ts';

/** The search box, its options and the latest results. */
export class SearchState {
  query = $state('');
  mode = $state<SearchMode>('hybrid');
  /** Collections left out of the search; new collections are searched by default. */
  excluded = $state.raw<string[]>([]);
  results = $state.raw<SearchResultItem[]>([]);
  /** The query the shown results are for; undefined before the first search. */
  searchedQuery = $state<string | undefined>();
  searching = $state(false);
  elapsedMs = $state(0);
  failure = $state.raw<Failure | undefined>();
  readonly #client: LibraryClient;
  /** Only the latest search may show its results. */
  #latest = 0;

  constructor(client: LibraryClient) {
    this.#client = client;
  }

  setIncluded(collectionId: string, included: boolean): void {
    const others = this.excluded.filter((id) => id !== collectionId);
    this.excluded = included ? others : [...others, collectionId];
  }

  async run(collectionIds: readonly string[]): Promise<void> {
    const query = this.query.trim();
    if (query.length === 0) return;
    const request = ++this.#latest;
    const excluded = this.excluded.filter((id) => collectionIds.includes(id));
    const started = performance.now();
    this.searching = true;
    this.failure = undefined;
    try {
      const results = await this.#client.search({
        query,
        mode: this.mode,
        ...(excluded.length > 0
          ? { collectionIds: collectionIds.filter((id) => !excluded.includes(id)) }
          : {}),
      });
      if (request !== this.#latest) return;
      this.results = results;
      this.searchedQuery = query;
      this.elapsedMs = performance.now() - started;
    } catch (error) {
      if (request === this.#latest) this.failure = toFailure(error);
    } finally {
      if (request === this.#latest) this.searching = false;
    }
  }
}
