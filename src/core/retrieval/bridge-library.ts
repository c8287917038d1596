/**
 * The library's hybrid search as the search callback of `bridgeSearch`: each result keeps its
 * chunk, with the file, text and document title (the chunk's outermost heading) the bridge reads.
 */
import type { PassageSearch, RankedPassage } from './bridge-search.ts';
import type { LibrarySearch, PassageResult } from './library-search.ts';

/** A library search result that `bridgeSearch` can read. */
export type LibraryPassage = PassageResult & RankedPassage;

/** Hybrid search of `library`, within `collectionIds` when given. */
export function hybridPassageSearch(
  library: LibrarySearch,
  collectionIds?: readonly string[],
): PassageSearch<LibraryPassage> {
  return async (query, k, signal) => {
    const { passages } = await library.search(query, {
      mode: 'hybrid',
      k,
      ...(collectionIds ? { collectionIds } : {}),
      ...(signal ? { signal } : {}),
    });
    return passages.map((passage) => ({
      ...passage,
      fileKey: passage.chunk.fileId,
      text: passage.chunk.text,
      ...(passage.chunk.headingPath[0] ? { title: passage.chunk.headingPath[0] } : {}),
    }));
  };
}
