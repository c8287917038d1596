import { quantizeQuery } from './int8-codes.ts';
import { int8KernelModuleBytes, kernelBlockBytes } from './int8-kernel-module.ts';
import type { RowListener } from './row-store.ts';

type KernelFunction = (...pointersAndCounts: number[]) => void;

const pageBytes = 65536;
/** Rows encoded per call: their floats are staged in the module's memory first. */
const stagingRows = 256;

let kernelModule: WebAssembly.Module | undefined;

function compiledKernelModule(): WebAssembly.Module | undefined {
  if (kernelModule) return kernelModule;
  if (typeof WebAssembly !== 'object' || !WebAssembly.validate(int8KernelModuleBytes)) {
    return undefined;
  }
  kernelModule = new WebAssembly.Module(int8KernelModuleBytes);
  return kernelModule;
}

/** Whether this runtime has WebAssembly SIMD, which `Int8Kernel` needs. */
export function simdAvailable(): boolean {
  return compiledKernelModule() !== undefined;
}

/**
 * Int8 codes (one scale per row) of float32 rows, kept in the memory of one instance of the
 * SIMD module of `int8-kernel-module.ts`, and the scan that scores a query against all of them.
 * Code rows are `rowBytes` long: the dimension padded with zeros to the module's block size.
 * Memory layout: query, staged floats, staged row numbers, then per row of capacity the codes,
 * the scales and the scan output.
 */
export class Int8Kernel implements RowListener {
  readonly rowBytes: number;
  readonly #dim: number;
  readonly #memory: WebAssembly.Memory;
  readonly #encode: KernelFunction;
  readonly #scan: KernelFunction;
  readonly #stagingOffset: number;
  readonly #rowNumbersOffset: number;
  readonly #codesOffset: number;
  #capacity = 0;
  #scalesOffset = 0;
  #outputOffset = 0;

  /** A kernel for `dim`-long rows, or undefined where WebAssembly SIMD is missing. */
  static create(dim: number): Int8Kernel | undefined {
    const module = compiledKernelModule();
    return module && new Int8Kernel(dim, module);
  }

  private constructor(dim: number, module: WebAssembly.Module) {
    this.#dim = dim;
    this.rowBytes = Math.ceil(dim / kernelBlockBytes) * kernelBlockBytes;
    const { exports } = new WebAssembly.Instance(module, {});
    this.#memory = exports.memory as WebAssembly.Memory;
    this.#encode = exports.encode as KernelFunction;
    this.#scan = exports.scan as KernelFunction;
    this.#stagingOffset = this.rowBytes * 2;
    this.#rowNumbersOffset = this.#stagingOffset + stagingRows * this.rowBytes * 4;
    this.#codesOffset = this.#rowNumbersOffset + stagingRows * 4;
    this.#layout();
  }

  /** The codes of all rows, `rowBytes` each; a new view after `reserve` grows the memory. */
  get codes(): Int8Array {
    return new Int8Array(this.#memory.buffer, this.#codesOffset, this.#capacity * this.rowBytes);
  }

  /** One scale per row: a row's value is about code * scale. */
  get scales(): Float32Array {
    return new Float32Array(this.#memory.buffer, this.#scalesOffset, this.#capacity);
  }

  /** The int16 form of the last query scanned. */
  get query(): Int16Array {
    return new Int16Array(this.#memory.buffer, 0, this.rowBytes);
  }

  /** Makes room for `rowCount` rows, keeping the codes and scales already written. */
  reserve(rowCount: number): void {
    if (rowCount <= this.#capacity) return;
    const oldScales = this.#scalesOffset;
    const oldCapacity = this.#capacity;
    this.#capacity = rowCount;
    this.#layout();
    const bytes = new Uint8Array(this.#memory.buffer);
    bytes.copyWithin(this.#scalesOffset, oldScales, oldScales + oldCapacity * 4);
  }

  /** Encodes `vectors` (`dim` floats each), row i into the codes and scale of `rowNumbers[i]`. */
  write(rowNumbers: Int32Array, vectors: Float32Array): void {
    const dim = this.#dim;
    const buffer = this.#memory.buffer;
    const staging = new Float32Array(buffer, this.#stagingOffset, stagingRows * this.rowBytes);
    const stagedRows = new Int32Array(buffer, this.#rowNumbersOffset, stagingRows);
    for (let start = 0; start < rowNumbers.length; start += stagingRows) {
      const count = Math.min(stagingRows, rowNumbers.length - start);
      for (let slot = 0; slot < count; slot += 1) {
        const index = start + slot;
        staging.set(vectors.subarray(index * dim, (index + 1) * dim), slot * this.rowBytes);
        stagedRows[slot] = rowNumbers[index]!;
      }
      this.#encode(
        this.#stagingOffset,
        this.#rowNumbersOffset,
        count,
        this.rowBytes,
        this.#codesOffset,
        this.#scalesOffset,
      );
    }
  }

  /**
   * Takes `codes` (`rowBytes` each) and `scales` as rows `0 ..` of this kernel (a collection's
   * load from its stored codes): what `write` gave them, copied in.
   */
  restore(codes: Int8Array, scales: Float32Array): void {
    this.reserve(scales.length);
    new Int8Array(this.#memory.buffer, this.#codesOffset, codes.length).set(codes);
    this.scales.set(scales);
  }

  /** Row `to` takes the codes and scale of row `from`. */
  move(from: number, to: number): void {
    const bytes = this.rowBytes;
    const codesAt = (row: number) => this.#codesOffset + row * bytes;
    const memory = new Uint8Array(this.#memory.buffer);
    memory.copyWithin(codesAt(to), codesAt(from), codesAt(from) + bytes);
    const scales = this.scales;
    scales[to] = scales[from]!;
  }

  /** Int32 dot products of the int16 form of `query` with rows `0 .. rowCount - 1`. */
  scan(query: Float32Array, rowCount: number): Int32Array {
    quantizeQuery(query, this.query);
    this.#scan(0, this.#codesOffset, rowCount, this.rowBytes, this.#outputOffset);
    return new Int32Array(this.#memory.buffer, this.#outputOffset, rowCount);
  }

  #layout(): void {
    this.#scalesOffset = this.#codesOffset + this.#capacity * this.rowBytes;
    this.#outputOffset = this.#scalesOffset + this.#capacity * 4;
    const needed = this.#outputOffset + this.#capacity * 4;
    const pages = Math.ceil(needed / pageBytes) - this.#memory.buffer.byteLength / pageBytes;
    if (pages > 0) this.#memory.grow(pages);
  }
}
