import { CollectionNotFoundError, DimensionMismatchError } from '../../core/errors.ts';
import type { FileWrite } from '../../core/ports/store.ts';
import { decodeSegment } from '../../core/retrieval/keyword-segment-format.ts';
import type { Collection, FileRecord } from '../../core/types.ts';

/**
 * Checks a write before anything is stored and returns the collection it goes into. Each chunk
 * must be `${fileId}#${ordinal}` of this file, only indexed files may have chunks or an original,
 * the record's `chunkCount` must match, there must be one vector of the collection's `dim`
 * per chunk, and the keyword segment must hold exactly the chunks, in order.
 */
function validateFileWrite(write: FileWrite, collection: Collection | undefined): Collection {
  const { file, chunks, vectors } = write;
  if (!collection) throw new CollectionNotFoundError(file.collectionId);
  if (file.status !== 'indexed' && chunks.length > 0) {
    throw invalidWrite(file.id, `a ${file.status} file cannot have chunks`);
  }
  if (file.status !== 'indexed' && write.original) {
    throw invalidWrite(file.id, `a ${file.status} file cannot keep its original`);
  }
  if (file.chunkCount !== chunks.length) {
    throw invalidWrite(
      file.id,
      `chunkCount is ${file.chunkCount} but ${chunks.length} chunks came`,
    );
  }
  const ids = new Set<string>();
  for (const chunk of chunks) {
    const expectedId = `${file.id}#${chunk.ordinal}`;
    if (chunk.id !== expectedId || chunk.fileId !== file.id) {
      throw invalidWrite(file.id, `chunk "${chunk.id}" should be "${expectedId}" of this file`);
    }
    if (chunk.collectionId !== file.collectionId) {
      throw invalidWrite(file.id, `chunk "${chunk.id}" belongs to another collection`);
    }
    if (ids.has(chunk.id)) throw invalidWrite(file.id, `chunk "${chunk.id}" appears twice`);
    ids.add(chunk.id);
  }
  const keywordIds = decodeSegment(write.keywords).ids;
  if (keywordIds.length !== chunks.length || chunks.some(({ id }, at) => keywordIds[at] !== id)) {
    throw invalidWrite(file.id, 'its keyword segment does not hold exactly its chunks');
  }
  if (vectors.length !== chunks.length * collection.dim) {
    const actual = chunks.length > 0 ? vectors.length / chunks.length : vectors.length;
    throw new DimensionMismatchError(collection.dim, actual);
  }
  return collection;
}

/**
 * Checks every write of a batch (`validateFileWrite`) and that no file comes twice, before anything
 * is stored; returns the collections they go into by id.
 */
export function validateFileWrites(
  writes: readonly FileWrite[],
  collectionOf: (id: string) => Collection | undefined,
): Map<string, Collection> {
  const collections = new Map<string, Collection>();
  const fileIds = new Set<string>();
  for (const write of writes) {
    const { id, collectionId } = write.file;
    if (fileIds.has(id)) throw invalidWrite(id, 'it comes twice in one write');
    fileIds.add(id);
    collections.set(collectionId, validateFileWrite(write, collectionOf(collectionId)));
  }
  return collections;
}

/** An update may change a stored record's metadata, never its status or chunk count. */
export function validateFileUpdate(file: FileRecord, stored: FileRecord | undefined): void {
  if (stored?.collectionId !== file.collectionId) {
    throw invalidWrite(file.id, 'it is not stored yet; write it with its chunks first');
  }
  if (stored.status !== file.status || stored.chunkCount !== file.chunkCount) {
    throw invalidWrite(file.id, 'an update cannot change its status or chunk count');
  }
}

function invalidWrite(fileId: string, detail: string): Error {
  return new Error(`Refused to store "${fileId}": ${detail}.`);
}
