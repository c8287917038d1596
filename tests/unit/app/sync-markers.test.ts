import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LibraryService } from '../../../src/app/library-service.ts';
import type { SyncEvent } from '../../../src/app/library-types.ts';
import { SyncMarkers } from '../../../src/app/sync-markers.ts';
import { IdbStore } from '../../../src/adapters/store/idb-store.ts';
import { MemoryStore } from '../../../src/adapters/store/memory-store.ts';
import { emptyProgress } from '../../../src/core/ingest/progress.ts';
import { folder, openLibrary } from './library-fixtures.ts';

const MANY_FILES = Object.fromEntries(
  Array.from({ length: 6 }, (_, index) => [
    `note-${index}.md`,
    `# Note ${index}\n\nText ${index}.`,
  ]),
);

/** Starts a sync of MANY_FILES, paused from the start; resolves (with the sync) once it waits. */
async function pausedSync(library: LibraryService) {
  let paused!: () => void;
  const reachedPause = new Promise<void>((resolve) => (paused = resolve));
  const running = library.syncFolder(
    { jobId: 'job', folder: { kind: 'files', files: folder(MANY_FILES) } },
    ({ progress }: SyncEvent) => {
      if (progress.phase === 'paused') paused();
    },
  );
  library.pause('job');
  await reachedPause;
  return { running };
}

describe('SyncMarkers', () => {
  it('keeps the latest progress of a running sync and forgets it when the sync ends', async () => {
    const markers = new SyncMarkers(new MemoryStore());
    expect(await markers.read('c')).toBeUndefined();
    const marker = await markers.begin('c');
    expect(await markers.read('c')).toMatchObject({ filesDone: 0, filesTotal: 0 });
    marker.record({ ...emptyProgress(), phase: 'indexing', filesTotal: 6 });
    marker.record({ ...emptyProgress(), phase: 'indexing', filesDone: 3, filesTotal: 6 });
    await expect.poll(() => markers.read('c')).toMatchObject({ filesDone: 3, filesTotal: 6 });
    await marker.end();
    expect(await markers.read('c')).toBeUndefined();
  });
});

describe('LibraryService: interrupted syncs', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reports a sync that a reload interrupted, with how far it got, until it is resumed', async () => {
    const database = new IDBFactory();
    const before = openLibrary(database);
    const { running } = await pausedSync(before);
    expect((await before.listCollections())[0]?.interruptedSync).toBeUndefined();

    const afterReload = openLibrary(database);
    await expect
      .poll(async () => (await afterReload.listCollections())[0]?.interruptedSync)
      .toEqual({ filesDone: 0, filesTotal: 6 });

    const [collection] = await afterReload.listCollections();
    const summary = await afterReload.syncFolder(
      {
        jobId: 'resume',
        folder: { kind: 'files', files: folder(MANY_FILES) },
        collectionId: collection?.id ?? '',
      },
      () => undefined,
    );
    expect(summary).toMatchObject({ added: 6 });
    expect((await afterReload.listCollections())[0]).toMatchObject({ fileCount: 6 });
    expect((await afterReload.listCollections())[0]?.interruptedSync).toBeUndefined();
    before.cancel('job');
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('clears the marker when a sync is cancelled or finishes', async () => {
    const database = new IDBFactory();
    const library = openLibrary(database);
    const { running } = await pausedSync(library);
    library.cancel('job');
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect((await openLibrary(database).listCollections())[0]?.interruptedSync).toBeUndefined();

    await library.syncFolder(
      { jobId: 'again', folder: { kind: 'files', files: folder(MANY_FILES) } },
      () => undefined,
    );
    const [reopened] = await openLibrary(database).listCollections();
    expect(reopened).toMatchObject({ fileCount: 6 });
    expect(reopened?.interruptedSync).toBeUndefined();
  });

  it('keeps the marker of a sync that stopped on a full disk, so the collection offers Resume', async () => {
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['put']>
    ) {
      const [value] = args as [{ chunks?: { path: string }[] }];
      if (this.name === 'chunkGroups' && value.chunks?.[0]?.path === 'note-3.md') {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return put.apply(this, args);
    });
    const database = new IDBFactory();
    const library = openLibrary(database);
    const files = { kind: 'files' as const, files: folder(MANY_FILES) };
    await expect(
      library.syncFolder({ jobId: 'full', folder: files }, () => undefined),
    ).rejects.toMatchObject({
      name: 'StorageFullError',
      message: expect.stringContaining('no storage space left'),
    });
    const [stopped] = await openLibrary(database).listCollections();
    // The batch holding note 3 was rolled back whole; the batches before it, if any, stayed.
    expect(stopped).toMatchObject({ interruptedSync: { filesTotal: 6 } });
    const landed = stopped?.fileCount ?? 0;
    expect(landed).toBeLessThan(3);

    vi.restoreAllMocks(); // space was freed
    const collectionId = stopped?.id ?? '';
    const summary = await library.syncFolder(
      { jobId: 'resume', folder: files, collectionId },
      () => undefined,
    );
    expect(summary).toMatchObject({ added: 6 - landed, unchanged: landed });
    const [resumed] = await openLibrary(database).listCollections();
    expect(resumed).toMatchObject({ fileCount: 6 });
    expect(resumed?.interruptedSync).toBeUndefined();
  });

  it('forgets the marker of a deleted collection', async () => {
    const database = new IDBFactory();
    const before = openLibrary(database);
    const { running } = await pausedSync(before);
    const afterReload = openLibrary(database);
    const [collection] = await afterReload.listCollections();
    const markers = new SyncMarkers(await IdbStore.open('library-test', { indexedDB: database }));
    expect(await markers.read(collection?.id ?? '')).toBeDefined();
    await afterReload.deleteCollection(collection?.id ?? '');
    expect(await markers.read(collection?.id ?? '')).toBeUndefined();
    before.cancel('job');
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
  });
});
