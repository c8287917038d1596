/**
 * Finds the damage in an Outlook item's compound file (MS-CFB) that would make msgreader loop
 * forever or fill memory: a block chain that comes back to itself (the directory, the small-block
 * table, the extension of the block table, a stream), a directory tree whose links form a cycle,
 * and a stream that claims to be larger than the whole file. msgreader follows every chain and
 * link as written and has no guard of its own; a loop there blocks the parsing worker for good.
 *
 * The walk reads the file exactly as msgreader 1.28 does (its `Reader`: the header fields, the
 * block table from the header and its extension, `getNextBlockInner`'s lookup with DataStream's
 * clamped seek, the directory entries and `createPropertyHierarchy`'s traversal), so every loop
 * msgreader would enter is found here first. Damage that makes msgreader throw instead is left to
 * msgreader: its error becomes the file's CorruptFileError. Hand-written because no maintained
 * library checks a compound file for msgreader (decision 0015).
 */

const END_OF_CHAIN = -2;
const UNUSED_BLOCK = -1;
const NO_INDEX = -1;
const BIG_STREAM_MIN_SIZE = 0x1000;
const ENTRY_SIZE = 0x80;
const HEADER_BLOCK_TABLE_AT = 0x4c;
const DIRECTORY_TYPE = 1;

/** What makes the file unreadable, in words for the user; undefined when nothing loops. */
export function compoundFileDamage(bytes: Uint8Array): string | undefined {
  try {
    return new CompoundFileWalk(bytes).damage();
  } catch (error) {
    if (error instanceof RangeError) return undefined; // msgreader throws on it as well
    throw error;
  }
}

class CompoundFileWalk {
  private readonly view: DataView;
  private readonly blockSize: number;
  private readonly entriesPerBlock: number;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.blockSize = this.byteAt(30) === 12 ? 0x1000 : 0x200;
    this.entriesPerBlock = this.blockSize / 4;
  }

  damage(): string | undefined {
    const blockTable = this.blockTable();
    if (typeof blockTable === 'string') return blockTable;
    const next = (block: number) => this.nextIn(blockTable, block);

    const smallTable = this.smallBlockTable(next);
    if (!smallTable) return 'its small-block table loops';

    const directoryBlocks = this.walk(this.int(0x30), next);
    if (!directoryBlocks) return 'its directory loops';
    const entries = directoryBlocks.flatMap((block) => this.entriesIn(block));
    if (entries.length === 0) return undefined;
    if (!this.isTree(entries)) return 'its directory links form a cycle';
    if (!this.walk(entries[0]!.start, next)) return 'its stream of small blocks loops';

    for (const entry of entries) {
      if (entry.size === 0) continue;
      if (entry.size < 0 || entry.size > this.bytes.length) {
        return 'a stream in it claims to be larger than the file';
      }
      if (entry.size < BIG_STREAM_MIN_SIZE && this.smallChainLoops(smallTable, entry.start)) {
        return 'a stream in it loops';
      }
    }
    return undefined;
  }

  /** The block table's blocks: up to 109 named in the header, the rest in its extension chain. */
  private blockTable(): number[] | string {
    const count = this.int(0x2c);
    const table = Array.from(
      { length: Math.min(count, (0x200 - HEADER_BLOCK_TABLE_AT) / 4) },
      (_, i) => this.int(HEADER_BLOCK_TABLE_AT + 4 * i),
    );
    const extensionCount = this.int(0x48);
    let remaining = count - table.length;
    let block = this.int(0x44);
    const seen = new Set<number>();
    for (let step = 0; step < extensionCount; step += 1) {
      if (seen.has(block)) return 'its block table loops';
      seen.add(block);
      const at = this.blockOffset(block);
      const take = Math.min(remaining, this.entriesPerBlock - 1);
      for (let index = 0; index < take; index += 1) {
        const value = this.int(at + 4 * index);
        if (value === UNUSED_BLOCK || value === END_OF_CHAIN) break;
        table.push(value);
      }
      remaining -= take;
      block = this.int(at + 4 * (this.entriesPerBlock - 1));
      if (block === UNUSED_BLOCK || block === END_OF_CHAIN) break;
    }
    return table;
  }

  /**
   * Whether a small stream's chain comes back to itself. msgreader reads the streams in its own
   * order, so a chain it cannot read (it throws there) must not end the check of the others.
   */
  private smallChainLoops(smallTable: readonly number[], start: number): boolean {
    try {
      return this.walk(start, (block) => this.nextIn(smallTable, block)) === undefined;
    } catch (error) {
      if (error instanceof RangeError) return false;
      throw error;
    }
  }

  /** msgreader's `sbatDataReader`: at most the header's count of blocks, ending at block 0. */
  private smallBlockTable(next: (block: number) => number): number[] | undefined {
    const table: number[] = [];
    const seen = new Set<number>();
    const count = this.int(0x40);
    let block = this.int(0x3c);
    while (table.length < count && block !== 0 && block !== END_OF_CHAIN) {
      if (seen.has(block)) return undefined;
      seen.add(block);
      table.push(block);
      block = next(block);
    }
    return table;
  }

  /** The blocks of a chain, or undefined when it comes back to a block it passed. */
  private walk(start: number, next: (block: number) => number): number[] | undefined {
    const blocks: number[] = [];
    const seen = new Set<number>();
    for (let block = start; block !== END_OF_CHAIN; block = next(block)) {
      if (seen.has(block)) return undefined;
      seen.add(block);
      blocks.push(block);
    }
    return blocks;
  }

  /** msgreader's `getNextBlockInner`. */
  private nextIn(table: readonly number[], block: number): number {
    const tableBlock = table[Math.floor(block / this.entriesPerBlock)];
    if (tableBlock === undefined) return END_OF_CHAIN;
    return this.int(this.blockOffset(tableBlock) + 4 * (block % this.entriesPerBlock));
  }

  private entriesIn(block: number): Entry[] {
    const entries: Entry[] = [];
    const at = this.blockOffset(block);
    for (let index = 0; index < this.blockSize / ENTRY_SIZE; index += 1) {
      const entry = at + index * ENTRY_SIZE;
      if (this.bytes.length < entry + 0x42) break;
      const type = this.byteAt(entry + 0x42);
      const known = type === 5 || type === DIRECTORY_TYPE || type === 2;
      entries.push({
        type,
        previous: known ? this.int(entry + 0x44) : NO_INDEX,
        next: known ? this.int(entry + 0x48) : NO_INDEX,
        child: known ? this.int(entry + 0x4c) : NO_INDEX,
        start: known ? this.int(entry + 0x74) : 0,
        size: known ? this.int(entry + 0x78) : 0,
      });
    }
    return entries;
  }

  /** No entry is reached twice from the root, as `createPropertyHierarchy` walks it. */
  private isTree(entries: readonly Entry[]): boolean {
    const reached = new Set<number>();
    const pending = [entries[0]!.child];
    while (pending.length > 0) {
      const index = pending.pop()!;
      if (index === NO_INDEX) continue;
      const entry = entries[index];
      if (entry === undefined) continue; // msgreader throws a TypeError on it
      if (reached.has(index)) return false;
      reached.add(index);
      if (entry.type === DIRECTORY_TYPE) pending.push(entry.child);
      pending.push(entry.previous, entry.next);
    }
    return true;
  }

  private blockOffset(block: number): number {
    return (block + 1) * this.blockSize;
  }

  /** DataStream's `readInt`: the position clamped into the file, a read past its end throws. */
  private int(offset: number): number {
    const at = Math.max(0, Math.min(this.bytes.length, offset));
    return this.view.getInt32(Number.isFinite(at) ? at : 0, true);
  }

  private byteAt(offset: number): number {
    const at = Math.max(0, Math.min(this.bytes.length, offset));
    return this.view.getInt8(at);
  }
}

interface Entry {
  type: number;
  previous: number;
  next: number;
  child: number;
  start: number;
  size: number;
}
