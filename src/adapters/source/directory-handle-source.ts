/// <reference lib="dom.asynciterable" />
import { FileReadError } from '../../core/errors.ts';
import type { FolderSource, SourceFile } from '../../core/ports/folder-source.ts';
import { BlobReads } from './blob-reads.ts';
import { browserSourceFile } from './file-list-source.ts';

/** A folder opened with the File System Access API (`showDirectoryPicker` or a dropped handle). */
export class DirectoryHandleSource implements FolderSource {
  readonly name: string;

  constructor(readonly handle: FileSystemDirectoryHandle) {
    this.name = handle.name;
  }

  async list(signal?: AbortSignal): Promise<SourceFile[]> {
    const files: SourceFile[] = [];
    const reads = new BlobReads();
    const walk = async (directory: FileSystemDirectoryHandle, prefix: string): Promise<void> => {
      const entries: FileSystemHandle[] = [];
      for await (const entry of directory.values()) {
        signal?.throwIfAborted();
        if (!entry.name.startsWith('.')) entries.push(entry);
      }
      entries.sort((left, right) => (left.name < right.name ? -1 : 1));
      for (const entry of entries) {
        const path = `${prefix}${entry.name}`;
        if (isDirectory(entry)) await walk(entry, `${path}/`);
        else if (isFile(entry)) files.push(await openFile(path, entry, reads));
      }
    };
    await walk(this.handle, '');
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
