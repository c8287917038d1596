import { proxy, transfer, type ProxyMarked } from 'comlink';
import type { DocumentParsers } from '../core/ports/parser.ts';
import type { ConversationStore } from '../core/conversation/conversation-store.ts';
import { LibrarySearch, type CreateVectorIndex } from '../core/retrieval/library-search.ts';
import type { CollectionChanges } from './collection-changes.ts';
import { contentsPage } from './collection-contents.ts';
import { summarizeCollection } from './collection-summary.ts';
import type { EmbedderRegistry } from './embedder-registry.ts';
import { openFolder, resolveCollection, syncCollection } from './folder-sync.ts';
import type { LibraryContext, LibraryStore } from './library-context.ts';
import { PassageNotFoundError } from './library-errors.ts';
import type { CacheStorageLike } from '../adapters/engines/webllm/model-cache.ts';
import type { FetchAlsoTo } from '../adapters/network/network-guard.ts';
import { OnDeviceDownloads } from './on-device-downloads.ts';
import { QuestionService } from './question-service.ts';
import type {
  CollectionSummary,
  ContentsPage,
  ContentsRequest,
  DocumentView,
  FileIssue,
  LibrarySearchRequest,
  ModelChangeEvent,
  ModelChangeRequest,
  ModelChangeSummary,
  SearchResultItem,
  StorageUsage,
  SyncEvent,
  SyncRequest,
  SyncSummary,
} from './library-types.ts';
import { readModelHost, writeModelHost } from './model-host.ts';
import { readOcrSetting, writeOcrSetting, type OcrSetting } from './ocr-setting.ts';
import { changeModel } from './model-change.ts';
import { readOriginal } from './original-file.ts';
import { RunningJobs } from './running-jobs.ts';
import { SyncMarkers } from './sync-markers.ts';
import { SyncQueue } from './sync-queue.ts';
import type { WebLocks } from './web-locks.ts';
import { documentView, searchResultItem } from './library-views.ts';
import { prepareSearch } from './search-preparation.ts';

export interface LibraryDependencies {
  /** Opened once; every call waits for it (and fails with its error when it failed). */
  store: Promise<LibraryStore>;
  embedders: EmbedderRegistry;
  parsers: DocumentParsers;
  createVectorIndex: CreateVectorIndex;
  estimateStorage: () => Promise<StorageUsage | undefined>;
  /** Conversations, in their own database. */
  conversations: ConversationStore;
  /** Closes the databases and deletes everything stored on this device (see `eraseSiteData`). */
  eraseAll: () => Promise<void>;
  /** Where web-llm caches on-device models (the Cache API); none in Node. */
  modelCaches?: CacheStorageLike;
  /** Keeps other tabs from running a job at the same time (see `SyncQueue`); none in Node. */
  locks?: WebLocks;
  /** Tells other tabs which collections changed, and hears theirs; none in Node. */
  changes?: CollectionChanges;
  /**
   * The worker's network guard's `fetchAlsoTo` (see `NetworkGuard`), for the actions that reach a
   * host the user typed but did not save; the plain `fetch` when absent (Node).
   */
  fetchAlsoTo?: FetchAlsoTo;
}

const UNGUARDED: FetchAlsoTo = () => (input, init) => fetch(input, init);

const DEFAULT_RESULT_COUNT = 10;

/**
 * The document library behind the UI: collections synced from folders and moved between embedding
 * models (one job at a time, each cancellable, syncs pausable), search across them, and documents
 * rebuilt for the viewer.
 */
export class LibraryService {
  readonly #opened: Promise<LibraryContext>;
  readonly #jobs: SyncQueue;
  readonly #running = new RunningJobs();

  readonly #dependencies: LibraryDependencies;
  /** The conversations kept between visits; marked so the UI can call the store's methods. */
  readonly conversations: ConversationStore & ProxyMarked;
  /** On-device model files (what is cached, downloads ahead of use, deletion), called through the worker. */
  readonly modelFiles: OnDeviceDownloads & ProxyMarked;
  /** Questions asked of the library, and the engine that answers them, called through the worker. */
  readonly questions: QuestionService & ProxyMarked;

  constructor(dependencies: LibraryDependencies) {
    this.#dependencies = dependencies;
    this.conversations = proxy(dependencies.conversations);
    const { embedders, parsers, createVectorIndex, locks } = dependencies;
    this.#jobs = new SyncQueue(locks);
    this.#opened = dependencies.store.then((store) => ({
      store,
      search: new LibrarySearch(store, (modelId) => embedders.load(modelId), createVectorIndex),
      markers: new SyncMarkers(store, locks),
      embedders,
      parsers,
    }));
    this.#opened.catch(() => undefined); // reported by each call
    // Another tab changed a collection: load its index again at the next search.
    dependencies.changes?.listen((collectionId) => {
      void this.#opened.then(({ search }) => search.close(collectionId));
    });
    const fetchAlsoTo = dependencies.fetchAlsoTo ?? UNGUARDED;
    this.questions = proxy(new QuestionService(this.#opened, { fetchAlsoTo }));
    this.modelFiles = proxy(
      new OnDeviceDownloads({ caches: dependencies.modelCaches, fetchAlsoTo }),
    );
  }

  async listCollections(): Promise<CollectionSummary[]> {
    const { store, markers } = await this.#opened;
    const collections = await store.listCollections();
    const summaries = await Promise.all(
      collections.map(async (collection) => {
        const [handle, marker] = await Promise.all([
          store.getFolderHandle(collection.id),
          this.#running.isRunning(collection.id)
            ? undefined
            : markers.readInterrupted(collection.id),
        ]);
        const interrupted = marker && {
          filesDone: marker.filesDone,
          filesTotal: marker.filesTotal,
        };
        return summarizeCollection(store, collection, handle, interrupted);
      }),
    );
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

  /**
   * A page of a collection's files, ordered by path and filtered by path text, status and type,
   * with the counts the filters offer (see `contentsPage`).
   */
  async listContents(request: ContentsRequest): Promise<ContentsPage> {
    const { store } = await this.#opened;
    return contentsPage(await store.listFiles(request.collectionId), request);
  }

  /** Indexes a folder's added and changed files and drops its removed ones; resolves a summary. */
  syncFolder(request: SyncRequest, onEvent: (event: SyncEvent) => void): Promise<SyncSummary> {
    return this.#jobs.enqueue(request.jobId, async (control) => {
      const context = await this.#opened;
      const source = openFolder(request.folder);
      const collection = await resolveCollection(context, source.name, request);
      if (request.folder.kind === 'handle') {
        await context.store.putFolderHandle(collection.id, request.folder.handle);
      }
      const { jobId } = request;
      const job = syncCollection(context, { jobId, collection, source, control, onEvent });
      return this.#announced(collection.id, this.#running.track(collection.id, jobId, job));
    });
  }

  /**
   * Re-embeds a collection with another model of the catalogue (downloading it first if need be),
   * queued with the syncs and cancellable like them. Until it finishes, and when it fails (the
   * model cannot be downloaded: `EmbedderLoadError`) or is cancelled, the collection keeps its
   * old model and stays searchable.
   */
  changeEmbeddingModel(
    request: ModelChangeRequest,
    onEvent: (event: ModelChangeEvent) => void,
  ): Promise<ModelChangeSummary> {
    return this.#jobs.enqueue(request.jobId, async ({ abort }) => {
      const job = changeModel(await this.#opened, request, abort.signal, onEvent);
      const tracked = this.#running.track(request.collectionId, request.jobId, job);
      return this.#announced(request.collectionId, tracked);
    });
  }

  /** The base URL of the self-hosted model mirror; undefined for the Hugging Face hub. */
  async modelHost(): Promise<string | undefined> {
    return readModelHost((await this.#opened).store);
  }

  /** Sets the mirror that downloadable models come from; empty for the Hugging Face hub. */
  async setModelHost(host: string): Promise<void> {
    await writeModelHost((await this.#opened).store, host);
  }

  /** Whether images and scanned pages are read by OCR, in which languages, and from which host. */
  async ocrSetting(): Promise<OcrSetting> {
    return readOcrSetting((await this.#opened).store);
  }

  /** Throws `InvalidOcrHostError` or `InvalidOcrLanguageError` and keeps the setting as it was. */
  async setOcrSetting(setting: OcrSetting): Promise<void> {
    await writeOcrSetting((await this.#opened).store, setting);
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
    for (const jobId of this.#running.jobIds(collectionId)) this.#jobs.cancel(jobId);
    await this.#running.settled(collectionId);
    const { store, search, markers } = await this.#opened;
    search.close(collectionId);
    await store.deleteCollection(collectionId);
    await markers.clear(collectionId);
    this.#dependencies.changes?.announce(collectionId);
  }

  /**
   * Loads what the first search needs in the background (the app calls this once it has shown
   * the library): see `prepareSearch`.
   */
  async prepareSearch(): Promise<void> {
    const { store, search, embedders } = await this.#opened;
    await prepareSearch(store, search, embedders);
  }

  async search(request: LibrarySearchRequest): Promise<SearchResultItem[]> {
    const query = request.query.trim();
    if (query.length === 0 || request.collectionIds?.length === 0) return [];
    const { search } = await this.#opened;
    const [result, collections] = await Promise.all([
      search.search(query, {
        mode: request.mode,
        k: request.k ?? DEFAULT_RESULT_COUNT,
        ...(request.collectionIds ? { collectionIds: request.collectionIds } : {}),
      }),
      search.collections(),
    ]);
    const names = new Map(collections.map((collection) => [collection.id, collection.name]));
    return result.passages.map((passage) =>
      searchResultItem(query, passage, names.get(passage.chunk.collectionId) ?? ''),
    );
  }

  /** The document holding a chunk, rebuilt from its stored chunks, with that chunk as the passage. */
  async openDocument(chunkId: string, query = ''): Promise<DocumentView> {
    const { store } = await this.#opened;
    return documentView(store, chunkId, query);
  }

  /**
   * The own bytes of the file holding a chunk, for the viewer's page view (see `readOriginal`),
   * handed over rather than copied; throws `OriginalUnavailableError` when there are none.
   */
  async openOriginal(chunkId: string): Promise<Uint8Array> {
    const { store } = await this.#opened;
    const [chunk] = await store.getChunks([chunkId]);
    if (!chunk) throw new PassageNotFoundError();
    const bytes = await readOriginal(store, chunk);
    return transfer(bytes, [bytes.buffer as ArrayBuffer]);
  }

  /** Stops the answering and the on-device model, then deletes everything stored on this device. */
  async deleteAllData(): Promise<void> {
    await this.questions.close();
    await this.#dependencies.eraseAll();
  }

  storageEstimate(): Promise<StorageUsage | undefined> {
    return this.#dependencies.estimateStorage();
  }

  /** Resolves like `job`, telling other tabs once it has settled that the collection changed. */
  async #announced<Result>(collectionId: string, job: Promise<Result>): Promise<Result> {
    try {
      return await job;
    } finally {
      this.#dependencies.changes?.announce(collectionId);
    }
  }
}
