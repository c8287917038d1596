import { NodeFolderSource } from '../../src/adapters/source/node-folder-source.ts';
import { newCollection } from '../../src/core/collection.ts';
import { runIngest } from '../../src/core/ingest/ingest-job.ts';
import type { Embedder } from '../../src/core/ports/embedder.ts';
import type { Store } from '../../src/core/ports/store.ts';
import type { CollectionIndex } from '../../src/core/retrieval/collection-index.ts';
import type { Collection } from '../../src/core/types.ts';
import { createNodeParsers } from '../../scripts/node-parsers.ts';

/** tests/fixtures/library: the folder most integration tests ingest. */
export const FIXTURE_LIBRARY = new URL('../fixtures/library', import.meta.url).pathname;

/**
 * Ingests `folder` (the fixture library by default) into `store` as collection `id`; with
 * `openIndex`, into the live index it opens once the collection is stored, as the app's syncs do.
 */
export async function ingestFixtureCollection(
  store: Store,
  id: string,
  embedder: Embedder,
  folder = FIXTURE_LIBRARY,
  openIndex?: () => Promise<CollectionIndex>,
): Promise<Collection> {
  const collection = newCollection(id, id, embedder, 0);
  await store.putCollection(collection);
  await runIngest({
    collection,
    source: new NodeFolderSource(folder),
    store,
    embedder,
    parsers: createNodeParsers(),
    ...(openIndex ? { index: await openIndex() } : {}),
  });
  return collection;
}
