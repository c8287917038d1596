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
/** How often `readFileDates` says how far it got. */
const DATE_REPORT_MS = 100;

/**
 * Reads the date of every file picked with `<input webkitdirectory>`, a few milliseconds at a time
 * with the main thread free in between. Chromium reads a picked file's size and date from disk,
 * synchronously, the first time either is asked for, and posting the file to the worker asks:
 * about 0.3 ms a file, so posting a folder of thousands of files at once would freeze the page
 * for seconds. Once read they are kept, and posting the files takes a millisecond. `onProgress`
 * hears how many dates are read: 0 at once, then every `DATE_REPORT_MS` or so, and all at the end
 * (5,000 picked files took 1.27-1.36 s in Chromium on a 2-core machine); `signal` stops it
 * (with its reason).
 */
export async function readFileDates(
  files: readonly PickedFile[],
  onProgress?: (read: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const giveWay = timeSlices(DATE_READING_SLICE_MS);
  onProgress?.(0);
  let reportedAt = performance.now();
  for (const [index, { file }] of files.entries()) {
    void file.lastModified;
    if (onProgress && performance.now() - reportedAt >= DATE_REPORT_MS) {
      onProgress(index + 1);
      reportedAt = performance.now();
    }
    await giveWay();
    signal?.throwIfAborted();
  }
  onProgress?.(files.length);
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
