import type { PickedFile } from '../clients/library-client.ts';
import type { ChosenFolder } from './chosen-folders.ts';

export interface DroppedFolders {
  folders: ChosenFolder[];
  /** Names of dropped things that are not folders (single files are not collections). */
  ignored: string[];
}

type PendingItem = Promise<FileSystemHandle | null> | FileSystemEntry | null;

/**
 * The folders dropped in a drag-and-drop. Each item is claimed while the drop event runs (the
 * browser empties the list after it): as a File System Access handle where the browser has it
 * (kept for re-sync), as a directory entry otherwise.
 */
export async function droppedFolders(transfer: DataTransfer): Promise<DroppedFolders> {
  const pending: PendingItem[] = [...transfer.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.getAsFileSystemHandle?.() ?? item.webkitGetAsEntry());
  const result: DroppedFolders = { folders: [], ignored: [] };
  for (const item of pending) {
    const resolved = await item;
    if (!resolved) continue;
    if (isDirectoryHandle(resolved)) {
      result.folders.push({ name: resolved.name, folder: { kind: 'handle', handle: resolved } });
    } else if (isDirectoryEntry(resolved)) {
      const files = await readEntryTree(resolved);
      result.folders.push({ name: resolved.name, folder: { kind: 'files', files } });
    } else {
      result.ignored.push(resolved.name);
    }
  }
  return result;
}

function isDirectoryHandle(
  value: FileSystemHandle | FileSystemEntry,
): value is FileSystemDirectoryHandle {
  return 'kind' in value && value.kind === 'directory';
}

function isDirectoryEntry(
  value: FileSystemHandle | FileSystemEntry,
): value is FileSystemDirectoryEntry {
  return 'isDirectory' in value && value.isDirectory;
}

/** Every file under a dropped directory entry, with its path from the dropped folder. */
async function readEntryTree(root: FileSystemDirectoryEntry): Promise<PickedFile[]> {
  const files: PickedFile[] = [];
  const walk = async (directory: FileSystemDirectoryEntry): Promise<void> => {
    for (const entry of await readAllEntries(directory)) {
      if (entry.isDirectory) await walk(entry as FileSystemDirectoryEntry);
      else if (entry.isFile) {
        const file = await new Promise<File>((resolve, reject) =>
          (entry as FileSystemFileEntry).file(resolve, reject),
        );
        files.push({ relativePath: entry.fullPath.replace(/^\/+/, ''), file });
      }
    }
  };
  await walk(root);
  return files;
}

/** A directory reader returns entries in batches until an empty one. */
async function readAllEntries(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const entries: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return entries;
    entries.push(...batch);
  }
}
