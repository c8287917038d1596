import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { LevelStore } from '../../src/adapters/store/level-store.ts';
import { describeBatchWritesContract } from './store-batches.contract.ts';
import { describeEmbeddingReplacementContract } from './store-embeddings.contract.ts';
import { describeKeywordsContract } from './store-keywords.contract.ts';
import { describeOriginalsContract } from './store-originals.contract.ts';
import { describeStoreContract } from './store.contract.ts';
import { describeVectorCodesContract } from './store-vector-codes.contract.ts';

/** The stores opened by the running test, each in a folder of its own, closed and removed after. */
const opened: { store: LevelStore; directory: string }[] = [];

async function openLevelStore(): Promise<LevelStore> {
  const directory = await mkdtemp(join(tmpdir(), 'archivist-level-'));
  const store = await LevelStore.open(directory);
  opened.push({ store, directory });
  return store;
}

afterEach(async () => {
  for (const { store, directory } of opened.splice(0)) {
    await store.close();
    await rm(directory, { recursive: true, force: true });
  }
});

describeStoreContract('LevelStore', openLevelStore);
describeEmbeddingReplacementContract('LevelStore', openLevelStore);
describeOriginalsContract('LevelStore', openLevelStore);
describeKeywordsContract('LevelStore', openLevelStore);
describeBatchWritesContract('LevelStore', openLevelStore);
describeVectorCodesContract('LevelStore', openLevelStore);
