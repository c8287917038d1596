import type { LexicalIndex } from '../ports/lexical-index.ts';
import type { VectorIndex } from '../ports/vector-index.ts';
import type { Chunk } from '../types.ts';
import { keywordText } from './index-text.ts';

/** The in-memory search state of one collection: dense + keyword indexes, updated per file. */
export class CollectionIndex {
  readonly #chunksByFile = new Map<string, string[]>();

  constructor(
    readonly collectionId: string,
    readonly vectors: VectorIndex,
    readonly lexical: LexicalIndex,
  ) {}

  get size(): number {
    return this.lexical.size;
  }

  /** Adds (or replaces) one file's chunks; `vectors` holds one row per chunk. */
  putFile(fileId: string, chunks: readonly Chunk[], vectors: Float32Array): void {
    this.removeFile(fileId);
    if (chunks.length === 0) return;
    const ids = chunks.map((chunk) => chunk.id);
    this.vectors.add(ids, vectors);
    this.lexical.add(chunks.map((chunk) => ({ id: chunk.id, text: keywordText(chunk) })));
    this.#chunksByFile.set(fileId, ids);
  }

  removeFile(fileId: string): void {
    const ids = this.#chunksByFile.get(fileId);
    if (!ids) return;
    this.vectors.remove(ids);
    this.lexical.remove(ids);
    this.#chunksByFile.delete(fileId);
  }
}
