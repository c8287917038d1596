import type {
  ContentsPage,
  ContentsStatus,
  FileSummary,
  LibraryClient,
} from '../clients/library-client.ts';
import { toFailure, type Failure } from './failure.ts';

/** Files shown per page of the contents list. */
export const CONTENTS_PAGE_SIZE = 50;

/**
 * One collection's contents as the Library shows them: its files a page at a time, filtered by a
 * text in the path, a status and a type. The worker filters and pages, so a collection of tens of
 * thousands of files sends only the page shown.
 */
export class ContentsState {
  /** The collection shown; undefined while the contents are closed. */
  collectionId = $state<string | undefined>();
  collectionName = $state('');
  path = $state('');
  status = $state<ContentsStatus>('all');
  /** The extension kept; undefined for every type. */
  type = $state<string | undefined>();
  page = $state.raw<ContentsPage | undefined>();
  loading = $state(false);
  failure = $state.raw<Failure | undefined>();
  readonly #client: LibraryClient;
  /** Only the latest request may show its page. */
  #latest = 0;

  constructor(client: LibraryClient) {
    this.#client = client;
  }

  /** The files of the page shown that can open in the viewer (those with an indexed passage). */
  get openable(): FileSummary[] {
    return this.page?.files.filter((file) => file.firstChunkId !== undefined) ?? [];
  }

  /** Shows a collection's contents from its first file, with no filter. */
  async show(collectionId: string, collectionName: string): Promise<void> {
    this.collectionId = collectionId;
    this.collectionName = collectionName;
    this.path = '';
    this.status = 'all';
    this.type = undefined;
    this.page = undefined;
    await this.#load(0);
  }

  close(): void {
    this.#latest += 1;
    this.collectionId = undefined;
    this.page = undefined;
    this.loading = false;
    this.failure = undefined;
  }

  /** Loads the first page again for the filters as they are now. */
  async filter(): Promise<void> {
    await this.#load(0);
  }

  /** Moves a page back (-1) or on (1); nothing past either end. */
  async turn(step: -1 | 1): Promise<void> {
    const page = this.page;
    if (!page) return;
    const offset = page.offset + step * CONTENTS_PAGE_SIZE;
    if (offset < 0 || offset >= page.matching) return;
    await this.#load(offset);
  }

  /** Loads the first page again (the collection changed); closes when the collection is gone. */
  async reload(collectionIds: readonly string[]): Promise<void> {
    if (this.collectionId === undefined) return;
    if (!collectionIds.includes(this.collectionId)) return this.close();
    await this.#load(0);
  }

  async #load(offset: number): Promise<void> {
    const collectionId = this.collectionId;
    if (collectionId === undefined) return;
    const request = ++this.#latest;
    this.loading = true;
    this.failure = undefined;
    try {
      const page = await this.#client.listContents({
        collectionId,
        path: this.path,
        status: this.status,
        ...(this.type === undefined ? {} : { type: this.type }),
        offset,
        limit: CONTENTS_PAGE_SIZE,
      });
      if (request === this.#latest) this.page = page;
    } catch (error) {
      if (request === this.#latest) this.failure = toFailure(error);
    } finally {
      if (request === this.#latest) this.loading = false;
    }
  }
}
