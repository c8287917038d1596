import { describeError } from '../errors.ts';
import type { Embedder } from '../ports/embedder.ts';
import type { FolderSource, SourceFile } from '../ports/folder-source.ts';
import type { Attachment, DocumentParsers, ParsedDocument, ParseInput } from '../ports/parser.ts';
import type { FileWrite, Store } from '../ports/store.ts';
import { chunkDocument } from '../retrieval/chunking.ts';
import type { CollectionIndex } from '../retrieval/collection-index.ts';
import { indexText } from '../retrieval/index-text.ts';
import { chunkKeywords } from '../retrieval/keyword-segment.ts';
import { encodeSegment } from '../retrieval/keyword-segment-format.ts';
import { openKeywordIndex } from '../retrieval/stored-keyword-index.ts';
import { timeSlices } from '../time-slices.ts';
import { computeBoundary } from '../retrieval/knowledge-boundary.ts';
import type { Chunk, Collection, FileRecord } from '../types.ts';
import {
  isAttachment,
  MAX_ATTACHMENT_DEPTH,
  notIndexedWarning,
  planAttachments,
} from './attachments.ts';
import { diffFolder, recordedError, settingOf, type SettingStamps } from './file-diff.ts';
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
 * of workers in the browser) have this many files to work on at once, and no more bytes.
 */
const READ_AHEAD = { files: 8, bytes: 32 * 1024 * 1024 };

/**
 * Vectors of files embedded in this run, kept by content hash so that a duplicate file (the same
 * bytes under another name) is not embedded again: at most this many bytes of vectors and texts.
 */
const DUPLICATE_CACHE_BYTES = 16 * 1024 * 1024;

/** Milliseconds of work between pauses while a keyword index is rebuilt at the end of a sync. */
const MERGE_SLICE_MS = 30;

/** Errors that mean "not a document", as opposed to a document that could not be read. */
const SKIP_ERRORS = new Set(['UnsupportedFileError', 'BinaryFileError', 'EmptyFileError']);

/** A file read ahead, with its parse started ahead too when its content is new. */
interface ReadFile extends LoadedFile {
  parsed?: Promise<ParsedFile>;
}

/** A parsed document and the file's bytes (which a parser in another thread hands back). */
interface ParsedFile {
  document: ParsedDocument;
  bytes: Uint8Array;
}

interface PendingFile {
  source: SourceFile;
  hash: string;
  chunks: Chunk[];
  original?: Uint8Array;
  /** What the parser said about the file: its warnings and OCR page count. */
  notes: FileNotes;
}

/** The parser's notes on a file that was read, kept with its record. */
type FileNotes = Pick<FileRecord, 'warnings' | 'ocrPages' | 'pages'>;

interface EmbeddedFile {
  /** The texts that were embedded, one per chunk. */
  texts: string[];
  vectors: Float32Array;
}

/**
 * Brings a collection in step with its folder: indexes added and changed files, removes deleted
 * ones, and records why a file was skipped or failed. Each file is committed in one store write,
 * so a job stopped at any point (cancel, closed tab, crash) resumes by running it again.
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
  #pending: PendingFile[] = [];
  #pendingChunks = 0;
  #storedByPath = new Map<string, FileRecord>();
  /** Paths read again as they were, which the indexed content's hash must not pass over. */
  #retried = new Set<string>();
  #embeddedByHash = new Map<string, EmbeddedFile>();
  #embeddedBytes = 0;

  constructor(options: IngestOptions) {
    this.#options = options;
    this.#collection = options.collection;
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
        if (this.#pendingChunks >= this.#batchSize) await this.#flush();
      }
      await this.#flush();
    } catch (error) {
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
    if (diff.removed.length > 0) {
      await store.deleteFiles(
        this.#collection.id,
        diff.removed.map((record) => record.id),
      );
      for (const record of diff.removed) index?.removeFile(record.id);
    }
    const work = [...diff.added, ...diff.changed, ...diff.retried];
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
      return { file, bytes, hash, parsed: this.#startParse(file.path, bytes) };
    } catch (error) {
      return { file, hash: '', error };
    }
  }

  /** Whether the file at `path` is indexed with this content, and not to be read again anyway. */
  #indexedAlready(path: string, hash: string): boolean {
    const previous = this.#storedByPath.get(path);
    return previous?.status === 'indexed' && previous.hash === hash && !this.#retried.has(path);
  }

  /** Starts a parse, awaited later in the files' order (a failure is recorded then). */
  #startParse(path: string, bytes: Uint8Array): Promise<ParsedFile> {
    const input: ParseInput = { path, bytes, signal: this.#options.signal };
    const parsed = this.#options.parsers
      .parse(input)
      .then((document) => ({ document, bytes: input.bytes }));
    parsed.catch(() => undefined);
    return parsed;
  }

  async #pauseIfAsked(): Promise<void> {
    const { pause, signal } = this.#options;
    if (!pause?.paused) return;
    await this.#flush();
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
      await this.#parseIntoBatch(file, hash, 0, parsed ?? this.#startParse(file.path, bytes));
    } catch (error) {
      await this.#recordFailure(file, hash, error);
    }
  }

  /**
   * Parses and chunks a file (or an attachment, `depth` messages deep) into the pending batch,
   * its attachments before it: a container is committed only after its attachments, so a job
   * stopped between them leaves the container to be indexed again.
   */
  async #parseIntoBatch(
    file: SourceFile,
    hash: string,
    depth: number,
    parsing: Promise<ParsedFile>,
  ): Promise<void> {
    const { keepPagedOriginals } = this.#options;
    const { document, bytes } = await parsing;
    if (document.attachments?.length) {
      await this.#indexAttachments(file, document, document.attachments, depth);
    }
    const fileId = this.#fileId(file);
    const chunks = chunkDocument(document).map((piece, ordinal): Chunk => ({
      ...piece,
      id: `${fileId}#${ordinal}`,
      collectionId: this.#collection.id,
      fileId,
      path: file.path,
      ordinal,
    }));
    const paged = document.blocks.some((block) => block.page !== undefined);
    const original = keepPagedOriginals && paged ? { original: bytes } : {};
    this.#pending.push({ source: file, hash, chunks, ...original, notes: notesOf(document) });
    this.#pendingChunks += chunks.length;
  }

  /**
   * Indexes each attachment a parser reads as a file of its own under the container's path; the
   * others, and those with no text, are named in the container's warnings; one that fails is
   * recorded alone.
   */
  async #indexAttachments(
    parent: SourceFile,
    document: ParsedDocument,
    attachments: readonly Attachment[],
    depth: number,
  ): Promise<void> {
    const container = isAttachment(parent) ? parent.container : parent.path;
    const check = (path: string, size: number) => this.#options.parsers.check(path, size);
    const plan =
      depth < MAX_ATTACHMENT_DEPTH
        ? planAttachments(parent, container, attachments, check)
        : {
            files: [],
            warnings: [`Attachments nested deeper than ${depth} messages not indexed.`],
          };
    const withoutText: string[] = [];
    for (const attachment of plan.files) {
      const hash = await sha256Hex(attachment.bytes);
      try {
        const parsing = this.#startParse(attachment.path, attachment.bytes);
        await this.#parseIntoBatch(attachment, hash, depth + 1, parsing);
      } catch (error) {
        // An attachment with nothing to index (a logo, a blank page) is no file of the folder's.
        const skipped = SKIP_ERRORS.has(describeError(error).name);
        if (skipped && !this.#options.signal?.aborted) withoutText.push(attachment.name);
        else await this.#recordFailure(attachment, hash, error);
      }
    }
    const warnings = [...plan.warnings, ...notIndexedWarning('no text to index', withoutText)];
    if (warnings.length > 0) document.warnings = [...(document.warnings ?? []), ...warnings];
  }

  /**
   * Records why a file could not be indexed: skipped when it is not a document or a setting passed
   * it over, else failed.
   */
  async #recordFailure(file: SourceFile, hash: string, error: unknown): Promise<void> {
    if (this.#options.signal?.aborted) throw error;
    const name = describeError(error).name;
    if (name === 'StorageFullError') throw error;
    const skipped = SKIP_ERRORS.has(name) || settingOf(error) !== undefined;
    const status = skipped ? 'skipped' : 'failed';
    await this.#commit(this.#record(file, hash, status, 0, error), [], new Float32Array(0));
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
   * Embeds the pending files' chunks in one call, then commits each file. A text that occurs more
   * than once in the batch is embedded once, and a file whose bytes and texts were embedded earlier
   * in this run (a duplicate under another name) reuses those vectors.
   */
  async #flush(): Promise<void> {
    const { embedder, signal } = this.#options;
    const batch = this.#pending;
    this.#pending = [];
    this.#pendingChunks = 0;
    const texts: string[] = [];
    const rowOfText = new Map<string, number>();
    const planned = batch.map((file) => {
      const fileTexts = file.chunks.map(indexText);
      const earlier = this.#embeddedByHash.get(file.hash);
      if (earlier && sameTexts(earlier.texts, fileTexts)) {
        return { file, texts: fileTexts, vectors: earlier.vectors, rows: [] };
      }
      const rows = fileTexts.map((text) => {
        let row = rowOfText.get(text);
        if (row === undefined) {
          row = texts.push(text) - 1;
          rowOfText.set(text, row);
        }
        return row;
      });
      return { file, texts: fileTexts, vectors: undefined, rows };
    });
    const embedded =
      texts.length > 0 ? await embedder.embed(texts, { signal }) : new Float32Array(0);
    for (const { file, texts: fileTexts, vectors, rows } of planned) {
      const fileVectors = vectors ?? gatherRows(embedded, rows, embedder.dim);
      if (!vectors) this.#rememberEmbedded(file.hash, fileTexts, fileVectors);
      const record = {
        ...this.#record(file.source, file.hash, 'indexed', file.chunks.length),
        ...file.notes,
      };
      await this.#commit(record, file.chunks, fileVectors, file.original);
      this.#progress.chunksDone += file.chunks.length;
    }
  }

  /** Keeps a file's vectors for duplicates later in the run, forgetting the oldest over budget. */
  #rememberEmbedded(hash: string, texts: string[], vectors: Float32Array): void {
    const bytes = vectors.byteLength + texts.reduce((sum, text) => sum + text.length * 2, 0);
    if (bytes > DUPLICATE_CACHE_BYTES / 4 || this.#embeddedByHash.has(hash)) return;
    this.#embeddedByHash.set(hash, { texts, vectors });
    this.#embeddedBytes += bytes;
    for (const [oldest, entry] of this.#embeddedByHash) {
      if (this.#embeddedBytes <= DUPLICATE_CACHE_BYTES) break;
      this.#embeddedByHash.delete(oldest);
      this.#embeddedBytes -=
        entry.vectors.byteLength + entry.texts.reduce((sum, text) => sum + text.length * 2, 0);
    }
  }

  async #commit(
    file: FileRecord,
    chunks: Chunk[],
    vectors: Float32Array,
    original?: Uint8Array,
  ): Promise<void> {
    // Tokenised once: the store keeps the counted terms, the live index takes them as they are.
    const keywords = chunkKeywords(chunks);
    const write: FileWrite = {
      file,
      chunks,
      vectors,
      keywords: encodeSegment(keywords),
      ...(original ? { original } : {}),
    };
    await this.#options.store.writeFile(write);
    this.#options.index?.putFile(file.id, chunks, vectors, keywords);
    if (file.container === undefined) {
      this.#progress.filesDone += 1;
      this.#progress.bytesDone += file.size;
    }
    if (file.status === 'failed') this.#progress.filesFailed += 1;
    if (file.status === 'skipped') this.#progress.filesSkipped += 1;
    this.#report();
  }

  /**
   * When anything changed: merges the files' keyword segments into the stored base (so the next
   * load reads one segment) and recomputes the knowledge boundary. Stamps the collection.
   */
  async #finish(changed: boolean): Promise<void> {
    const { store, embedder } = this.#options;
    const id = this.#collection.id;
    this.#progress.currentPath = undefined;
    this.#progress.phase = 'finishing';
    this.#report(true);
    if (changed) {
      await openKeywordIndex(store, id, timeSlices(MERGE_SLICE_MS));
      const stored = await store.loadVectors(id);
      const previous = await store.getCentroids(id);
      await store.putCentroids(computeBoundary(id, stored.vectors, embedder.dim, previous));
    }
    await store.putCollection({
      ...((await store.getCollection(id)) ?? this.#collection),
      updatedAt: Date.now(),
    });
    this.#progress.phase = 'done';
    this.#report(true);
  }

  #fileId(file: SourceFile): string {
    return `${this.#collection.id}/${file.path}`;
  }

  #record(
    file: SourceFile,
    hash: string,
    status: FileRecord['status'],
    chunkCount: number,
    error?: unknown,
  ): FileRecord {
    return {
      id: this.#fileId(file),
      collectionId: this.#collection.id,
      path: file.path,
      size: file.size,
      mtime: file.mtime,
      hash,
      status,
      ...(isAttachment(file) ? { container: file.container } : {}),
      ...(error === undefined
        ? {}
        : { error: recordedError(error, this.#options.settingStamps ?? {}) }),
      chunkCount,
      indexedAt: Date.now(),
    };
  }

  #report(force = false): void {
    const now = performance.now();
    if (!force && now - this.#lastReport < this.#interval) return;
    this.#lastReport = now;
    this.#progress = withRates(this.#progress, now - this.#started);
    this.#options.onProgress?.({ ...this.#progress });
  }
}

/** A document's warnings, OCR page count and last page, only those it has. */
function notesOf(document: ParsedDocument): FileNotes {
  const pages = document.blocks.reduce((last, block) => Math.max(last, block.page ?? 0), 0);
  return {
    ...(pages > 0 ? { pages } : {}),
    ...(document.warnings?.length ? { warnings: [...document.warnings] } : {}),
    ...(document.ocrPages ? { ocrPages: document.ocrPages } : {}),
  };
}

function sameTexts(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((text, index) => text === right[index]);
}

/** The given rows of a flat `rows × dim` array, in that order, as a new array. */
function gatherRows(vectors: Float32Array, rows: readonly number[], dim: number): Float32Array {
  const gathered = new Float32Array(rows.length * dim);
  rows.forEach((row, index) => {
    gathered.set(vectors.subarray(row * dim, (row + 1) * dim), index * dim);
  });
  return gathered;
}
