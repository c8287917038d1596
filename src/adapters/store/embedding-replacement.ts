import { CollectionNotFoundError } from '../../core/errors.ts';
import type { EmbeddingReplacement } from '../../core/ports/store.ts';
import type { ArchivistDatabase } from './schema.ts';
import { awaitRequests, runWrite } from './transactions.ts';
import { replaceVectorRows } from './vector-rows.ts';

/**
 * `Store.replaceEmbeddings` in IndexedDB: every vector row replaced, the collection's model and
 * dimension set, and its centroids and vector codes dropped, in one transaction.
 */
export async function replaceStoredEmbeddings(
  connection: ArchivistDatabase,
  collectionId: string,
  replacement: EmbeddingReplacement,
): Promise<void> {
  await runWrite(
    connection,
    ['collections', 'vectors', 'centroids', 'vectorCodes'],
    async (transaction) => {
      const collections = transaction.objectStore('collections');
      const vectors = transaction.objectStore('vectors');
      const [collection, rows] = await Promise.all([
        collections.get(collectionId),
        vectors.index('collectionId').getAll(collectionId),
      ]);
      if (!collection) throw new CollectionNotFoundError(collectionId);
      const replaced = replaceVectorRows(rows, collectionId, replacement);
      const { embedderId, dim } = replacement;
      await awaitRequests((track) => {
        for (const row of replaced) track(vectors.put(row));
        track(collections.put({ ...collection, embedderId, dim }));
        track(transaction.objectStore('centroids').delete(collectionId));
        track(transaction.objectStore('vectorCodes').delete(collectionId));
      });
    },
  );
}
