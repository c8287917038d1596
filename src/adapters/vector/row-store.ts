import { mappingPositions, runAtOnce, runGivingWay } from '../../core/time-slices.ts';
import { checkRows } from './input-checks.ts';

/** Keeps data derived from each row (codes, scales) in step with a `RowStore`. */
export interface RowListener {
  /** Room for `capacity` rows is needed; rows already held keep their place. */
  reserve(capacity: number): void;
  /** Row `rowNumbers[i]` now holds the floats `vectors[i * dim ..]`. */
  write(rowNumbers: Int32Array, vectors: Float32Array): void;
  /** Row `to` takes over row `from` (removal moves the last row into the gap). */
  move(from: number, to: number): void;
}

const minimumCapacity = 64;
const growthFactor = 1.5;

/**
 * Float32 rows under string ids, packed without gaps: rows `0 .. size - 1` are live. An added id
 * already present is overwritten in place; a removed row is filled by the last row. After
 * `dropFloats` it keeps only the ids and their rows' places, for a listener that keeps codes.
 */
export class RowStore {
  #rows = new Float32Array(0);
  #keepsFloats = true;
  /** Rows there is room for (in `rows` and the listener's data). */
  #capacity = 0;
  #ids: string[] = [];
  /** Row by id; built when first needed after `restore` (a reload that only searches). */
  #rowById: Map<string, number> | undefined = new Map();

  constructor(
    readonly dim: number,
    readonly listener?: RowListener,
  ) {
    if (!Number.isInteger(dim) || dim < 1) throw new RangeError(`Invalid vector dimension ${dim}.`);
  }

  get size(): number {
    return this.#ids.length;
  }

  /**
   * All rows, `dim` floats each; only the first `size` are live. A new array after growth; empty
   * after `dropFloats`.
   */
  get rows(): Float32Array {
    return this.#rows;
  }

  /** Whether `rows` holds the floats (until `dropFloats`). */
  get keepsFloats(): boolean {
    return this.#keepsFloats;
  }

  /** Frees the floats and keeps none from now on; rows stay in their places. */
  dropFloats(): void {
    this.#keepsFloats = false;
    this.#rows = new Float32Array(0);
  }

  idAt(row: number): string {
    return this.#ids[row]!;
  }

  add(ids: readonly string[], vectors: Float32Array): void {
    checkRows(this.dim, ids, vectors);
    this.reserve(this.size + ids.length);
    const first = this.size;
    const written = new Int32Array(ids.length);
    let appended = true;
    const rowById = this.#rowByIdMap();
    ids.forEach((id, index) => {
      let row = rowById.get(id);
      if (row === undefined) {
        row = this.#ids.length;
        this.#ids.push(id);
        rowById.set(id, row);
      }
      written[index] = row;
      appended &&= row === first + index;
    });
    if (this.#keepsFloats) this.#writeFloats(written, vectors, appended ? first : undefined);
    this.listener?.write(written, vectors);
  }

  /**
   * Takes `ids`, distinct (as an index gave them), as rows `0 ..` of an empty store, with their
   * `floats` (`ids.length * dim`) when it keeps floats; the listener is given their data by its
   * own means (a load of stored codes). Floats that fill a buffer of their own become the rows
   * as they are (the caller gives them away; 20 MB at 50,000 chunks not copied), others are
   * copied. Their map by id is built when an add or a removal first needs it. False, nothing
   * changed, when the store is not empty, or keeps floats and is not given as many.
   */
  restore(ids: readonly string[], floats?: Float32Array): boolean {
    if (this.size > 0) return false;
    if (this.#keepsFloats && floats?.length !== ids.length * this.dim) return false;
    this.#ids = ids.slice();
    this.#rowById = undefined;
    if (this.#keepsFloats && fillsItsBuffer(floats!) && ids.length >= this.#capacity) {
      this.#rows = floats;
      this.#capacity = ids.length;
      this.listener?.reserve(ids.length);
      return true;
    }
    this.reserve(ids.length);
    if (this.#keepsFloats) this.#rows.set(floats!);
    return true;
  }

  /**
   * Builds the map of rows by id that the first add or removal after `restore` needs, in
   * slices with `giveWay` between them (at 500,000 rows it took 0.4-0.6 s in one go).
   */
  async prepareChanges(giveWay: () => Promise<void>): Promise<void> {
    if (this.#rowById) return;
    const ids = this.#ids;
    const rowById = await runGivingWay(mappingPositions(ids), giveWay);
    // A change meanwhile built it at once; another restore replaced the ids.
    if (!this.#rowById && this.#ids === ids) this.#rowById = rowById;
  }

  remove(ids: readonly string[]): void {
    const rowById = this.#rowByIdMap();
    for (const id of ids) {
      const row = rowById.get(id);
      if (row === undefined) continue;
      rowById.delete(id);
      const last = this.#ids.length - 1;
      const lastId = this.#ids.pop()!;
      if (row === last) continue;
      this.#ids[row] = lastId;
      rowById.set(lastId, row);
      if (this.#keepsFloats) {
        this.#rows.copyWithin(row * this.dim, last * this.dim, (last + 1) * this.dim);
      }
      this.listener?.move(last, row);
    }
  }

  /**
   * Copies row i of `vectors` to row `written[i]`; new ids in order from row `appendedFrom` (a
   * collection's load) in one copy instead of one per row.
   */
  #writeFloats(written: Int32Array, vectors: Float32Array, appendedFrom?: number): void {
    if (appendedFrom !== undefined) {
      this.#rows.set(vectors, appendedFrom * this.dim);
      return;
    }
    written.forEach((row, index) => {
      const source = vectors.subarray(index * this.dim, (index + 1) * this.dim);
      this.#rows.set(source, row * this.dim);
    });
  }

  #rowByIdMap(): Map<string, number> {
    this.#rowById ??= runAtOnce(mappingPositions(this.#ids));
    return this.#rowById;
  }

  /** Makes room for `needed` rows (at once, for a collection about to be loaded). */
  reserve(needed: number): void {
    if (needed <= this.#capacity) return;
    const grown = Math.max(needed, Math.ceil(this.#capacity * growthFactor), minimumCapacity);
    this.#capacity = grown;
    if (this.#keepsFloats) {
      const rows = new Float32Array(grown * this.dim);
      rows.set(this.#rows.subarray(0, this.size * this.dim));
      this.#rows = rows;
    }
    this.listener?.reserve(grown);
  }
}

/** Whether `floats` view all of a plain buffer (not a part of another array's memory). */
function fillsItsBuffer(floats: Float32Array): floats is Float32Array<ArrayBuffer> {
  return (
    floats.buffer instanceof ArrayBuffer &&
    floats.byteOffset === 0 &&
    floats.byteLength === floats.buffer.byteLength
  );
}
