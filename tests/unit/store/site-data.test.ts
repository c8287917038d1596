import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { IdbConversationStore } from '../../../src/adapters/store/idb-conversation-store.ts';
import { IdbStore } from '../../../src/adapters/store/idb-store.ts';
import { eraseSiteData, StorageInUseError } from '../../../src/adapters/store/site-data.ts';
import { makeConversation } from '../../contracts/conversation-store.contract.ts';
import { makeCollection } from '../../contracts/store-fixtures.ts';

/** Cache Storage with named caches, keeping only their names. */
function fakeCaches(initial: string[]) {
  let names = [...initial];
  const caches = {
    keys: async () => [...names],
    delete: async (name: string) => {
      const had = names.includes(name);
      names = names.filter((kept) => kept !== name);
      return had;
    },
  } as unknown as CacheStorage;
  return { caches, names: () => names };
}

function fakeDirectory(names: string[]) {
  const entries = new Set(names);
  return {
    entries,
    async *keys() {
      yield* [...entries];
    },
    async removeEntry(name: string) {
      entries.delete(name);
    },
  };
}

async function databaseNames(factory: IDBFactory): Promise<string[]> {
  return (await factory.databases()).flatMap(({ name }) => (name ? [name] : [])).sort();
}

describe('eraseSiteData', () => {
  it('deletes every database, the model caches and the private files, keeping the app’s precache', async () => {
    const factory = new IDBFactory();
    const library = await IdbStore.open('archivist', { indexedDB: factory });
    await library.putCollection(makeCollection('a'));
    const conversations = new IdbConversationStore({ indexedDB: factory });
    await conversations.put(makeConversation('c'));
    const other = factory.open('webllm/model');
    await new Promise((resolve) => (other.onsuccess = resolve));
    other.result.close();
    library.close();
    await conversations.close();
    const { caches, names } = fakeCaches([
      'transformers-cache',
      'webllm/model',
      'workbox-precache-v2-x',
    ]);
    const directory = fakeDirectory(['model.bin', 'folder']);

    await eraseSiteData({ indexedDB: factory, caches, privateRoot: async () => directory });

    expect(await databaseNames(factory)).toEqual([]);
    expect(names()).toEqual(['workbox-precache-v2-x']);
    expect([...directory.entries]).toEqual([]);
    const reopened = await IdbStore.open('archivist', { indexedDB: factory });
    expect(await reopened.listCollections()).toEqual([]);
    expect(await new IdbConversationStore({ indexedDB: factory }).list()).toEqual([]);
  });

  it('says to close the other tabs when a connection it cannot close blocks the deletion', async () => {
    const factory = new IDBFactory();
    const held = factory.open('archivist');
    await new Promise((resolve) => (held.onsuccess = resolve));
    held.result.onversionchange = () => undefined; // another tab that does not let go
    await expect(eraseSiteData({ indexedDB: factory }, 50)).rejects.toBeInstanceOf(
      StorageInUseError,
    );
    held.result.close();
  });
});
