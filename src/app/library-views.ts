/**
 * What the library hands the page for a search hit and for an opened passage: plain records
 * built from stored chunks (a snippet focused on the query's words; the document rebuilt from
 * its chunks with the passage's range).
 */
import type { Store } from '../core/ports/store.ts';
import type { PassageResult } from '../core/retrieval/library-search.ts';
import { focusSnippet } from '../core/retrieval/snippet.ts';
import { rebuildDocument } from './document-text.ts';
import { PassageNotFoundError } from './library-errors.ts';
import type { DocumentView, SearchResultItem } from './library-types.ts';
import { findTermMatches } from './term-matches.ts';

/** A search hit as the results list shows it: where it is, its snippet and its ranks. */
export function searchResultItem(
  query: string,
  { chunk, score, lexicalRank, denseRank }: PassageResult,
  collectionName: string,
): SearchResultItem {
  const snippet = focusSnippet(chunk.text, findTermMatches(query, chunk.text));
  return {
    chunkId: chunk.id,
    collectionId: chunk.collectionId,
    collectionName,
    path: chunk.path,
    headingPath: chunk.headingPath,
    ...(chunk.page === undefined ? {} : { page: chunk.page }),
    text: snippet.text,
    clippedStart: snippet.clippedStart,
    clippedEnd: snippet.clippedEnd,
    score,
    ...(lexicalRank === undefined ? {} : { lexicalRank }),
    ...(denseRank === undefined ? {} : { denseRank }),
    matches: snippet.matches,
    ...(chunk.ocr ? { ocr: true } : {}),
  };
}

/** The document holding a chunk, rebuilt from its stored chunks, with that chunk as the passage. */
export async function documentView(
  store: Store,
  chunkId: string,
  query: string,
): Promise<DocumentView> {
  const [chunk] = await store.getChunks([chunkId]);
  if (!chunk) throw new PassageNotFoundError();
  const [collection, chunks] = await Promise.all([
    store.getCollection(chunk.collectionId),
    store.listChunks(chunk.collectionId),
  ]);
  const document = rebuildDocument(chunks.filter((other) => other.fileId === chunk.fileId));
  const passage = document.ranges.get(chunk.id) ?? { start: 0, end: 0 };
  return {
    chunkId: chunk.id,
    fileId: chunk.fileId,
    collectionName: collection?.name ?? '',
    path: chunk.path,
    ...(chunk.page === undefined ? {} : { page: chunk.page }),
    text: document.text,
    passage,
    matches: findTermMatches(query, document.text, passage),
    hasGaps: document.hasGaps,
    ...(chunk.ocr ? { ocr: true } : {}),
    ...(chunk.words ? { words: chunk.words } : {}),
  };
}
