import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { IdbConversationStore } from '../../src/adapters/store/idb-conversation-store.ts';
import { MemoryConversationStore } from '../../src/adapters/store/memory-conversation-store.ts';
import { describeConversationStoreContract } from './conversation-store.contract.ts';

describeConversationStoreContract(
  'MemoryConversationStore',
  async () => new MemoryConversationStore(),
);
describeConversationStoreContract(
  'IdbConversationStore',
  async () => new IdbConversationStore({ indexedDB: new IDBFactory() }),
);
