import type { DocumentView, LibraryClient } from '../clients/library-client.ts';
import { toFailure, type Failure } from './failure.ts';

/** The document viewer: one document, opened at a passage. */
export class ViewerState {
  isOpen = $state(false);
  loading = $state(false);
  document = $state.raw<DocumentView | undefined>();
  failure = $state.raw<Failure | undefined>();
  readonly #client: LibraryClient;
  #latest = 0;

  constructor(client: LibraryClient) {
    this.#client = client;
  }

  async open(chunkId: string, query: string): Promise<void> {
    const request = ++this.#latest;
    this.isOpen = true;
    this.loading = true;
    this.document = undefined;
    this.failure = undefined;
    try {
      const document = await this.#client.openDocument(chunkId, query);
      if (request === this.#latest) this.document = document;
    } catch (error) {
      if (request === this.#latest) this.failure = toFailure(error);
    } finally {
      if (request === this.#latest) this.loading = false;
    }
  }

  close(): void {
    this.#latest += 1;
    this.isOpen = false;
    this.loading = false;
  }
}
