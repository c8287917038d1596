import { describeError } from '../errors.ts';
import type { Embedder } from '../ports/embedder.ts';
import type { FolderSource, SourceFile } from '../ports/folder-source.ts';
import type { DocumentParsers } from '../ports/parser.ts';
import type { Store } from '../ports/store.ts';
import type { CollectionIndex } from '../retrieval/collection-index.ts';
import { timeSlices } from '../time-slices.ts';
import type { Collection, FileRecord } from '../types.ts';
import { finishCollection } from './collection-finish.ts';
import { embedBatch, EmbeddedFiles } from './embedding-batch.ts';
import { diffFolder, settingOf, type SettingStamps } from './file-diff.ts';
import { FilePipeline, SKIP_ERRORS, type ParsedFile, type PendingFile } from './file-pipeline.ts';
import { fileRecordOf, type RecordOptions } from './file-records.ts';
import { OrderedCommits, type FileCommit } from './ordered-commits.ts';
import { sha256Hex } from './hash.ts';
import type { PauseController } from './pause.ts';
import { emptyProgress, withRates, type IngestProgress } from './progress.ts';
import { readAhead, type LoadedFile } from './read-ahead.ts';

export interface IngestOptions {
  collection: Collection;
  source: FolderSource;
  store: Store;
  embedder: Embedder;
  parsers: DocumentParsers;
  /** Live search state to keep in step with the store. */
  index?: CollectionIndex;
  /** Keep the bytes of paged files (PDF) with their chunks (`FileWrite.original`) for the viewer. */
  keepPagedOriginals?: boolean;
  signal?: AbortSignal;
  pause?: PauseController;
  onProgress?: (progress: IngestProgress) => void;
  /** Chunks embedded per embedder call. */
  batchSize?: number;
  /** Milliseconds between progress reports. */
  progressInterval?: number;
  /** The stamps of the settings that decide whether some files are read, as they are now. */
  settingStamps?: SettingStamps;
}

/**
 * Files read, hashed and parsed ahead of the one being chunked and embedded: the parsers (a pool
 * of workers in the browser) have this many files to work on at once, and no more bytes. They are
 * asked for in groups of half as many (`readAhead`), which the browser reads together.
 */
const READ_AHEAD = { files: 16, bytes: 32 * 1024 * 1024 };

/**
 * Files committed in one store transaction at most: a folder of small files is written a few
 * dozen files at a time, not one transaction per file.
 */
const FILES_PER_COMMIT = 64;

/** Milliseconds of work between pauses while a loaded collection is prepared for its changes. */
const PREPARE_SLICE_MS = 30;

/** A file read ahead, with its parse started ahead too when its content is new. */
interface ReadFile extends LoadedFile {
  parsed?: Promise<ParsedFile>;
}

/** A file waiting for the next commit: chunked (to be embedded first), or recorded as not indexed. */
type PendingWrite = { chunked: PendingFile } | { notIndexed: FileRecord };

/**
 * Brings a collection in step with its folder: indexes added and changed files, removes deleted
 * ones, and records why a file was skipped or failed. Files are committed a batch at a time, each
 * batch in one store write, so a job stopped at any point (cancel, closed tab, crash) resumes by
 * running it again.
 */
export function runIngest(options: IngestOptions): Promise<IngestProgress> {
  return new IngestRun(options).run();
}

class IngestRun {
  readonly #options: IngestOptions;
  readonly #collection: Collection;
  readonly #batchSize: number;
  readonly #interval: number;
  #progress = emptyProgress();
  #lastReport = 0;
  #started = performance.now();
  #pending: PendingWrite[] = [];
  #pendingChunks = 0;
  #storedByPath = new Map<string, FileRecord>();
  /** Paths read again as they were, which the indexed content's hash must not pass over. */
  #retried = new Set<string>();
  readonly #commits: OrderedCommits;
  /** Vectors embedded in this run, for files with the same bytes later in it. */
  #embedded = new EmbeddedFiles();
  readonly #files: FilePipeline;

  constructor(options: IngestOptions) {
    this.#options = options;
    this.#collection = options.collection;
    this.#files = new FilePipeline({
      collectionId: options.collection.id,
      parsers: options.parsers,
      ...(options.keepPagedOriginals ? { keepPagedOriginals: true } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      onChunked: (file) => {
        this.#pending.push({ chunked: file });
        this.#pendingChunks += file.chunks.length;
      },
      onFailed: (file, hash, error) => this.#recordFailure(file, hash, error),
    });
    this.#commits = new OrderedCommits(options.store, options.index, (commits) =>
      this.#count(commits),
    );
    this.#batchSize = options.batchSize ?? 64;
    this.#interval = options.progressInterval ?? 200;
  }

  async run(): Promise<IngestProgress> {
    const { signal } = this.#options;
    this.#report(true);
    const { work, removed } = await this.#scan();
    try {
      for await (const loaded of readAhead(work, (file) => this.#load(file), READ_AHEAD)) {
        signal?.throwIfAborted();
        await this.#pauseIfAsked();
        await this.#index(loaded);
        const full =
          this.#pendingChunks >= this.#batchSize || this.#pending.length >= FILES_PER_COMMIT;
        if (full) await this.#flush();
      }
      await this.#flush();
      await this.#commits.landed();
    } catch (error) {
      await this.#commits.landed().catch(() => undefined);
      if (signal?.aborted) {
        this.#progress.phase = 'cancelled';
        this.#report(true);
      }
      throw error;
    }
    await this.#finish(work.length > 0 || removed > 0);
    return this.#progress;
  }

  /** Lists the folder, removes what is gone, and returns the files that need work. */
  async #scan(): Promise<{ work: SourceFile[]; removed: number }> {
    const { store, source, signal, index } = this.#options;
    const files = await source.list(signal);
    const stored = await store.listFiles(this.#collection.id);
    this.#storedByPath = new Map(stored.map((record) => [record.path, record]));
    const diff = diffFolder(files, stored, this.#options.settingStamps);
    this.#retried = new Set(diff.retried.map((file) => file.path));
    const work = [...diff.added, ...diff.changed, ...diff.retried];
    if (work.length > 0 || diff.removed.length > 0) {
      await index?.prepareChanges(timeSlices(PREPARE_SLICE_MS));
    }
    if (diff.removed.length > 0) {
      await store.deleteFiles(
        this.#collection.id,
        diff.removed.map((record) => record.id),
      );
      for (const record of diff.removed) index?.removeFile(record.id);
    }
    this.#progress = {
      ...this.#progress,
      phase: 'indexing',
      filesTotal: work.length,
      filesUnchanged: diff.unchanged.length,
      filesRemoved: diff.removed.length,
      bytesTotal: work.reduce((sum, file) => sum + file.size, 0),
    };
    this.#started = performance.now();
    this.#report(true);
    return { work, removed: diff.removed.length };
  }

  /**
   * Checks type and size, reads and hashes, then starts the parse unless the content is the one
   * indexed already; failures travel with the file.
   */
  async #load(file: SourceFile): Promise<ReadFile> {
    try {
      this.#options.parsers.check(file.path, file.size);
      const bytes = await file.read(this.#options.signal);
      const hash = await sha256Hex(bytes);
      if (this.#indexedAlready(file.path, hash)) return { file, bytes, hash };
      return { file, bytes, hash, parsed: this.#files.startParse(file.path, bytes) };
    } catch (error) {
      return { file, hash: '', error };
    }
  }

  /** Whether the file at `path` is indexed with this content, and not to be read again anyway. */
  #indexedAlready(path: string, hash: string): boolean {
    const previous = this.#storedByPath.get(path);
    return previous?.status === 'indexed' && previous.hash === hash && !this.#retried.has(path);
  }

  async #pauseIfAsked(): Promise<void> {
    const { pause, signal } = this.#options;
    if (!pause?.paused) return;
    await this.#flush();
    await this.#commits.landed();
    this.#progress.phase = 'paused';
    this.#report(true);
    await pause.whilePaused(signal);
    signal?.throwIfAborted();
    this.#progress.phase = 'indexing';
    this.#report(true);
  }

  /** Parses and chunks one file into the pending batch, or records why it could not be. */
  async #index({ file, bytes, hash, error: loadError, parsed }: ReadFile): Promise<void> {
    const { store } = this.#options;
    this.#progress.currentPath = file.path;
    try {
      if (loadError !== undefined || !bytes) throw loadError;
      const previous = this.#storedByPath.get(file.path);
      if (previous && this.#indexedAlready(file.path, hash)) {
        await store.updateFile({ ...previous, size: file.size, mtime: file.mtime });
        this.#progress.filesDone += 1;
        this.#progress.bytesDone += file.size;
        return;
      }
      await this.#removeAttachmentsOf(file.path);
      await this.#files.chunk(file, hash, 0, parsed ?? this.#files.startParse(file.path, bytes));
    } catch (error) {
      await this.#recordFailure(file, hash, error);
    }
  }

  /**
   * Records (with the next commit) why a file could not be indexed: skipped when it is not a
   * document or a setting passed it over, else failed.
   */
  async #recordFailure(file: SourceFile, hash: string, error: unknown): Promise<void> {
    if (this.#options.signal?.aborted) throw error;
    const name = describeError(error).name;
    if (name === 'StorageFullError') throw error;
    const skipped = SKIP_ERRORS.has(name) || settingOf(error) !== undefined;
    const status = skipped ? 'skipped' : 'failed';
    this.#pending.push({ notIndexed: this.#record(file, hash, { status, chunkCount: 0, error }) });
  }

  /** Deletes the records of the attachments last indexed from the file at `path`. */
  async #removeAttachmentsOf(path: string): Promise<void> {
    const ids = [...this.#storedByPath.values()]
      .filter((record) => record.container === path)
      .map((record) => record.id);
    if (ids.length === 0) return;
    await this.#options.store.deleteFiles(this.#collection.id, ids);
    for (const id of ids) this.#options.index?.removeFile(id);
  }

  /**
   * Embeds the pending files' chunks in one call (`embedBatch`: texts met before are not embedded
   * again), then starts committing the pending files in one store write once the previous batch
   * has landed (its failure is thrown here).
   */
  async #flush(): Promise<void> {
    const { embedder, signal } = this.#options;
    const batch = this.#pending;
    this.#pending = [];
    this.#pendingChunks = 0;
    if (batch.length === 0) return;
    const chunked = batch.flatMap((entry) => ('chunked' in entry ? [entry.chunked] : []));
    const embedded = (await embedBatch(chunked, embedder, this.#embedded, signal)).values();
    const commits = batch.map((entry): FileCommit => {
      if ('notIndexed' in entry) {
        return { record: entry.notIndexed, chunks: [], vectors: new Float32Array(0) };
      }
      const { file, vectors } = embedded.next().value!;
      const status = { status: 'indexed' as const, chunkCount: file.chunks.length };
      const record = { ...this.#record(file.source, file.hash, status), ...file.notes };
      return { record, chunks: file.chunks, vectors, original: file.original };
    });
    await this.#commits.start(commits);
  }

  /** Counts the files of a batch that has landed. */
  #count(commits: readonly FileCommit[]): void {
    for (const { record, chunks } of commits) {
      if (record.container === undefined) {
        this.#progress.filesDone += 1;
        this.#progress.bytesDone += record.size;
      }
      if (record.status === 'failed') this.#progress.filesFailed += 1;
      if (record.status === 'skipped') this.#progress.filesSkipped += 1;
      if (record.status === 'indexed') this.#progress.chunksDone += chunks.length;
    }
    this.#report();
  }

  /** Merges the keyword segments and recomputes the boundary when anything changed; stamps. */
  async #finish(changed: boolean): Promise<void> {
    const { store, embedder } = this.#options;
    this.#progress.currentPath = undefined;
    this.#progress.phase = 'finishing';
    this.#report(true);
    // The keyword index grew list by list: rebuilt at its size it holds ~0.8 KB a chunk less.
    if (changed) this.#options.index?.compact();
    const live = this.#options.index;
    await finishCollection(store, this.#collection, embedder.dim, changed, live);
    this.#progress.phase = 'done';
    this.#report(true);
  }

  #record(
    file: SourceFile,
    hash: string,
    options: Omit<RecordOptions, 'settingStamps'>,
  ): FileRecord {
    return fileRecordOf(this.#collection.id, file, hash, {
      ...options,
      settingStamps: this.#options.settingStamps,
    });
  }

  #report(force = false): void {
    const now = performance.now();
    if (!force && now - this.#lastReport < this.#interval) return;
    this.#lastReport = now;
    this.#progress = withRates(this.#progress, now - this.#started);
    this.#options.onProgress?.({ ...this.#progress });
  }
}
