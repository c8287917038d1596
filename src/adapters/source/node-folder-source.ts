import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import { FileReadError } from '../../core/errors.ts';
import type { FolderSource, SourceFile } from '../../core/ingest/source.ts';

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
          return new Uint8Array(await readFile(path, { signal }));
        } catch (error) {
          if (signal?.aborted) throw error;
          throw new FileReadError(relativePath, (error as Error).message);
        }
      },
    };
  }
}
