import type { LibraryClient } from '../clients/library-client.ts';
import { toFailure, type Failure } from './failure.ts';

/**
 * Deleting all data: the worker stops, closes its databases and deletes them with the model
 * caches; then the page's own settings go and the app reloads, empty, on its Library.
 */
export class DataResetState {
  /** The confirmation dialog is open. */
  confirming = $state(false);
  deleting = $state(false);
  failure = $state.raw<Failure | undefined>();
  readonly #client: LibraryClient;
  readonly #reload: () => void;

  constructor(client: LibraryClient, reload = () => location.replace(location.pathname)) {
    this.#client = client;
    this.#reload = reload;
  }

  async deleteAll(): Promise<void> {
    this.confirming = false;
    this.deleting = true;
    this.failure = undefined;
    try {
      await this.#client.deleteAllData();
      localStorage.clear();
      this.#reload();
    } catch (error) {
      this.failure = toFailure(error);
      this.deleting = false;
    }
  }
}
