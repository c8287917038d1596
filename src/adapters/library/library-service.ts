import { CollectionNotFoundError } from '../../core/errors.ts';
import { runIngest, type DocumentParsers } from '../../core/ingest/ingest-job.ts';
import type { FolderSource } from '../../core/ingest/source.ts';
import type { Embedder } from '../../core/ports/embedder.ts';
import type { Store } from '../../core/ports/store.ts';
import { LibrarySearch, type CreateVectorIndex } from '../../core/retrieval/library-search.ts';
import type { Collection } from '../../core/types.ts';
import { findEmbeddingModel } from '../embedder/models.ts';
import { DirectoryHandleSource } from '../source/directory-handle-source.ts';
import { FileListSource } from '../source/file-list-source.ts';
import { rebuildDocument } from './document-text.ts';
import { PassageNotFoundError } from './library-errors.ts';
import type {
  CollectionSummary,
  DocumentView,
  FileIssue,
  FolderInput,
  LibrarySearchRequest,
  SearchResultItem,
  StorageUsage,
  SyncEvent,
  SyncRequest,
  SyncSummary,
} from './library-types.ts';
import { SyncQueue, type SyncControl } from './sync-queue.ts';
import { summarizeSync } from './sync-summary.ts';
import { findTermMatches } from './term-matches.ts';

/** Where folder handles are kept between visits (the IndexedDB store). */
export interface FolderHandleStore {
  putFolderHandle(collectionId: string, handle: unknown): Promise<void>;
  getFolderHandle(collectionId: string): Promise<unknown>;
}

export type LibraryStore = Store & FolderHandleStore;

export interface LibraryDependencies {
  /** Opened once; every call waits for it (and fails with its error when it failed). */
  store: Promise<LibraryStore>;
  embedder: Embedder;
  parsers: DocumentParsers;
  createVectorIndex: CreateVectorIndex;
  estimateStorage: () => Promise<StorageUsage | undefined>;
}

const DEFAULT_RESULT_COUNT = 10;

/**
 * The document library behind the UI: collections synced from folders (one job at a time, each
 * pausable and cancellable), search across them, and documents rebuilt for the viewer.
 */
export class LibraryService {
  readonly #opened: Promise<{ store: LibraryStore; search: LibrarySearch }>;
  readonly #jobs = new SyncQueue();
  /** The running syncs of each collection: collection id to job id to its promise. */
  readonly #syncing = new Map<string, Map<string, Promise<unknown>>>();

  readonly #dependencies: LibraryDependencies;

  constructor(dependencies: LibraryDependencies) {
    this.#dependencies = dependencies;
    this.#opened = dependencies.store.then((store) => ({
      store,
      search: new LibrarySearch(store, dependencies.embedder, dependencies.createVectorIndex),
    }));
    this.#opened.catch(() => undefined); // reported by each call
  }

  async listCollections(): Promise<CollectionSummary[]> {
    const { store } = await this.#opened;
    const collections = await store.listCollections();
    const summaries = await Promise.all(collections.map((item) => summarize(store, item)));
    return summaries.sort((left, right) => left.name.localeCompare(right.name));
  }

  async listFileIssues(collectionId: string): Promise<FileIssue[]> {
    const { store } = await this.#opened;
    const files = await store.listFiles(collectionId);
    return files.flatMap((file): FileIssue[] =>
      file.status === 'indexed'
        ? []
        : [
            {
              path: file.path,
              status: file.status,
              errorName: file.error?.name ?? 'Error',
              message: file.error?.message ?? 'No reason was recorded.',
            },
          ],
    );
  }

  /** Indexes a folder's added and changed files and drops its removed ones; resolves a summary. */
  syncFolder(request: SyncRequest, onEvent: (event: SyncEvent) => void): Promise<SyncSummary> {
    return this.#jobs.enqueue(request.jobId, async (control) => {
      const { store } = await this.#opened;
      const source = openFolder(request.folder);
      const collection = await this.#resolveCollection(store, source.name, request.collectionId);
      if (request.folder.kind === 'handle') {
        await store.putFolderHandle(collection.id, request.folder.handle);
      }
      const job = this.#runSync(request.jobId, collection, source, control, onEvent);
      return this.#track(collection.id, request.jobId, job);
    });
  }

  pause(jobId: string): void {
    this.#jobs.pause(jobId);
  }

  resume(jobId: string): void {
    this.#jobs.resume(jobId);
  }

  cancel(jobId: string): void {
    this.#jobs.cancel(jobId);
  }

  /** Removes a collection and everything stored for it, after stopping its sync. */
  async deleteCollection(collectionId: string): Promise<void> {
    const jobs = this.#syncing.get(collectionId) ?? new Map<string, Promise<unknown>>();
    for (const jobId of jobs.keys()) this.#jobs.cancel(jobId);
    await Promise.allSettled(jobs.values());
    const { store, search } = await this.#opened;
    search.close(collectionId);
    await store.deleteCollection(collectionId);
  }

  async search(request: LibrarySearchRequest): Promise<SearchResultItem[]> {
    const query = request.query.trim();
    if (query.length === 0 || request.collectionIds?.length === 0) return [];
    const { store, search } = await this.#opened;
    const [result, collections] = await Promise.all([
      search.search(query, {
        mode: request.mode,
        k: request.k ?? DEFAULT_RESULT_COUNT,
        ...(request.collectionIds ? { collectionIds: request.collectionIds } : {}),
      }),
      store.listCollections(),
    ]);
    const names = new Map(collections.map((collection) => [collection.id, collection.name]));
    return result.passages.map(({ chunk, score, lexicalRank, denseRank }) => ({
      chunkId: chunk.id,
      collectionId: chunk.collectionId,
      collectionName: names.get(chunk.collectionId) ?? '',
      path: chunk.path,
      headingPath: chunk.headingPath,
      ...(chunk.page === undefined ? {} : { page: chunk.page }),
      text: chunk.text,
      score,
      ...(lexicalRank === undefined ? {} : { lexicalRank }),
      ...(denseRank === undefined ? {} : { denseRank }),
      matches: findTermMatches(query, chunk.text),
    }));
  }

  /** The document holding a chunk, rebuilt from its stored chunks, with that chunk as the passage. */
  async openDocument(chunkId: string, query = ''): Promise<DocumentView> {
    const { store } = await this.#opened;
    const [chunk] = await store.getChunks([chunkId]);
    if (!chunk) throw new PassageNotFoundError();
    const [collection, chunks] = await Promise.all([
      store.getCollection(chunk.collectionId),
      store.listChunks(chunk.collectionId),
    ]);
    const document = rebuildDocument(chunks.filter((other) => other.fileId === chunk.fileId));
    const passage = document.ranges.get(chunk.id) ?? { start: 0, end: 0 };
    return {
      collectionName: collection?.name ?? '',
      path: chunk.path,
      text: document.text,
      passage,
      matches: findTermMatches(query, document.text, passage),
      hasGaps: document.hasGaps,
    };
  }

  storageEstimate(): Promise<StorageUsage | undefined> {
    return this.#dependencies.estimateStorage();
  }

  async #resolveCollection(
    store: LibraryStore,
    name: string,
    collectionId?: string,
  ): Promise<Collection> {
    if (collectionId !== undefined) {
      const collection = await store.getCollection(collectionId);
      if (!collection) throw new CollectionNotFoundError(collectionId);
      return collection;
    }
    const existing = (await store.listCollections()).find((item) => item.name === name);
    if (existing) return existing;
    const now = Date.now();
    const collection: Collection = {
      id: crypto.randomUUID(),
      name,
      embedderId: this.#dependencies.embedder.id,
      dim: this.#dependencies.embedder.dim,
      createdAt: now,
      updatedAt: now,
      fileCount: 0,
      chunkCount: 0,
    };
    await store.putCollection(collection);
    return collection;
  }

  async #runSync(
    jobId: string,
    collection: Collection,
    source: FolderSource,
    { pause, abort }: SyncControl,
    onEvent: (event: SyncEvent) => void,
  ): Promise<SyncSummary> {
    const { store, search } = await this.#opened;
    const startedAt = Date.now();
    const before = new Set((await store.listFiles(collection.id)).map((file) => file.path));
    const progress = await runIngest({
      collection,
      source,
      store,
      embedder: this.#dependencies.embedder,
      parsers: this.#dependencies.parsers,
      index: await search.open(collection.id),
      signal: abort.signal,
      pause,
      onProgress: (progress) =>
        onEvent({ jobId, collectionId: collection.id, collectionName: collection.name, progress }),
    });
    return summarizeSync({
      jobId,
      collection,
      before,
      after: await store.listFiles(collection.id),
      startedAt,
      progress,
      seconds: (Date.now() - startedAt) / 1000,
    });
  }

  async #track<Result>(collectionId: string, jobId: string, job: Promise<Result>): Promise<Result> {
    const jobs = this.#syncing.get(collectionId) ?? new Map<string, Promise<unknown>>();
    jobs.set(jobId, job);
    this.#syncing.set(collectionId, jobs);
    try {
      return await job;
    } finally {
      jobs.delete(jobId);
      if (jobs.size === 0) this.#syncing.delete(collectionId);
    }
  }
}

async function summarize(store: LibraryStore, collection: Collection): Promise<CollectionSummary> {
  const [files, handle] = await Promise.all([
    store.listFiles(collection.id),
    store.getFolderHandle(collection.id),
  ]);
  return {
    ...collection,
    embedderLabel: findEmbeddingModel(collection.embedderId)?.label ?? collection.embedderId,
    skippedFiles: files.filter((file) => file.status === 'skipped').length,
    failedFiles: files.filter((file) => file.status === 'failed').length,
    ...(isDirectoryHandle(handle) ? { folderHandle: handle } : {}),
  };
}

function openFolder(folder: FolderInput): FolderSource {
  return folder.kind === 'handle'
    ? new DirectoryHandleSource(folder.handle)
    : new FileListSource(folder.files);
}

function isDirectoryHandle(value: unknown): value is FileSystemDirectoryHandle {
  return (
    typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'directory'
  );
}
