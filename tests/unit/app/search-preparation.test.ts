import { describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import type { EmbedderRegistry } from '../../../src/app/embedder-registry.ts';
import { BUILT_IN_MODEL_ID } from '../../../src/catalogues/embedding-models.ts';
import { defaultParsers } from '../../../src/core/ingest/default-parsers.ts';
import { ParserRegistry } from '../../../src/core/ingest/parser-registry.ts';
import { FILES, folder, openLibrary, wordHashEmbedder } from './library-fixtures.ts';

/** A registry whose default model is `modelId`, recording every model it is asked to load. */
function recordingEmbedders(modelId: string): EmbedderRegistry & { loads: string[] } {
  const embedder = wordHashEmbedder(modelId, 32);
  const loads: string[] = [];
  return {
    defaultModelId: modelId,
    loads,
    async load(requested) {
      loads.push(requested);
      return embedder;
    },
  };
}

/**
 * A folder synced with `modelId`, then the library opened again (a reload) and prepared: the
 * models loaded by the preparation, before a search that finds the passage.
 */
async function preparedAfterReload(modelId: string): Promise<string[]> {
  const factory = new IDBFactory();
  const parsers = new ParserRegistry(defaultParsers);
  const first = openLibrary(factory, parsers, { embedders: recordingEmbedders(modelId) });
  await first.syncFolder(
    { jobId: 'job', folder: { kind: 'files', files: folder(FILES) } },
    () => undefined,
  );
  const embedders = recordingEmbedders(modelId);
  const reloaded = openLibrary(factory, parsers, { embedders });
  await reloaded.prepareSearch();
  const prepared = [...embedders.loads];
  const [top] = await reloaded.search({ query: 'snails basil', mode: 'hybrid' });
  expect(top?.path).toBe('notes/garden.md');
  return prepared;
}

describe('preparing search after a reload', () => {
  it('loads the built-in embedder with the indexes, before the first search asks', async () => {
    expect(await preparedAfterReload(BUILT_IN_MODEL_ID)).toEqual([BUILT_IN_MODEL_ID]);
  });

  it('leaves a downloaded model to the first search that needs it', async () => {
    expect(await preparedAfterReload('test/word-hash')).toEqual([]);
  });
});
