import type { KeywordState, StoredKeywords } from '../../core/ports/store.ts';
import { fileIdOf } from '../../core/retrieval/collection-index.ts';
import type { Chunk, Collection } from '../../core/types.ts';
import { groupKeyOf, type ChunkGroupRow } from './chunk-groups.ts';
import type { LevelRows } from './level-rows.ts';
import {
  compositeKey,
  keyParts,
  keysOf,
  ownerRange,
  type Snapshot,
  type Tables,
} from './level-tables.ts';
import { compareKeys, sortChunks } from './record-order.ts';
import { VECTOR_BATCH_FILES, vectorOf, type VectorRow } from './vector-rows.ts';

/** `LevelStore`'s reads of several rows, each from the snapshot it is given. */
export class LevelReads {
  readonly #tables: Tables;
  readonly #rows: LevelRows;

  constructor(tables: Tables, rows: LevelRows) {
    this.#tables = tables;
    this.#rows = rows;
  }

  /** The collection's file ids in id order (IndexedDB's, by UTF-16 code units). */
  async fileIds(collectionId: string, snapshot?: Snapshot): Promise<string[]> {
    const keys = await keysOf(this.#tables.collectionFiles, collectionId, snapshot);
    return keys.map((key) => String(keyParts(key)[1])).sort(compareKeys);
  }

  async keywords(collectionId: string, snapshot: Snapshot): Promise<StoredKeywords> {
    const [counts, base, owners, rows] = await Promise.all([
      this.#keywordCounts(collectionId, snapshot),
      this.#rows.read<Uint8Array>(this.#tables.keywordBases, collectionId, snapshot),
      this.#tables.segmentFiles.iterator(ownerRange(collectionId, snapshot)).all(),
      this.#tables.keywordSegments.values(ownerRange(collectionId, snapshot)).all(),
    ]);
    // Both tables hold one row per segment under the same keys, so they list them alike.
    const segments = await Promise.all(
      owners.map(async ([key, owner], at) => ({
        fileId: await this.#rows.decode<string>(owner),
        sequence: keyParts(key)[1] as number,
        bytes: await this.#rows.decode<Uint8Array>(rows[at]!),
      })),
    );
    return {
      ...counts,
      ...(base ? { base } : {}),
      segments: segments.sort((left, right) => left.sequence - right.sequence),
    };
  }

  /** `keywords` without the bytes: the base's generation and the segments' sequences. */
  async keywordState(collectionId: string, snapshot: Snapshot): Promise<KeywordState> {
    const [counts, keys] = await Promise.all([
      this.#keywordCounts(collectionId, snapshot),
      keysOf(this.#tables.segmentFiles, collectionId, snapshot),
    ]);
    const sequences = keys.map((key) => keyParts(key)[1] as number);
    return { ...counts, sequences: sequences.sort((left, right) => left - right) };
  }

  /** The collection's chunk count and its keyword base's generation (0 when there is none). */
  async #keywordCounts(collectionId: string, snapshot: Snapshot) {
    const [collection, generation] = await Promise.all([
      this.#rows.read<Collection>(this.#tables.collections, collectionId, snapshot),
      this.#rows.read<number>(this.#tables.keywordGenerations, collectionId, snapshot),
    ]);
    return { chunkCount: collection?.chunkCount ?? 0, generation: generation ?? 0 };
  }

  /** Every chunk of the collection, in document order. */
  async chunksOf(collectionId: string, snapshot: Snapshot): Promise<Chunk[]> {
    const chunks: Chunk[] = [];
    for (const fileId of await this.fileIds(collectionId, snapshot)) {
      const rows = await this.#tables.chunkGroups.values(ownerRange(fileId, snapshot)).all();
      for (const row of rows) {
        chunks.push(...(await this.#rows.decode<ChunkGroupRow>(row)).chunks);
      }
    }
    return sortChunks(chunks);
  }

  /** Reads each row holding one of the chunks once. */
  async chunks(ids: readonly string[], snapshot: Snapshot): Promise<(Chunk | undefined)[]> {
    const keys = ids.map((id) => {
      const key = groupKeyOf(id);
      return key && compositeKey(...key);
    });
    const unique = [...new Set(keys.filter((key) => key !== undefined))];
    const rows = await this.#rows.readMany<ChunkGroupRow>(
      this.#tables.chunkGroups,
      unique,
      snapshot,
    );
    const rowOf = new Map(unique.map((key, at) => [key, rows[at]]));
    return ids.map((id, at) => {
      const key = keys[at];
      return key === undefined
        ? undefined
        : rowOf.get(key)?.chunks.find((chunk) => chunk.id === id);
    });
  }

  /** Reads each file's vector row once. */
  async vectors(ids: readonly string[], snapshot: Snapshot): Promise<(Float32Array | undefined)[]> {
    const fileIds = [...new Set(ids.map(fileIdOf))];
    const rows = await this.#rows.readMany<VectorRow>(this.#tables.vectors, fileIds, snapshot);
    const rowOf = new Map(fileIds.map((fileId, at) => [fileId, rows[at]]));
    return ids.map((id) => vectorOf(rowOf.get(fileIdOf(id)), id));
  }

  /**
   * Hands the collection's vector rows to `onRows` `VECTOR_BATCH_FILES` files at a time, in id
   * order; resolves the collection's `dim` (0 when there is no collection).
   */
  async vectorRows(
    collectionId: string,
    snapshot: Snapshot | undefined,
    onRows: (rows: VectorRow[], dim: number) => void,
  ): Promise<number> {
    const collection = await this.#rows.read<Collection>(
      this.#tables.collections,
      collectionId,
      snapshot,
    );
    const dim = collection?.dim ?? 0;
    const fileIds = await this.fileIds(collectionId, snapshot);
    for (let start = 0; start < fileIds.length; start += VECTOR_BATCH_FILES) {
      const batch = fileIds.slice(start, start + VECTOR_BATCH_FILES);
      const rows = await this.#rows.readMany<VectorRow>(this.#tables.vectors, batch, snapshot);
      onRows(
        rows.filter((row) => row !== undefined),
        dim,
      );
    }
    return dim;
  }
}
