/**
 * A file's own bytes for the viewer's page view (docs/decisions/0004): the copy kept when it was
 * indexed, else the file read again through its folder's stored handle, when that is still
 * allowed and the file is as it was indexed. Otherwise `OriginalUnavailableError` says why.
 */
import type { Chunk } from '../core/types.ts';
import type { LibraryStore } from './library-context.ts';
import { OriginalUnavailableError } from './library-errors.ts';

type OriginalSource = Pick<LibraryStore, 'getOriginal' | 'getFolderHandle' | 'listFiles'>;

/** The bytes of the file `chunk` belongs to; throws `OriginalUnavailableError`. */
export async function readOriginal(store: OriginalSource, chunk: Chunk): Promise<Uint8Array> {
  const kept = await store.getOriginal(chunk.fileId);
  if (kept) return kept;
  const handle = (await store.getFolderHandle(chunk.collectionId)) as
    FileSystemDirectoryHandle | undefined;
  if (!handle) {
    throw new OriginalUnavailableError(
      chunk.path,
      'it was indexed before Archivist kept copies of PDFs, and its folder was added as a list of files, which cannot be read again',
    );
  }
  const permission = (await handle.queryPermission?.({ mode: 'read' })) ?? 'granted';
  if (permission !== 'granted') {
    throw new OriginalUnavailableError(
      chunk.path,
      'reading its folder again needs your permission: sync the folder once to give it',
    );
  }
  const record = (await store.listFiles(chunk.collectionId)).find(
    (file) => file.id === chunk.fileId,
  );
  const file = await openInFolder(handle, chunk.path);
  if (!file || !record || file.size !== record.size || file.lastModified !== record.mtime) {
    throw new OriginalUnavailableError(
      chunk.path,
      'the file has changed, moved or become unreadable since it was indexed; sync the folder to update it',
    );
  }
  return new Uint8Array(await file.arrayBuffer());
}

/** The file at `path` (forward slashes) inside the folder, or `undefined` when it cannot be opened. */
async function openInFolder(
  folder: FileSystemDirectoryHandle,
  path: string,
): Promise<File | undefined> {
  const parts = path.split('/');
  const name = parts.pop() ?? '';
  try {
    let directory = folder;
    for (const part of parts) directory = await directory.getDirectoryHandle(part);
    return await (await directory.getFileHandle(name)).getFile();
  } catch {
    return undefined;
  }
}
