import type { FolderSource, SourceFile } from '../../core/ports/folder-source.ts';
import { BlobReads } from './blob-reads.ts';

/** A file chosen in the browser with its path from the chosen folder, top folder included. */
export interface PickedFile {
  /** E.g. `library/notes/today.md`: `webkitRelativePath`, or a dropped entry's full path. */
  relativePath: string;
  file: File;
}

/**
 * The files of one folder chosen with `<input webkitdirectory>` or dropped as entries. The folder
 * is named after the top folder of the paths, which is stripped from each file's path.
 */
export class FileListSource implements FolderSource {
  readonly name: string;
  readonly #files: SourceFile[];

  constructor(picked: readonly PickedFile[]) {
    const split = picked.map(({ relativePath, file }) => ({
      parts: pathParts(relativePath),
      file,
    }));
    this.name = split[0]?.parts[0] ?? 'Folder';
    const reads = new BlobReads();
    this.#files = split
      .filter(({ parts }) => parts.length > 1 && parts.every((part) => !part.startsWith('.')))
      .map(({ parts, file }) => browserSourceFile(parts.slice(1).join('/'), file, reads))
      .sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
  }

  async list(signal?: AbortSignal): Promise<SourceFile[]> {
    signal?.throwIfAborted();
    return [...this.#files];
  }
}

function pathParts(relativePath: string): string[] {
  return relativePath.split(/[\\/]/).filter((part) => part.length > 0);
}

/**
 * A source file that reads a browser `File` snapshot through `reads`, with the other files of its
 * folder asked for at the same time.
 */
export function browserSourceFile(path: string, file: File, reads: BlobReads): SourceFile {
  return {
    path,
    size: file.size,
    mtime: file.lastModified,
    read: (signal) => reads.read(path, file, signal),
  };
}
