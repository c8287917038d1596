import { describeError } from '../errors.ts';
import type { Embedder } from '../ports/embedder.ts';
import type { ParsedDocument } from '../ports/parser.ts';
import type { FileWrite, Store } from '../ports/store.ts';
import { chunkDocument } from '../retrieval/chunking.ts';
import type { CollectionIndex } from '../retrieval/collection-index.ts';
import { indexText } from '../retrieval/index-text.ts';
import { computeBoundary } from '../retrieval/knowledge-boundary.ts';
import type { Chunk, Collection, FileRecord } from '../types.ts';
import { diffFolder } from './file-diff.ts';
import { sha256Hex } from './hash.ts';
import type { PauseController } from './pause.ts';
import { emptyProgress, withRates, type IngestProgress } from './progress.ts';
import { readAhead, type LoadedFile } from './read-ahead.ts';
import type { FolderSource, SourceFile } from './source.ts';

/** What the job needs from the parser registry. */
export interface DocumentParsers {
  /** Throws a named error when a file of this path and size will not be read (type, size). */
  check(path: string, size: number): void;
  parse(input: { path: string; bytes: Uint8Array; signal?: AbortSignal }): Promise<ParsedDocument>;
}

export interface IngestOptions {
  collection: Collection;
  source: FolderSource;
  store: Store;
  embedder: Embedder;
  parsers: DocumentParsers;
  /** Live search state to keep in step with the store. */
  index?: CollectionIndex;
  signal?: AbortSignal;
  pause?: PauseController;
  onProgress?: (progress: IngestProgress) => void;
  /** Chunks embedded per embedder call. */
  batchSize?: number;
  /** Milliseconds between progress reports. */
  progressInterval?: number;
}

/** Files read and hashed ahead of the one being parsed and embedded. */
const READ_AHEAD = { files: 8, bytes: 32 * 1024 * 1024 };

/** Errors that mean "not a document", as opposed to a document that could not be read. */
const SKIP_ERRORS = new Set(['UnsupportedFileError', 'BinaryFileError', 'EmptyFileError']);

interface PendingFile {
  source: SourceFile;
  hash: string;
  chunks: Chunk[];
}

/**
 * Brings a collection in step with its folder: indexes added and changed files, removes deleted
 * ones, and records why a file was skipped or failed. Each file is committed in one store write,
 * so a job stopped at any point (cancel, closed tab, crash) resumes by running it again.
 */
export async function runIngest(options: IngestOptions): Promise<IngestProgress> {
  const { collection, source, store, embedder, signal } = options;
  const batchSize = options.batchSize ?? 64;
  const interval = options.progressInterval ?? 200;
  let progress = emptyProgress();
  let lastReport = 0;
  let started = performance.now();
  const report = (force = false): void => {
    const now = performance.now();
    if (!force && now - lastReport < interval) return;
    lastReport = now;
    progress = withRates(progress, now - started);
    options.onProgress?.({ ...progress });
  };
  report(true);

  const files = await source.list(signal);
  const stored = await store.listFiles(collection.id);
  const storedByPath = new Map(stored.map((record) => [record.path, record]));
  const diff = diffFolder(files, stored);
  if (diff.removed.length > 0) {
    await store.deleteFiles(
      collection.id,
      diff.removed.map((record) => record.id),
    );
    for (const record of diff.removed) options.index?.removeFile(record.id);
  }
  const work = [...diff.added, ...diff.changed, ...diff.retried];
  progress = {
    ...progress,
    phase: 'indexing',
    filesTotal: work.length,
    filesUnchanged: diff.unchanged.length,
    filesRemoved: diff.removed.length,
    bytesTotal: work.reduce((sum, file) => sum + file.size, 0),
  };
  started = performance.now();
  report(true);

  let pending: PendingFile[] = [];
  let pendingChunks = 0;
  const flush = async (): Promise<void> => {
    const batch = pending;
    pending = [];
    pendingChunks = 0;
    const texts = batch.flatMap((file) => file.chunks.map(indexText));
    const vectors =
      texts.length > 0 ? await embedder.embed(texts, { signal }) : new Float32Array(0);
    let row = 0;
    for (const file of batch) {
      const rows = vectors.slice(row * embedder.dim, (row + file.chunks.length) * embedder.dim);
      row += file.chunks.length;
      await commit(
        fileRecord(file.source, file.hash, 'indexed', file.chunks.length),
        file.chunks,
        rows,
      );
      progress.chunksDone += file.chunks.length;
    }
  };
  const commit = async (
    file: FileRecord,
    chunks: Chunk[],
    vectors: Float32Array,
  ): Promise<void> => {
    const write: FileWrite = { file, chunks, vectors };
    await store.writeFile(write);
    options.index?.putFile(file.id, chunks, vectors);
    progress.filesDone += 1;
    progress.bytesDone += file.size;
    if (file.status === 'failed') progress.filesFailed += 1;
    if (file.status === 'skipped') progress.filesSkipped += 1;
    report();
  };
  const fileRecord = (
    file: SourceFile,
    hash: string,
    status: FileRecord['status'],
    chunkCount: number,
    error?: unknown,
  ): FileRecord => ({
    id: `${collection.id}/${file.path}`,
    collectionId: collection.id,
    path: file.path,
    size: file.size,
    mtime: file.mtime,
    hash,
    status,
    ...(error === undefined ? {} : { error: describeError(error) }),
    chunkCount,
    indexedAt: Date.now(),
  });

  const load = async (file: SourceFile): Promise<LoadedFile> => {
    try {
      options.parsers.check(file.path, file.size);
      const bytes = await file.read(signal);
      return { file, bytes, hash: await sha256Hex(bytes) };
    } catch (error) {
      return { file, hash: '', error };
    }
  };

  try {
    for await (const { file, bytes, hash, error: loadError } of readAhead(work, load, READ_AHEAD)) {
      signal?.throwIfAborted();
      if (options.pause?.paused) {
        await flush();
        progress.phase = 'paused';
        report(true);
        await options.pause.whilePaused(signal);
        signal?.throwIfAborted();
        progress.phase = 'indexing';
        report(true);
      }
      progress.currentPath = file.path;
      try {
        if (loadError !== undefined || !bytes) throw loadError;
        const previous = storedByPath.get(file.path);
        if (previous?.status === 'indexed' && previous.hash === hash) {
          await store.updateFile({ ...previous, size: file.size, mtime: file.mtime });
          progress.filesDone += 1;
          progress.bytesDone += file.size;
          continue;
        }
        const document = await options.parsers.parse({ path: file.path, bytes, signal });
        const chunks = chunkDocument(document).map((piece, ordinal): Chunk => ({
          ...piece,
          id: `${collection.id}/${file.path}#${ordinal}`,
          collectionId: collection.id,
          fileId: `${collection.id}/${file.path}`,
          path: file.path,
          ordinal,
        }));
        pending.push({ source: file, hash, chunks });
        pendingChunks += chunks.length;
      } catch (error) {
        if (signal?.aborted) throw error;
        const name = describeError(error).name;
        if (name === 'StorageFullError') throw error;
        const status = SKIP_ERRORS.has(name) ? 'skipped' : 'failed';
        await commit(fileRecord(file, hash, status, 0, error), [], new Float32Array(0));
      }
      if (pendingChunks >= batchSize) await flush();
    }
    await flush();
  } catch (error) {
    if (signal?.aborted) {
      progress.phase = 'cancelled';
      report(true);
    }
    throw error;
  }
  progress.currentPath = undefined;
  progress.phase = 'finishing';
  report(true);
  if (work.length > 0 || diff.removed.length > 0) {
    const stored = await store.loadVectors(collection.id);
    const previous = await store.getCentroids(collection.id);
    await store.putCentroids(
      computeBoundary(collection.id, stored.vectors, embedder.dim, previous),
    );
  }
  await store.putCollection({
    ...((await store.getCollection(collection.id)) ?? collection),
    updatedAt: Date.now(),
  });
  progress.phase = 'done';
  report(true);
  return progress;
}
