import type { LibraryClient, StorageUsage } from '../clients/library-client.ts';
import { isStoragePersisted, requestPersistentStorage } from '../clients/storage-client.ts';

/** How much this origin stores, of how much, and whether the browser may evict it. */
export class StorageState {
  usage = $state.raw<StorageUsage | undefined>();
  persisted = $state(false);
  /** The browser refused the last request to keep the data. */
  refused = $state(false);
  readonly #client: LibraryClient;

  constructor(client: LibraryClient) {
    this.#client = client;
  }

  async refresh(): Promise<void> {
    const [usage, persisted] = await Promise.all([
      this.#client.storageEstimate(),
      isStoragePersisted(),
    ]);
    this.usage = usage;
    this.persisted = persisted;
  }

  async requestPersistence(): Promise<void> {
    this.persisted = await requestPersistentStorage();
    this.refused = !this.persisted;
  }
}
