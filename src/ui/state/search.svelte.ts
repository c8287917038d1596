import type { LibraryClient, SearchMode, SearchResultItem } from '../clients/library-client.ts';
import { toFailure, type Failure } from './failure.ts';

/**
 * How long a search runs before the form says "Searching…". A warm search answers in 10-20 ms;
 * changing the label at once made the page draw a frame for it, and the worker's reply waited
 * behind that frame (a mean 2 ms, up to 7 ms at 50k chunks: docs/BENCHMARKS.md).
 */
const SEARCHING_LABEL_DELAY_MS = 150;

/** The search box, its options and the latest results. */
export class SearchState {
  query = $state('');
  mode = $state<SearchMode>('hybrid');
  /** Collections left out of the search; new collections are searched by default. */
  excluded = $state.raw<string[]>([]);
  results = $state.raw<SearchResultItem[]>([]);
  /** The query the shown results are for; undefined before the first search. */
  searchedQuery = $state<string | undefined>();
  /** True once the latest search has run `SEARCHING_LABEL_DELAY_MS` without an answer. */
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
    const slow = setTimeout(() => {
      if (request === this.#latest) this.searching = true;
    }, SEARCHING_LABEL_DELAY_MS);
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
      clearTimeout(slow);
      if (request === this.#latest) this.searching = false;
    }
  }
}
