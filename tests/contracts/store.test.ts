import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { IdbStore } from '../../src/adapters/store/idb-store.ts';
import { MemoryStore } from '../../src/adapters/store/memory-store.ts';
import { describeStoreContract } from './store.contract.ts';

describeStoreContract('MemoryStore', async () => new MemoryStore());
describeStoreContract('IdbStore', () =>
  IdbStore.open('archivist-test', { indexedDB: new IDBFactory() }),
);
