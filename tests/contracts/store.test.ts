import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { IdbStore } from '../../src/adapters/store/idb-store.ts';
import { MemoryStore } from '../../src/adapters/store/memory-store.ts';
import { describeBatchWritesContract } from './store-batches.contract.ts';
import { describeEmbeddingReplacementContract } from './store-embeddings.contract.ts';
import { describeKeywordsContract } from './store-keywords.contract.ts';
import { describeOriginalsContract } from './store-originals.contract.ts';
import { describeStoreContract } from './store.contract.ts';
import { describeVectorCodesContract } from './store-vector-codes.contract.ts';

const openIdbStore = () => IdbStore.open('archivist-test', { indexedDB: new IDBFactory() });

describeStoreContract('MemoryStore', async () => new MemoryStore());
describeStoreContract('IdbStore', openIdbStore);
describeEmbeddingReplacementContract('MemoryStore', async () => new MemoryStore());
describeEmbeddingReplacementContract('IdbStore', openIdbStore);
describeOriginalsContract('MemoryStore', async () => new MemoryStore());
describeOriginalsContract('IdbStore', openIdbStore);
describeKeywordsContract('MemoryStore', async () => new MemoryStore());
describeKeywordsContract('IdbStore', openIdbStore);
describeBatchWritesContract('MemoryStore', async () => new MemoryStore());
describeBatchWritesContract('IdbStore', openIdbStore);
describeVectorCodesContract('MemoryStore', async () => new MemoryStore());
describeVectorCodesContract('IdbStore', openIdbStore);
