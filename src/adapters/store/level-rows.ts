import { deserialize, serialize } from 'node:v8';
import type { LevelBlobs } from './level-blobs.ts';
import type { Snapshot, Table } from './level-tables.ts';

/** The stored form of a value: a structured clone, as IndexedDB keeps it. */
export function encode(value: unknown): Uint8Array {
  return serialize(value);
}

/**
 * Reads rows of `LevelStore`'s tables, decoded, following rows that point at blob files. Every
 * read keeps the blob files in place while it runs (`LevelBlobs.pin`).
 */
export class LevelRows {
  readonly #blobs: LevelBlobs;

  constructor(blobs: LevelBlobs) {
    this.#blobs = blobs;
  }

  /** One row; `undefined` when there is none. */
  async read<Value>(table: Table, key: string, snapshot?: Snapshot): Promise<Value | undefined> {
    const [row] = await this.readMany<Value>(table, [key], snapshot);
    return row;
  }

  /** Rows, one entry per key in order, `undefined` where there is none. */
  async readMany<Value>(
    table: Table,
    keys: readonly string[],
    snapshot?: Snapshot,
  ): Promise<(Value | undefined)[]> {
    if (keys.length === 0) return [];
    const release = this.pin();
    try {
      const rows = await table.getMany([...keys], { snapshot });
      return await Promise.all(
        rows.map((row) => (row === undefined ? undefined : this.decode<Value>(row))),
      );
    } finally {
      release();
    }
  }

  /** The value of a stored row, read from its blob file when it points at one. */
  async decode<Value>(row: Uint8Array): Promise<Value> {
    const { bytes, form } = await this.#blobs.resolve(row);
    return (form === 'raw' ? bytes : deserialize(bytes)) as Value;
  }

  /** Keeps the blob files in place until the returned function runs. */
  pin(): () => void {
    return this.#blobs.pin();
  }
}
