/// <reference lib="dom.asynciterable" />
import { FileReadError } from '../../core/errors.ts';
import type { FolderSource, SourceFile } from '../../core/ports/folder-source.ts';
import { BlobReads } from './blob-reads.ts';
import { browserSourceFile } from './file-list-source.ts';

/** Files whose snapshots are asked for at once while a folder is listed. */
const OPENED_AT_ONCE = 32;

/** A folder opened with the File System Access API (`showDirectoryPicker` or a dropped handle). */
export class DirectoryHandleSource implements FolderSource {
  readonly name: string;

  constructor(readonly handle: FileSystemDirectoryHandle) {
    this.name = handle.name;
  }

  /**
   * Every file under the folder, hidden ones (a name starting with '.') left out, in path order.
   * The files of a folder are opened `OPENED_AT_ONCE` at a time: `getFile()` asks the browser
   * process for each, and one after another they made a sync of 1,500 small notes about half a
   * second slower (docs/BENCHMARKS.md, "Through the directory picker").
   */
  async list(signal?: AbortSignal): Promise<SourceFile[]> {
    const files: SourceFile[] = [];
    const reads = new BlobReads();
    let opening: Promise<SourceFile>[] = [];
    const opened = async () => {
      files.push(...(await Promise.all(opening)));
      opening = [];
      signal?.throwIfAborted();
    };
    const walk = async (directory: FileSystemDirectoryHandle, prefix: string): Promise<void> => {
      const entries: FileSystemHandle[] = [];
      for await (const entry of directory.values()) {
        signal?.throwIfAborted();
        if (!entry.name.startsWith('.')) entries.push(entry);
      }
      entries.sort((left, right) => (left.name < right.name ? -1 : 1));
      for (const entry of entries) {
        const path = `${prefix}${entry.name}`;
        if (isDirectory(entry)) {
          await opened();
          await walk(entry, `${path}/`);
        } else if (isFile(entry)) {
          opening.push(openFile(path, entry, reads));
          if (opening.length >= OPENED_AT_ONCE) await opened();
        }
      }
    };
    await walk(this.handle, '');
    await opened();
    return files;
  }
}

/** The file's snapshot; one that cannot be opened now is listed with a read that reports why. */
async function openFile(
  path: string,
  handle: FileSystemFileHandle,
  reads: BlobReads,
): Promise<SourceFile> {
  try {
    return browserSourceFile(path, await handle.getFile(), reads);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      path,
      size: 0,
      mtime: 0,
      read: () => Promise.reject(new FileReadError(path, detail)),
    };
  }
}

function isDirectory(handle: FileSystemHandle): handle is FileSystemDirectoryHandle {
  return handle.kind === 'directory';
}

function isFile(handle: FileSystemHandle): handle is FileSystemFileHandle {
  return handle.kind === 'file';
}
