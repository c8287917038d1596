import type { FolderInput, PickedFile } from '../clients/library-client.ts';
import { timeSlices } from '../../core/time-slices.ts';

/** A folder the user chose, ready to sync. */
export interface ChosenFolder {
  name: string;
  folder: FolderInput;
}

/** Whether this browser can open a folder with `showDirectoryPicker` (and keep its handle). */
export function canPickDirectory(): boolean {
  return typeof window.showDirectoryPicker === 'function';
}

/** Opens the system folder picker; undefined when the user closes it. */
export async function pickDirectory(): Promise<ChosenFolder | undefined> {
  try {
    const handle = await window.showDirectoryPicker?.({ id: 'archivist-library', mode: 'read' });
    return handle && { name: handle.name, folder: { kind: 'handle', handle } };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return undefined;
    throw error;
  }
}

/** The folder chosen with `<input webkitdirectory>`: named after the top folder of the paths. */
export function folderFromInput(chosen: readonly File[]): ChosenFolder | undefined {
  const files: PickedFile[] = chosen.map((file) => ({
    relativePath: file.webkitRelativePath || file.name,
    file,
  }));
  const name = files[0]?.relativePath.split('/')[0];
  return name ? { name, folder: { kind: 'files', files } } : undefined;
}

/** The longest the main thread reads file dates before it handles what else is waiting. */
const DATE_READING_SLICE_MS = 8;

/**
 * Reads the date of every file picked with `<input webkitdirectory>`, a few milliseconds at a time
 * with the main thread free in between. Chromium reads a picked file's size and date from disk,
 * synchronously, the first time either is asked for, and posting the file to the worker asks:
 * about 0.3 ms a file, so posting a folder of thousands of files at once would freeze the page
 * for seconds. Once read they are kept, and posting the files takes a millisecond.
 */
export async function readFileDates(files: readonly PickedFile[]): Promise<void> {
  const giveWay = timeSlices(DATE_READING_SLICE_MS);
  for (const { file } of files) {
    void file.lastModified;
    await giveWay();
  }
}

/**
 * Asks for read access to a stored folder handle, if the browser does not grant it already. Call
 * it from a click or key handler: the browser shows its prompt only then.
 */
export async function ensureReadPermission(handle: FileSystemDirectoryHandle): Promise<boolean> {
  const descriptor = { mode: 'read' } as const;
  if ((await handle.queryPermission?.(descriptor)) === 'granted') return true;
  if (!handle.requestPermission) return true;
  return (await handle.requestPermission(descriptor)) === 'granted';
}
