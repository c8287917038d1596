import type {
  KeywordBase,
  KeywordSegment,
  KeywordVocabulary,
  LexicalIndex,
  TermLists,
} from '../ports/lexical-index.ts';
import type { SearchHit } from '../types.ts';
import { Bm25Index } from './bm25.ts';
import { KeywordIndexDamagedError } from './keyword-segment-format.ts';
import { LargeFrequencies } from './packed-pairs.ts';
import { PendingLists, type StoredLists } from './pending-lists.ts';
import { PostingLists } from './postings.ts';
import { analyze } from './text-analysis.ts';

/**
 * How long searches must have stopped asking for lists before a long read of the rest behind goes
 * on (`StoredLists.complete`): its reads, on the same disk and threads, had made searches typed
 * one after another take 150-460 ms each at 500,000 chunks, and the first search too waited on
 * them (docs/BENCHMARKS.md, "In the browser").
 */
export const SEARCH_PAUSE_MS = 500;

/**
 * A collection's keyword index loaded from its vocabulary first (decision 0031): it searches as
 * soon as the lists of a query's terms are read (`loadTerms`, a read each); after its first
 * search all the lists come in behind (`StoredLists.complete`; a long read a step at a time
 * whenever searching has paused for `SEARCH_PAUSE_MS`), and should the stored base turn out
 * damaged, the base built anew takes its place. It changes only once every list is in
 * (`prepareChanges` reads them, with no pause). Same scores as `Bm25Index.fromBase` of the whole
 * base.
 */
export class ListsOnDemandIndex implements LexicalIndex {
  #index: Bm25Index;
  readonly #postings: PostingLists;
  readonly #lists: StoredLists;
  readonly #byTerm: TermLists;
  #pending: PendingLists | undefined;
  /** The rest of the lists, read once asked for (`#completion`). */
  #complete: Promise<void> | undefined;
  /** When a search last asked for lists (`Date.now()`); the lists read behind wait for a pause. */
  #searchedAt = 0;
  /** Something waits for every list (a change, a damaged list): the read goes on without pauses. */
  #awaited = false;
  /** Ends the pause the read behind is waiting out, if any. */
  #endPause: (() => void) | undefined;

  constructor(vocabulary: KeywordVocabulary, lists: StoredLists) {
    this.#lists = lists;
    this.#byTerm = { holders: vocabulary.holders, pairs: new Uint32Array(0) };
    this.#postings = PostingLists.pending(vocabulary.terms, vocabulary.holders);
    const large = new LargeFrequencies();
    const base: KeywordBase = { ...vocabulary, byTerm: this.#byTerm };
    this.#index = Bm25Index.fromBase(
      base,
      {},
      { postings: this.#postings, largeFrequencies: large },
    );
    this.#pending = new PendingLists(vocabulary, lists, this.#postings, large);
  }

  get size(): number {
    return this.#index.size;
  }

  /**
   * Reads the lists of `terms` not in memory yet; then, once, starts reading all the others
   * behind (not sooner: on a reload that read would share the disk with the vectors' own).
   */
  async loadTerms(terms: Iterable<string>): Promise<void> {
    const pending = this.#pending;
    if (!pending) return;
    this.#searchedAt = Date.now();
    const termIds: number[] = [];
    for (const term of terms) {
      const termId = this.#postings.find(term);
      if (termId !== undefined) termIds.push(termId);
    }
    try {
      await pending.load(termIds);
    } catch (error) {
      if (!(error instanceof KeywordIndexDamagedError)) throw error;
      await this.#awaitedCompletion(); // a damaged list: the whole base is checked, or built anew
    }
    // A failure (the store's, while building anew) is met by the next change.
    this.#completion().catch(() => undefined);
  }

  search(query: string, k: number): SearchHit[] {
    this.#requireTerms(analyze(query));
    return this.#index.search(query, k);
  }

  searchTerms(terms: ReadonlyMap<string, number>, k: number): SearchHit[] {
    this.#requireTerms(terms.keys());
    return this.#index.searchTerms(terms, k);
  }

  expandQuery(query: string, feedback: KeywordSegment): ReadonlyMap<string, number> {
    return this.#index.expandQuery(query, feedback);
  }

  async prepareChanges(giveWay: () => Promise<void>): Promise<void> {
    await this.#awaitedCompletion();
    await this.#index.prepareChanges(giveWay);
  }

  add(documents: readonly { id: string; text: string }[]): void {
    this.#requireLists();
    this.#index.add(documents);
  }

  addSegment(segment: KeywordSegment): void {
    this.#requireLists();
    this.#index.addSegment(segment);
  }

  remove(ids: readonly string[]): void {
    this.#requireLists();
    this.#index.remove(ids);
  }

  toBase(): KeywordBase {
    this.#requireLists();
    return this.#index.toBase();
  }

  compact(): void {
    this.#index.compact();
  }

  /** `#completion`, waited for now: no more pauses for searches. */
  #awaitedCompletion(): Promise<void> {
    this.#awaited = true;
    this.#endPause?.();
    return this.#completion();
  }

  /** Every list in memory: read whole and put in, or the base built anew in place. */
  #completion(): Promise<void> {
    this.#complete ??= this.#lists
      .complete(() => this.#searchPause())
      .then((whole) => {
        const pending = this.#pending;
        this.#pending = undefined;
        if ('rebuilt' in whole) {
          this.#index = Bm25Index.fromBase(whole.rebuilt);
          return;
        }
        this.#byTerm.pairs = whole.pairs; // the held base is whole: `toBase` and changes read it
        pending?.installAll(whole.pairs);
      });
    return this.#complete;
  }

  /** Resolves once no search has asked for lists for `SEARCH_PAUSE_MS`, or something waits. */
  async #searchPause(): Promise<void> {
    for (;;) {
      const wait = this.#searchedAt + SEARCH_PAUSE_MS - Date.now();
      if (this.#awaited || wait <= 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        this.#endPause = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#endPause = undefined;
    }
  }

  /** A search of a term whose list is not in memory would miss it: `loadTerms` first. */
  #requireTerms(terms: Iterable<string>): void {
    const pending = this.#pending;
    if (!pending) return;
    for (const term of terms) {
      const termId = this.#postings.find(term);
      if (termId !== undefined && !pending.has(termId)) {
        throw new Error(`The keyword list of "${term}" is not loaded: call loadTerms first.`);
      }
    }
  }

  /** A change needs every list: not before they are all in (`prepareChanges`). */
  #requireLists(): void {
    if (this.#pending)
      throw new Error('The keyword lists are still loading: prepareChanges first.');
  }
}
