/**
 * The re-sync of `bench scale`: one file added to the folder of a collection that is loaded, as
 * a user adds a note to a big folder and syncs it again. Times the sync and how long it held the
 * thread at most (what the worker's other calls, a search, would wait), before its finishing
 * phase and during it (the keyword merge, the stored codes, the knowledge boundary).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NodeFolderSource } from '../../src/adapters/source/node-folder-source.ts';
import { runIngest } from '../../src/core/ingest/ingest-job.ts';
import type { IngestProgress } from '../../src/core/ingest/progress.ts';
import type { Embedder } from '../../src/core/ports/embedder.ts';
import type { Store } from '../../src/core/ports/store.ts';
import type { CollectionIndex } from '../../src/core/retrieval/collection-index.ts';
import type { LibrarySearch } from '../../src/core/retrieval/library-search.ts';
import type { Collection } from '../../src/core/types.ts';
import { createNodeParsers } from '../node-parsers.ts';
import { timed } from './timing.ts';

/** How often the probe looks at the clock: a tick later than this is time the thread was held. */
const PROBE_MS = 10;

export async function measureResync(
  store: Store,
  embedder: Embedder,
  collection: Collection,
  folder: string,
  search: LibrarySearch,
) {
  await writeFile(
    join(folder, 'added-after-the-sync.md'),
    '# A note added later\n\nThe lake froze early this winter; the station noted it in passing.',
  );
  const index = await search.open(collection.id);
  const held = { beforeFinishing: 0, finishing: 0 };
  let phase: keyof typeof held = 'beforeFinishing';
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    held[phase] = Math.max(held[phase], now - last - PROBE_MS);
    last = now;
  }, PROBE_MS);
  try {
    const run = await timed(() =>
      syncFolder({ store, embedder, collection, folder }, index, (progress) => {
        if (progress.phase === 'finishing') phase = 'finishing';
      }),
    );
    if (run.value.filesDone !== 1 || run.value.filesFailed + run.value.filesSkipped > 0) {
      throw new Error('The re-sync did not index exactly the one new file.');
    }
    return {
      resyncMs: Math.round(run.ms),
      resyncHeldBeforeFinishingMs: Math.round(held.beforeFinishing),
      resyncHeldFinishingMs: Math.round(held.finishing),
    };
  } finally {
    clearInterval(probe);
  }
}

/** Syncs `folder` into `collection` with the real Node pipeline and the live `index`. */
export function syncFolder(
  target: { store: Store; embedder: Embedder; collection: Collection; folder: string },
  index: CollectionIndex,
  onProgress?: (progress: IngestProgress) => void,
): Promise<IngestProgress> {
  return runIngest({
    collection: target.collection,
    source: new NodeFolderSource(target.folder),
    store: target.store,
    embedder: target.embedder,
    parsers: createNodeParsers(),
    index,
    ...(onProgress ? { onProgress } : {}),
  });
}
