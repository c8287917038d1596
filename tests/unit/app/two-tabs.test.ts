import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { CollectionChanges } from '../../../src/app/collection-changes.ts';
import type { LibraryService } from '../../../src/app/library-service.ts';
import type { SyncEvent } from '../../../src/app/library-types.ts';
import { IdbStore } from '../../../src/adapters/store/idb-store.ts';
import { defaultParsers } from '../../../src/core/ingest/default-parsers.ts';
import { ParserRegistry } from '../../../src/core/ingest/parser-registry.ts';
import { FakeLocks } from './fake-locks.ts';
import { folder, openLibrary } from './library-fixtures.ts';

const NOTES = Object.fromEntries(
  Array.from({ length: 8 }, (_, index) => [
    `note-${index}.md`,
    `# Note ${index}\n\nThe keeper logged tide ${index}.\n\nThe wind turned at dawn ${index}.`,
  ]),
);

/** What a BroadcastChannel does between tabs: each tab hears the others' announcements. */
function changesBus() {
  const listeners = new Map<string, ((collectionId: string) => void)[]>();
  return (tab: string): CollectionChanges => ({
    announce: (collectionId) => {
      for (const [other, heard] of listeners) {
        if (other !== tab) heard.forEach((listener) => listener(collectionId));
      }
    },
    listen: (onChange) => listeners.set(tab, [...(listeners.get(tab) ?? []), onChange]),
  });
}

/** Two tabs of the same origin: one database, one lock manager, one broadcast channel. */
function twoTabs() {
  const database = new IDBFactory();
  const locks = new FakeLocks();
  const bus = changesBus();
  const open = (tab: string): LibraryService =>
    openLibrary(database, new ParserRegistry(defaultParsers), {
      locks: locks.as(tab),
      changes: bus(tab),
    });
  return { database, locks, a: open('a'), b: open('b') };
}

function sync(
  library: LibraryService,
  jobId: string,
  onEvent: (event: SyncEvent) => void = () => undefined,
) {
  return library.syncFolder({ jobId, folder: { kind: 'files', files: folder(NOTES) } }, onEvent);
}

describe('two tabs on one library', () => {
  it('runs a sync asked for in both at once one after the other: one collection, no chunk twice', async () => {
    const { database, a, b } = twoTabs();
    const [first, second] = await Promise.all([sync(a, 'in a'), sync(b, 'in b')]);
    expect(first).toMatchObject({ added: 8 });
    expect(second).toMatchObject({ added: 0, unchanged: 8 });
    const store = await IdbStore.open('library-test', { indexedDB: database });
    const collections = await store.listCollections();
    expect(collections).toHaveLength(1);
    const chunks = await store.listChunks(collections[0]!.id);
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(chunks.length);
    expect(collections[0]).toMatchObject({ fileCount: 8, chunkCount: chunks.length });
  });

  it('does not call a sync running in the other tab interrupted, until that tab is gone', async () => {
    const { locks, a, b } = twoTabs();
    let paused!: () => void;
    const reachedPause = new Promise<void>((resolve) => (paused = resolve));
    const running = sync(a, 'job', ({ progress }) => {
      if (progress.phase === 'paused') paused();
    });
    a.pause('job');
    await reachedPause;
    expect((await b.listCollections())[0]?.interruptedSync).toBeUndefined();
    locks.releaseAll('a'); // tab a was closed
    expect((await b.listCollections())[0]?.interruptedSync).toEqual({
      filesDone: 0,
      filesTotal: 8,
    });
    a.cancel('job'); // what was left of tab a
    await running.catch(() => undefined);
  });

  it('finds in one tab what a sync in the other added after its first search', async () => {
    const { a, b } = twoTabs();
    await sync(a, 'first');
    expect(await b.search({ query: 'tide 3', mode: 'bm25' })).not.toEqual([]);
    const more = { ...NOTES, 'storm.md': '# Storm\n\nA squall flattened the heron colony.' };
    await a.syncFolder(
      { jobId: 'second', folder: { kind: 'files', files: folder(more, 2000) } },
      () => undefined,
    );
    const [hit] = await b.search({ query: 'heron colony squall', mode: 'bm25' });
    expect(hit?.path).toBe('storm.md');
  });
});
