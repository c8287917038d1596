import { describe, expect, it } from 'vitest';
import type { ModelChangeEvent } from '../../../src/app/library-types.ts';
import { FILES, folder, openLibrary, UNREACHABLE_MODEL } from './library-fixtures.ts';

async function syncedLibrary() {
  const library = openLibrary();
  await library.syncFolder(
    { jobId: 'sync', folder: { kind: 'files', files: folder(FILES) } },
    () => undefined,
  );
  const [collection] = await library.listCollections();
  return { library, collectionId: collection?.id ?? '' };
}

describe('LibraryService: embedding models', () => {
  it('creates a collection with the default model, or with the model asked for', async () => {
    const library = openLibrary();
    await library.syncFolder(
      { jobId: 'one', folder: { kind: 'files', files: folder(FILES, 1000, 'one') } },
      () => undefined,
    );
    await library.syncFolder(
      {
        jobId: 'two',
        folder: { kind: 'files', files: folder(FILES, 1000, 'two') },
        modelId: 'test/word-hash-16',
      },
      () => undefined,
    );
    const collections = await library.listCollections();
    expect(collections.map(({ name, embedderId, dim }) => [name, embedderId, dim])).toEqual([
      ['one', 'test/word-hash', 32],
      ['two', 'test/word-hash-16', 16],
    ]);
    const paths = (await library.search({ query: 'snails basil', mode: 'dense' })).map(
      (result) => `${result.collectionName}/${result.path}`,
    );
    expect(paths.slice(0, 2).sort()).toEqual(['one/notes/garden.md', 'two/notes/garden.md']);
  });

  it('creates no collection when the model asked for cannot be downloaded', async () => {
    const library = openLibrary();
    const sync = library.syncFolder(
      { jobId: 'job', folder: { kind: 'files', files: folder(FILES) }, modelId: UNREACHABLE_MODEL },
      () => undefined,
    );
    await expect(sync).rejects.toMatchObject({ name: 'EmbedderLoadError' });
    expect(await library.listCollections()).toEqual([]);
  });

  it('re-embeds a collection with another model, reporting progress, and keeps it searchable', async () => {
    const { library, collectionId } = await syncedLibrary();
    const events: ModelChangeEvent[] = [];
    const summary = await library.changeEmbeddingModel(
      { jobId: 'change', collectionId, modelId: 'test/word-hash-16' },
      (event) => events.push(event),
    );
    expect(summary).toMatchObject({ collectionId, modelId: 'test/word-hash-16', chunks: 3 });
    expect(events[0]?.download).toEqual({ loadedBytes: 10, totalBytes: 10 });
    expect(events.at(-1)?.progress).toMatchObject({ phase: 'done', chunksDone: 3, chunksTotal: 3 });
    const [collection] = await library.listCollections();
    expect(collection).toMatchObject({ embedderId: 'test/word-hash-16', dim: 16, chunkCount: 3 });
    for (const mode of ['dense', 'hybrid'] as const) {
      const [top] = await library.search({ query: 'snails basil', mode });
      expect(top?.path).toBe('notes/garden.md');
    }
    const changed = { ...FILES, 'recipes.txt': 'Rye bread is darker than wheat bread.' };
    const resync = await library.syncFolder(
      {
        jobId: 'resync',
        folder: { kind: 'files', files: folder(changed, 2000) },
        collectionId,
      },
      () => undefined,
    );
    expect(resync).toMatchObject({ updated: 1, failed: 0 });
    const [rye] = await library.search({ query: 'rye wheat', mode: 'dense' });
    expect(rye?.path).toBe('recipes.txt');
  });

  it('leaves the collection on its old model when the new one cannot be downloaded', async () => {
    const { library, collectionId } = await syncedLibrary();
    const change = library.changeEmbeddingModel(
      { jobId: 'change', collectionId, modelId: UNREACHABLE_MODEL },
      () => undefined,
    );
    await expect(change).rejects.toMatchObject({
      name: 'EmbedderLoadError',
      message: expect.stringContaining('offline'),
    });
    const [collection] = await library.listCollections();
    expect(collection).toMatchObject({ embedderId: 'test/word-hash', dim: 32 });
    const [top] = await library.search({ query: 'snails basil', mode: 'dense' });
    expect(top?.path).toBe('notes/garden.md');
  });

  it('cancels a model change like a sync, leaving the old model', async () => {
    const { library, collectionId } = await syncedLibrary();
    const change = library.changeEmbeddingModel(
      { jobId: 'change', collectionId, modelId: 'test/word-hash-16' },
      () => undefined,
    );
    library.cancel('change');
    await expect(change).rejects.toMatchObject({ name: 'AbortError' });
    const [collection] = await library.listCollections();
    expect(collection).toMatchObject({ embedderId: 'test/word-hash', dim: 32 });
  });

  it('stores the model host, refusing what is not a web address', async () => {
    const library = openLibrary();
    expect(await library.modelHost()).toBeUndefined();
    await library.setModelHost(' https://models.example.org/ ');
    expect(await library.modelHost()).toBe('https://models.example.org/');
    await expect(library.setModelHost('models.example.org')).rejects.toMatchObject({
      name: 'InvalidModelHostError',
    });
    await library.setModelHost('');
    expect(await library.modelHost()).toBeUndefined();
  });
});
