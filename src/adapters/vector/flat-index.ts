import type { StoredRows, VectorCodes, VectorIndex } from '../../core/ports/vector-index.ts';
import type { SearchHit } from '../../core/types.ts';
import { bestScaledRows } from './best-rows.ts';
import { checkQuery, resultCount } from './input-checks.ts';
import { dotProduct } from './float-dot.ts';
import { Int8Kernel } from './int8-kernel.ts';
import { RowStore } from './row-store.ts';
import { TopK } from './top-k.ts';

export interface FlatIndexOptions {
  /** Set false to skip the int8 pass even where WebAssembly SIMD is available. */
  simd?: boolean;
  /** Candidates re-ranked with float32 per result asked for. */
  candidatesPerResult?: number;
  /** Fewest candidates re-ranked, however few results are asked for. */
  minimumCandidates?: number;
  /**
   * Where the float32 rows are stored (`Store.getVectors`). With it, once the rows would take
   * more than `floatBudgetBytes`, the index frees them and keeps only the int8 codes, and a search
   * re-ranks its candidates with their rows read from there.
   */
  storedRows?: StoredRows;
  /** Float32 rows held in memory at most, with `storedRows`: {@link FLOAT_BUDGET_BYTES}. */
  floatBudgetBytes?: number;
  /**
   * Rows about to be added (a collection's load): room for them is made at once, and past the
   * budget no float is held from the start.
   */
  expectedRows?: number;
}

const defaultCandidatesPerResult = 10;
const defaultMinimumCandidates = 100;
/**
 * Candidates re-ranked per result asked for when their rows are read from storage. At 50,158
 * chunks of the built-in embedder, with the 200 dev questions, the best 100 int8 candidates held
 * the exact best 50 (by score) for every question (docs/decisions/0021-codes-only-vectors.md).
 */
const storedCandidatesPerResult = 2;
/**
 * Float32 rows kept in memory at most, when they can be read from storage instead: 128 MiB is
 * 335,000 rows of 100 dimensions (the built-in embedder) or 87,000 of 384.
 */
export const FLOAT_BUDGET_BYTES = 128 * 1024 * 1024;

/**
 * Names the codes `Int8Kernel` writes (int8, symmetric, one float32 scale per row), so that codes
 * stored by another encoding are never searched as these.
 */
export const FLAT_CODES_FORMAT = 'int8-symmetric-row-scale-1';

/**
 * A flat index in two passes: every row is scored from int8 codes (one scale per row, encoded
 * from the float32 rows whenever a row is written) by a WebAssembly SIMD scan, then the best
 * candidates are re-ranked by their exact float32 inner product, with the rows held in memory or,
 * past the float budget, read from storage. Without WebAssembly SIMD, and for indexes no bigger
 * than the candidate count, every row is scored exactly in one pass (a plain-JS int8 scan
 * measured slower than the float32 one).
 */
export class FlatIndex implements VectorIndex {
  readonly #store: RowStore;
  readonly #kernel: Int8Kernel | undefined;
  readonly #candidatesPerResult: number;
  readonly #minimumCandidates: number;
  readonly #storedRows: StoredRows | undefined;
  readonly #floatBudgetBytes: number;

  constructor(
    readonly dim: number,
    options: FlatIndexOptions = {},
  ) {
    this.#candidatesPerResult = options.candidatesPerResult ?? defaultCandidatesPerResult;
    this.#minimumCandidates = options.minimumCandidates ?? defaultMinimumCandidates;
    this.#kernel = options.simd === false ? undefined : Int8Kernel.create(dim);
    this.#storedRows = options.storedRows;
    this.#floatBudgetBytes = options.floatBudgetBytes ?? FLOAT_BUDGET_BYTES;
    this.#store = new RowStore(dim, this.#kernel);
    this.#keepFloatsWithin(options.expectedRows ?? 0);
    this.#store.reserve(options.expectedRows ?? 0);
  }

  get size(): number {
    return this.#store.size;
  }

  /** Whether searches run the int8 SIMD pass. */
  get usesSimd(): boolean {
    return this.#kernel !== undefined;
  }

  /** Whether the float32 rows are held in memory (else read from storage to re-rank). */
  get keepsFloats(): boolean {
    return this.#store.keepsFloats;
  }

  add(ids: readonly string[], vectors: Float32Array): void {
    this.#keepFloatsWithin(this.size + ids.length);
    this.#store.add(ids, vectors);
  }

  remove(ids: readonly string[]): void {
    this.#store.remove(ids);
  }

  prepareChanges(giveWay: () => Promise<void>): Promise<void> {
    return this.#store.prepareChanges(giveWay);
  }

  /**
   * The codes and scales of every row, and its float32 rows while it holds them: views of its
   * memory, valid until it next changes.
   */
  codes(): VectorCodes | undefined {
    if (!this.#kernel) return undefined;
    const { rowBytes } = this.#kernel;
    const ids = Array.from({ length: this.size }, (_, row) => this.#store.idAt(row));
    return {
      format: FLAT_CODES_FORMAT,
      ids,
      rowBytes,
      codes: this.#kernel.codes.subarray(0, this.size * rowBytes),
      scales: this.#kernel.scales.subarray(0, this.size),
      ...(this.#store.keepsFloats
        ? { floats: this.#store.rows.subarray(0, this.size * this.dim) }
        : {}),
    };
  }

  /**
   * Takes stored codes as its rows when it is empty and they are of its format and row length,
   * with their float32 rows where it would hold as many in memory (under the float budget, or
   * with nowhere to read them from); past the budget it keeps the codes only.
   */
  restoreCodes(codes: VectorCodes): boolean {
    const kernel = this.#kernel;
    const rows = codes.ids.length;
    if (this.size === 0) this.#keepFloatsWithin(rows);
    if (
      !kernel ||
      codes.format !== FLAT_CODES_FORMAT ||
      codes.rowBytes !== kernel.rowBytes ||
      codes.codes.length !== rows * kernel.rowBytes ||
      codes.scales.length !== rows ||
      !this.#store.restore(codes.ids, codes.floats)
    ) {
      return false;
    }
    kernel.restore(codes.codes, codes.scales);
    return true;
  }

  async search(query: Float32Array, k: number): Promise<SearchHit[]> {
    checkQuery(this.dim, query);
    const count = resultCount(k, this.size);
    if (count === 0) return [];
    if (this.#kernel && !this.#store.keepsFloats) {
      const candidates = Math.min(count * storedCandidatesPerResult, this.size);
      return this.#rerankStored(this.#candidateRows(this.#kernel, query, candidates), query, count);
    }
    const candidates = Math.max(count * this.#candidatesPerResult, this.#minimumCandidates);
    const rows = this.#store.rows;
    const best = new TopK(count);
    if (this.#kernel && candidates < this.size) {
      for (const row of this.#candidateRows(this.#kernel, query, candidates)) {
        best.offer(dotProduct(rows, row * this.dim, query), row);
      }
    } else {
      for (let row = 0; row < this.size; row += 1) {
        best.offer(dotProduct(rows, row * this.dim, query), row);
      }
    }
    return best.bestFirst().map(({ row, score }) => ({ id: this.#store.idAt(row), score }));
  }

  /**
   * The best `count` of the candidate rows by their stored float32 rows. Their ids are taken
   * before the read (rows move when others are removed meanwhile); a candidate no longer stored
   * (its file was just deleted) is left out.
   */
  async #rerankStored(rows: Int32Array, query: Float32Array, count: number): Promise<SearchHit[]> {
    const ids = Array.from(rows, (row) => this.#store.idAt(row));
    const vectors = await this.#storedRows!(ids);
    const best = new TopK(count);
    vectors.forEach((vector, position) => {
      if (vector?.length === this.dim) best.offer(dotProduct(vector, 0, query), position);
    });
    return best.bestFirst().map(({ row, score }) => ({ id: ids[row]!, score }));
  }

  /** Frees the float32 rows for good when `rows` of them would pass the budget and can be read. */
  #keepFloatsWithin(rows: number): void {
    const bytes = rows * this.dim * Float32Array.BYTES_PER_ELEMENT;
    if (
      this.#kernel &&
      this.#storedRows &&
      this.#store.keepsFloats &&
      bytes > this.#floatBudgetBytes
    ) {
      this.#store.dropFloats();
    }
  }

  /** The `count` rows with the best int8 scores, in no particular order. */
  #candidateRows(kernel: Int8Kernel, query: Float32Array, count: number): Int32Array {
    return bestScaledRows(kernel.scan(query, this.size), kernel.scales, count);
  }
}
