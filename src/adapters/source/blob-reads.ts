import { FileReadError } from '../../core/errors.ts';

/**
 * Bytes read in one piece at most when files are read together: a group's buffer lives until
 * every file of it is copied out, and a file larger than this is read alone.
 */
const GROUP_BYTES = 4 * 1024 * 1024;

interface QueuedRead {
  path: string;
  file: Blob;
  resolve(bytes: Uint8Array): void;
  reject(error: unknown): void;
}

/**
 * Reads the browser's files of a folder; those asked for in the same turn (the ingest's read
 * ahead asks for several at once) are read together, as one `Blob` made of them, and each file's
 * bytes are copied out into a buffer of its own (they are transferred to a parse worker, which
 * would detach a shared buffer). In Chromium every `arrayBuffer()` of a picked file costs about
 * 0.7 ms and a quarter of a millisecond of the reading thread, whatever its size: 1,500 notes of
 * 2 KB took 1.1-1.2 s read one by one, 0.28-0.34 s in groups of 8-16
 * (docs/decisions/0033-files-read-together.md). Should a group's read fail (a file changed or
 * went away since it was picked), its files are read one by one, so that only the file at fault
 * fails, with its own error.
 */
export class BlobReads {
  #queue: QueuedRead[] = [];

  async read(path: string, file: Blob, signal?: AbortSignal): Promise<Uint8Array> {
    signal?.throwIfAborted();
    return new Promise((resolve, reject) => {
      if (this.#queue.length === 0) queueMicrotask(() => this.#flush());
      this.#queue.push({ path, file, resolve, reject });
    });
  }

  #flush(): void {
    const queued = this.#queue;
    this.#queue = [];
    for (const group of groups(queued)) void readGroup(group);
  }
}

/** `queued` in its order, cut into groups of at most `GROUP_BYTES` (a larger file alone). */
function groups(queued: readonly QueuedRead[]): QueuedRead[][] {
  const cut: QueuedRead[][] = [];
  let current: QueuedRead[] = [];
  let bytes = 0;
  for (const read of queued) {
    if (current.length > 0 && bytes + read.file.size > GROUP_BYTES) {
      cut.push(current);
      current = [];
      bytes = 0;
    }
    current.push(read);
    bytes += read.file.size;
  }
  if (current.length > 0) cut.push(current);
  return cut;
}

async function readGroup(group: readonly QueuedRead[]): Promise<void> {
  if (group.length > 1) {
    const buffer = await new Blob(group.map((read) => read.file)).arrayBuffer().catch(() => {});
    const total = group.reduce((sum, read) => sum + read.file.size, 0);
    if (buffer?.byteLength === total) {
      let offset = 0;
      for (const read of group) {
        read.resolve(new Uint8Array(buffer.slice(offset, offset + read.file.size)));
        offset += read.file.size;
      }
      return;
    }
  }
  await Promise.all(group.map(readAlone));
}

async function readAlone(read: QueuedRead): Promise<void> {
  try {
    read.resolve(new Uint8Array(await read.file.arrayBuffer()));
  } catch (error) {
    read.reject(
      new FileReadError(read.path, error instanceof Error ? error.message : String(error)),
    );
  }
}
