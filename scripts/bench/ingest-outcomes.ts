import { writeFile } from 'node:fs/promises';
import type { Store } from '../../src/core/ports/store.ts';
import type { Chunk, FileRecord, FileStatus } from '../../src/core/types.ts';
import { docsPath } from '../node-library.ts';

/** One line of `bench ingest --outcomes`: what became of one file (DESIGN.md §5). */
export interface FileOutcome {
  /** Relative to `--docs`. */
  path: string;
  status: FileStatus;
  /** The error's name, null when none. */
  error: string | null;
  chunks: number;
  /** Chunks under at least one heading. */
  headingChunks: number;
  ocrPages: number;
  /** The file's chunk texts joined by a blank line. */
  text: string;
}

/**
 * The outcome of every file of the collections, in collection order, then by path. A file
 * carried inside another (an e-mail attachment, `FileRecord.container`) is not a file of the
 * folder: its chunks, heading chunks, OCR pages and text count in the outcome of the folder file
 * that holds it, so there is one line per file on disk.
 */
export async function collectOutcomes(
  store: Store,
  collectionIds: readonly string[],
): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = [];
  for (const collectionId of collectionIds) {
    const chunksByFile = new Map<string, Chunk[]>();
    for (const chunk of await store.listChunks(collectionId)) {
      const chunks = chunksByFile.get(chunk.fileId);
      if (chunks) chunks.push(chunk);
      else chunksByFile.set(chunk.fileId, [chunk]);
    }
    const files = await store.listFiles(collectionId);
    files.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
    const byPath = new Map(files.map((file) => [file.path, file]));
    const carried = new Map<string, FileRecord[]>();
    for (const file of files) {
      if (file.container === undefined) continue;
      const holder = outermost(file, byPath);
      carried.set(holder.path, [...(carried.get(holder.path) ?? []), file]);
    }
    for (const file of files) {
      if (file.container !== undefined) continue;
      const held = [file, ...(carried.get(file.path) ?? [])];
      const chunks = held.flatMap((record) => (chunksByFile.get(record.id) ?? []).sort(byOrdinal));
      outcomes.push({
        path: docsPath(collectionId, file.path),
        status: file.status,
        error: file.error?.name ?? null,
        chunks: chunks.length,
        headingChunks: chunks.filter((chunk) => chunk.headingPath.length > 0).length,
        ocrPages: held.reduce((sum, record) => sum + (record.ocrPages ?? 0), 0),
        text: chunks.map((chunk) => chunk.text).join('\n\n'),
      });
    }
  }
  return outcomes;
}

/** The folder file that holds `file`, following containers (attachments of attachments). */
function outermost(file: FileRecord, byPath: ReadonlyMap<string, FileRecord>): FileRecord {
  let holder = file;
  for (let depth = 0; holder.container !== undefined && depth < 100; depth += 1) {
    const next = byPath.get(holder.container);
    if (!next) break;
    holder = next;
  }
  return holder;
}

/** Writes the outcomes as JSON Lines, one file per line. */
export async function writeOutcomes(path: string, outcomes: readonly FileOutcome[]): Promise<void> {
  await writeFile(path, outcomes.map((outcome) => `${JSON.stringify(outcome)}\n`).join(''));
}

function byOrdinal(left: Chunk, right: Chunk): number {
  return left.ordinal - right.ordinal;
}
