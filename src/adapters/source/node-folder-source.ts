import { open, readdir, stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { FileReadError } from '../../core/errors.ts';
import type { FolderSource, SourceFile } from '../../core/ports/folder-source.ts';

/** A directory on disk as a collection folder (Node: eval, benchmarks, integration tests). */
export class NodeFolderSource implements FolderSource {
  readonly name: string;

  constructor(readonly root: string) {
    this.name = basename(root);
  }

  async list(signal?: AbortSignal): Promise<SourceFile[]> {
    const files: SourceFile[] = [];
    const walk = async (directory: string): Promise<void> => {
      signal?.throwIfAborted();
      const entries = await readdir(directory, { withFileTypes: true });
      entries.sort((left, right) => (left.name < right.name ? -1 : 1));
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue;
        const path = join(directory, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (entry.isFile()) files.push(await this.#describe(path));
      }
    };
    await walk(this.root);
    return files;
  }

  async #describe(path: string): Promise<SourceFile> {
    const info = await stat(path);
    const relativePath = relative(this.root, path).split(sep).join('/');
    return {
      path: relativePath,
      size: info.size,
      mtime: Math.round(info.mtimeMs),
      read: async (signal) => {
        try {
          return await readListedBytes(path, relativePath, info.size, signal);
        } catch (error) {
          if (signal?.aborted || error instanceof FileReadError) throw error;
          throw new FileReadError(relativePath, (error as Error).message);
        }
      },
    };
  }
}

/** Bytes read per call, so a read can stop between pieces when it is cancelled. */
const READ_PIECE = 4 * 1024 * 1024;

/**
 * Reads exactly the `listed` bytes the size checks passed, through one file handle: a file that
 * has changed size since it was listed fails with FileReadError (retried on the next sync) and is
 * never read past what was checked, whatever it has grown to.
 */
async function readListedBytes(
  path: string,
  relativePath: string,
  listed: number,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  signal?.throwIfAborted();
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size !== listed) throw changedError(relativePath, listed, size);
    const bytes = new Uint8Array(size);
    let offset = 0;
    while (offset < size) {
      signal?.throwIfAborted();
      const length = Math.min(READ_PIECE, size - offset);
      const { bytesRead } = await handle.read(bytes, offset, length, offset);
      if (bytesRead === 0) throw changedError(relativePath, listed, offset);
      offset += bytesRead;
    }
    return bytes;
  } finally {
    await handle.close();
  }
}

function changedError(path: string, listed: number, now: number): FileReadError {
  return new FileReadError(
    path,
    `it changed while it was being indexed, from ${bytesText(listed)} to ${bytesText(now)}; sync again once it is saved`,
  );
}

function bytesText(bytes: number): string {
  return `${bytes.toLocaleString('en-US')} bytes`;
}
