import type { KeywordSegment, LexicalIndex } from '../ports/lexical-index.ts';
import type { VectorIndex } from '../ports/vector-index.ts';
import type { Chunk } from '../types.ts';
import { chunkKeywords } from './keyword-segment.ts';

/** The file id of a chunk id (`${fileId}#${ordinal}`: the ordinal has no '#'). */
export function fileIdOf(chunkId: string): string {
  return chunkId.slice(0, chunkId.lastIndexOf('#'));
}

/** Stored chunk ids filed by file between two pauses of `CollectionIndex.prepareChanges`. */
const IDS_FILED_PER_STEP = 16_384;

/** The in-memory search state of one collection: dense + keyword indexes, updated per file. */
export class CollectionIndex {
  readonly #chunksByFile = new Map<string, string[]>();
  /** Chunk ids restored from the store, not yet in `#chunksByFile`. */
  #ungrouped: (readonly string[])[];
  /** How many of the first ungrouped ids are filed already (`prepareChanges` files in steps). */
  #firstFiled = 0;

  /**
   * `storedIds`: chunk ids both indexes already hold (a collection restored from the store), in
   * any grouping; they are filed by file at the first change, not on load.
   */
  constructor(
    readonly collectionId: string,
    readonly vectors: VectorIndex,
    readonly lexical: LexicalIndex,
    storedIds: readonly (readonly string[])[] = [],
  ) {
    this.#ungrouped = [...storedIds];
  }

  get size(): number {
    return this.lexical.size;
  }

  /**
   * Adds (or replaces) one file's chunks; `vectors` holds one row per chunk, `keywords` their
   * counted terms (what the store keeps with them; counted here when not given).
   */
  putFile(
    fileId: string,
    chunks: readonly Chunk[],
    vectors: Float32Array,
    keywords: KeywordSegment = chunkKeywords(chunks),
  ): void {
    this.removeFile(fileId);
    if (chunks.length === 0) return;
    const ids = chunks.map((chunk) => chunk.id);
    this.vectors.add(ids, vectors);
    this.lexical.addSegment(keywords);
    this.#chunksByFile.set(fileId, ids);
  }

  /**
   * Makes ahead, in slices with `giveWay` between them, what the first change after a load
   * needs (`LexicalIndex.prepareChanges`, `VectorIndex.prepareChanges`, the stored chunk ids
   * filed by file): for a sync, whose first change to a large collection would otherwise hold
   * the thread for seconds.
   */
  async prepareChanges(giveWay: () => Promise<void>): Promise<void> {
    await this.lexical.prepareChanges(giveWay);
    await this.vectors.prepareChanges?.(giveWay);
    while (this.#ungrouped.length > 0) {
      const ids = this.#ungrouped[0]!;
      const end = Math.min(ids.length, this.#firstFiled + IDS_FILED_PER_STEP);
      this.#file(ids, this.#firstFiled, end);
      this.#firstFiled = end;
      if (end === ids.length) {
        this.#ungrouped.shift();
        this.#firstFiled = 0;
      }
      await giveWay();
    }
  }

  /** Rebuilds the keyword index at its live size (see `LexicalIndex.compact`): after a sync. */
  compact(): void {
    this.lexical.compact();
  }

  removeFile(fileId: string): void {
    this.#groupByFile();
    const ids = this.#chunksByFile.get(fileId);
    if (!ids) return;
    this.vectors.remove(ids);
    this.lexical.remove(ids);
    this.#chunksByFile.delete(fileId);
  }

  /** Files the stored chunk ids by their file, at the first change rather than on load. */
  #groupByFile(): void {
    this.#ungrouped.forEach((ids, group) => {
      this.#file(ids, group === 0 ? this.#firstFiled : 0, ids.length);
    });
    this.#ungrouped = [];
    this.#firstFiled = 0;
  }

  /** Files `ids[start..end)` under their files. */
  #file(ids: readonly string[], start: number, end: number): void {
    for (let position = start; position < end; position += 1) {
      const id = ids[position]!;
      const fileId = fileIdOf(id);
      const list = this.#chunksByFile.get(fileId);
      if (list) list.push(id);
      else this.#chunksByFile.set(fileId, [id]);
    }
  }
}
