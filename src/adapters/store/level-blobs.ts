import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Table } from './level-tables.ts';

/**
 * Encoded rows longer than this are kept in a file of their own, the row holding only its name:
 * what Chromium's IndexedDB does with values over 64 KB. LevelDB keeps a value in its write-ahead
 * log, its memtable and every compaction's copy; a 150 MB keyword base put once stayed resident
 * in the memtable, and each read of it copied it twice more (scratch measurement, 2026-11-25).
 */
export const BLOB_THRESHOLD_BYTES = 64 * 1024;

/**
 * A row pointing at a blob starts with a byte V8's serialization never starts with (0xFF): this
 * one when the file holds a structured clone,
 */
const POINTER_TAG = 0;
/** this one when it holds the bytes of a `Uint8Array` value as they are (no copy to encode). */
const RAW_POINTER_TAG = 1;

/** How a blob file holds its value: V8's serialization, or the bytes of a `Uint8Array`. */
export type BlobForm = 'clone' | 'raw';

/**
 * The files holding large rows, in a folder beside the database. A file is written before the
 * batch that points at it and listed in the `blobs` table by that batch; a file a batch stops
 * pointing at is deleted after it commits, once no read that may still see it is under way.
 * Files the table does not list (a write that failed or was cut short) are deleted on open.
 */
export class LevelBlobs {
  readonly #folder: string;
  #readers = 0;
  #doomed: string[] = [];

  private constructor(folder: string) {
    this.#folder = folder;
  }

  /** Opens the folder, deleting the files `listed` (the `blobs` table) does not name. */
  static async open(folder: string, listed: Table): Promise<LevelBlobs> {
    await mkdir(folder, { recursive: true });
    const decoder = new TextDecoder();
    // A database from before rows were listed ([table, key] → name) listed names alone (name →
    // nothing): its files stay, so its rows keep their values (a file left when such a row
    // changes is not deleted).
    const entries = await listed.iterator().all();
    const known = new Set(
      entries.map(([key, name]) => (name.length > 0 ? decoder.decode(name) : key)),
    );
    const orphans = (await readdir(folder)).filter((name) => !known.has(name));
    await Promise.all(orphans.map((name) => rm(join(folder, name), { force: true })));
    return new LevelBlobs(folder);
  }

  /**
   * The pointer row for `parts` (one after another, in `form`) once written to a new file, and
   * the file's name.
   */
  async write(
    parts: readonly Uint8Array[],
    form: BlobForm,
  ): Promise<{ name: string; pointer: Uint8Array }> {
    const name = `${randomUUID()}.bin`;
    await writeFile(join(this.#folder, name), parts);
    const pointer = new Uint8Array(1 + name.length);
    pointer[0] = form === 'raw' ? RAW_POINTER_TAG : POINTER_TAG;
    pointer.set(new TextEncoder().encode(name), 1);
    return { name, pointer };
  }

  /** The blob's name when `row` points at one. */
  nameIn(row: Uint8Array | undefined): string | undefined {
    if (row?.[0] !== POINTER_TAG && row?.[0] !== RAW_POINTER_TAG) return undefined;
    return new TextDecoder().decode(row.subarray(1));
  }

  /**
   * What `row` stores: its own bytes (a structured clone), or the contents of the file it points
   * at, in the form that file holds.
   */
  async resolve(row: Uint8Array): Promise<{ bytes: Uint8Array; form: BlobForm }> {
    const name = this.nameIn(row);
    if (name === undefined) return { bytes: row, form: 'clone' };
    const contents = await readFile(join(this.#folder, name));
    const bytes = new Uint8Array(contents.buffer, contents.byteOffset, contents.byteLength);
    return { bytes, form: row[0] === RAW_POINTER_TAG ? 'raw' : 'clone' };
  }

  /** Keeps every file in place until the returned function runs: for a read under way. */
  pin(): () => void {
    this.#readers += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#readers -= 1;
      // A file left behind is listed nowhere, so the next open removes it.
      if (this.#readers === 0) this.#deleteDoomed().catch(() => undefined);
    };
  }

  /** Deletes files no row points at any more, now or once the reads under way are done. */
  discard(names: readonly string[]): Promise<void> {
    this.#doomed.push(...names);
    return this.#readers === 0 ? this.#deleteDoomed() : Promise.resolve();
  }

  async #deleteDoomed(): Promise<void> {
    const names = this.#doomed.splice(0);
    await Promise.all(names.map((name) => rm(join(this.#folder, name), { force: true })));
  }
}
