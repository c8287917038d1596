import {
  callback,
  type CollectionSummary,
  type FileIssue,
  type IngestProgress,
  type LibraryClient,
  type SyncEvent,
  type SyncSummary,
} from '../clients/library-client.ts';
import { readFileDates, type ChosenFolder } from '../folders/chosen-folders.ts';
import { isCancellation, toFailure, type Failure } from './failure.ts';

export type SyncStatus = 'queued' | 'running' | 'done' | 'cancelled' | 'failed';

/** One folder sync as the UI follows it. */
export interface SyncJob {
  id: string;
  folderName: string;
  collectionId?: string;
  status: SyncStatus;
  /** Pause was asked for; the job stops at the next file and reports phase `paused`. */
  pauseRequested: boolean;
  /** Cancel was asked for: the job ends `cancelled`. */
  cancelRequested: boolean;
  /**
   * The picked files' dates read so far, of all of them: the page reads them before the worker
   * gets the files (folder input only; `readFileDates`).
   */
  datesRead?: { done: number; total: number };
  progress?: IngestProgress;
  summary?: SyncSummary;
  failure?: Failure;
}

/** Collections, their syncs and their file issues. */
export class LibraryState {
  collections = $state.raw<CollectionSummary[]>([]);
  jobs = $state.raw<SyncJob[]>([]);
  /** Skipped and failed files by collection id. */
  issues = $state.raw<Record<string, FileIssue[]>>({});
  loaded = $state(false);
  failure = $state.raw<Failure | undefined>();
  readonly #client: LibraryClient;
  readonly #onChange: () => void;
  /** A refresh started by a sync's first event, so a new collection shows up at once. */
  #refreshing = false;
  /** The date readings of picked files under way (`readFileDates`), by job. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping that nothing renders
  readonly #readingDates = new Map<string, AbortController>();

  /** `onChange` runs after anything stored changed (a sync finished, a collection was deleted). */
  constructor(client: LibraryClient, onChange: () => void) {
    this.#client = client;
    this.#onChange = onChange;
  }

  async refresh(): Promise<void> {
    try {
      const collections = await this.#client.listCollections();
      const withIssues = collections.filter((item) => item.failedFiles + item.skippedFiles > 0);
      const issues = await Promise.all(
        withIssues.map(async (item) => [item.id, await this.#client.listFileIssues(item.id)]),
      );
      this.collections = collections;
      this.issues = Object.fromEntries(issues);
      this.loaded = true;
    } catch (error) {
      this.failure = toFailure(error);
    }
  }

  /** Whether a sync of this collection is queued or running. */
  isSyncing(collectionId: string): boolean {
    return this.jobs.some(
      (job) =>
        job.collectionId === collectionId && (job.status === 'queued' || job.status === 'running'),
    );
  }

  /** Syncs a chosen folder into `collectionId`, or the collection named like it, or a new one. */
  async sync(chosen: ChosenFolder, collectionId?: string): Promise<void> {
    const jobId = crypto.randomUUID();
    this.jobs = [
      ...this.jobs,
      {
        id: jobId,
        folderName: chosen.name,
        status: 'queued',
        pauseRequested: false,
        cancelRequested: false,
        ...(collectionId === undefined ? {} : { collectionId }),
      },
    ];
    try {
      if (chosen.folder.kind === 'files') {
        const total = chosen.folder.files.length;
        const reading = new AbortController();
        this.#readingDates.set(jobId, reading);
        try {
          await readFileDates(
            chosen.folder.files,
            (done) => this.#update(jobId, { datesRead: { done, total } }),
            reading.signal,
          );
        } finally {
          this.#readingDates.delete(jobId);
        }
      }
      const summary = await this.#client.syncFolder(
        { jobId, folder: chosen.folder, ...(collectionId === undefined ? {} : { collectionId }) },
        callback((event: SyncEvent) => this.#onEvent(event)),
      );
      this.#update(jobId, { status: 'done', summary });
    } catch (error) {
      const failure = toFailure(error);
      this.#update(jobId, { status: isCancellation(failure) ? 'cancelled' : 'failed', failure });
    }
    await this.refresh();
    this.#onChange();
  }

  pause(jobId: string): void {
    this.#update(jobId, { pauseRequested: true });
    void this.#client.pause(jobId);
  }

  resume(jobId: string): void {
    this.#update(jobId, { pauseRequested: false });
    void this.#client.resume(jobId);
  }

  cancel(jobId: string): void {
    this.#update(jobId, { cancelRequested: true });
    // Before the worker knew of the job: it stops reading the files' dates.
    this.#readingDates.get(jobId)?.abort(new DOMException('The sync was cancelled.', 'AbortError'));
    void this.#client.cancel(jobId);
  }

  /** Hides a finished job's summary. */
  dismiss(jobId: string): void {
    this.jobs = this.jobs.filter((job) => job.id !== jobId);
  }

  async remove(collectionId: string): Promise<void> {
    try {
      await this.#client.deleteCollection(collectionId);
    } catch (error) {
      this.failure = toFailure(error);
    }
    await this.refresh();
    this.#onChange();
  }

  dismissFailure(): void {
    this.failure = undefined;
  }

  #onEvent({ jobId, collectionId, progress }: SyncEvent): void {
    const job = this.jobs.find((item) => item.id === jobId);
    if (job?.status !== 'queued' && job?.status !== 'running') return;
    this.#update(jobId, { collectionId, progress, status: 'running' });
    const isNew = !this.collections.some((item) => item.id === collectionId);
    if (isNew && !this.#refreshing) {
      this.#refreshing = true;
      void this.refresh().finally(() => (this.#refreshing = false));
    }
  }

  #update(jobId: string, patch: Partial<SyncJob>): void {
    this.jobs = this.jobs.map((job) => (job.id === jobId ? { ...job, ...patch } : job));
  }
}
