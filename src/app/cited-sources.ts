/**
 * The sources an answer cites, as a conversation keeps them: each citation with its file's path,
 * page and collection name looked up once when the answer is written, so an exported or reopened
 * conversation still says where each `[n]` came from.
 */
import type { TurnCitation } from '../core/conversation/conversation.ts';
import type { Citation } from '../core/answer/strategy-answer.ts';
import type { Store } from '../core/ports/store.ts';

export async function describeCitations(
  store: Pick<Store, 'getChunks' | 'listCollections'>,
  citations: readonly Citation[],
): Promise<TurnCitation[]> {
  if (citations.length === 0) return [];
  const [chunks, collections] = await Promise.all([
    store.getChunks(citations.map(({ chunkId }) => chunkId)),
    store.listCollections(),
  ]);
  const names = new Map(collections.map(({ id, name }) => [id, name]));
  return citations.map(({ number, chunkId, quote }, index) => {
    const chunk = chunks[index];
    return {
      number,
      chunkId,
      path: chunk?.path ?? '',
      collectionName: (chunk && names.get(chunk.collectionId)) ?? '',
      ...(chunk?.page === undefined ? {} : { page: chunk.page }),
      ...(quote === undefined ? {} : { quote }),
    };
  });
}
