/**
 * The model manager's downloads and deletions as a plain state machine (the Svelte state class
 * wraps it): per model, a download runs, is stopped, ends or fails; files are re-read after each,
 * so a stopped download shows as partly downloaded, and a deletion as nothing. Each change hands
 * a new snapshot to `onChange`.
 */
import type {
  ModelDownloadProgress,
  OnDeviceDownloadRequest,
  OnDeviceModelFiles,
  WebLlmEngineSetting,
} from '../clients/library-client.ts';
import { isCancellation, toFailure, type Failure } from './failure.ts';

export type ModelDownloadStatus = 'downloading' | 'stopping' | 'done' | 'cancelled' | 'failed';

export interface ModelDownloadJob {
  jobId: string;
  modelId: string;
  status: ModelDownloadStatus;
  /** When it started and ended (ms since the epoch). */
  startedAt: number;
  endedAt?: number;
  progress?: ModelDownloadProgress;
  /** Bytes of weights already cached when it started (a resumed download starts from there). */
  resumedFrom?: number;
  failure?: Failure;
}

export interface ModelDownloadsSnapshot {
  /** What is cached of each model, by model id. */
  files: Readonly<Record<string, OnDeviceModelFiles>>;
  /** At most one per model: the running or the last download. */
  jobs: readonly ModelDownloadJob[];
  /** Models being deleted. */
  deleting: readonly string[];
  /** The last failure to read or delete files. */
  failure: Failure | undefined;
}

/** The library worker's `modelFiles` (see `OnDeviceDownloads`). */
export interface ModelFilesClient {
  files(settings: WebLlmEngineSetting[]): Promise<OnDeviceModelFiles[]>;
  download(
    request: OnDeviceDownloadRequest,
    onProgress: (progress: ModelDownloadProgress) => void,
  ): Promise<OnDeviceModelFiles>;
  stop(jobId: string): Promise<void> | void;
  delete(setting: WebLlmEngineSetting): Promise<OnDeviceModelFiles>;
}

export interface ModelDownloadsOptions {
  /** Wraps a callback for the worker (comlink's `proxy`); the callback itself in tests. */
  wrapCallback: <Callback extends (...args: never[]) => void>(callback: Callback) => Callback;
  now?: () => number;
  newId?: () => string;
}

export class ModelDownloads {
  #snapshot: ModelDownloadsSnapshot = { files: {}, jobs: [], deleting: [], failure: undefined };
  /** Only the latest refresh is shown, however the answers arrive. */
  #refreshes = 0;
  readonly #client: ModelFilesClient;
  readonly #onChange: (snapshot: ModelDownloadsSnapshot) => void;
  readonly #options: ModelDownloadsOptions;

  constructor(
    client: ModelFilesClient,
    onChange: (snapshot: ModelDownloadsSnapshot) => void,
    options: ModelDownloadsOptions,
  ) {
    this.#client = client;
    this.#onChange = onChange;
    this.#options = options;
  }

  get snapshot(): ModelDownloadsSnapshot {
    return this.#snapshot;
  }

  jobFor(modelId: string): ModelDownloadJob | undefined {
    return this.#snapshot.jobs.find((job) => job.modelId === modelId);
  }

  isBusy(modelId: string): boolean {
    const status = this.jobFor(modelId)?.status;
    return (
      status === 'downloading' || status === 'stopping' || this.#snapshot.deleting.includes(modelId)
    );
  }

  /** Reads what is cached of each model. */
  async refresh(settings: WebLlmEngineSetting[]): Promise<void> {
    const refresh = ++this.#refreshes;
    try {
      const files = await this.#client.files(settings);
      if (refresh === this.#refreshes) this.#putFiles(files, undefined);
    } catch (error) {
      if (refresh === this.#refreshes) this.#set({ failure: toFailure(error) });
    }
  }

  /** Downloads the model's missing files; resolves once it ended, however it ended. */
  async download(setting: WebLlmEngineSetting): Promise<void> {
    const modelId = setting.model;
    if (this.isBusy(modelId)) return;
    const jobId = this.#options.newId?.() ?? crypto.randomUUID();
    this.#putJob({ jobId, modelId, status: 'downloading', startedAt: this.#now() });
    const onProgress = (progress: ModelDownloadProgress): void => {
      // The first report counts the shards an earlier download left in the cache.
      const first = this.jobFor(modelId)?.resumedFrom === undefined;
      this.#updateJob(jobId, { progress, ...(first ? { resumedFrom: progress.bytesDone } : {}) });
    };
    try {
      const files = await this.#client.download(
        { jobId, setting },
        this.#options.wrapCallback(onProgress),
      );
      this.#updateJob(jobId, { status: 'done', endedAt: this.#now() });
      this.#putFiles([files], this.#snapshot.failure);
    } catch (error) {
      const failure = toFailure(error);
      const status = isCancellation(failure) ? 'cancelled' : 'failed';
      this.#updateJob(jobId, { status, failure, endedAt: this.#now() });
      await this.refresh([setting]);
    }
  }

  /** Stops the model's running download; what arrived stays cached. */
  cancel(modelId: string): void {
    const job = this.jobFor(modelId);
    if (job?.status !== 'downloading') return;
    this.#updateJob(job.jobId, { status: 'stopping' });
    void this.#client.stop(job.jobId);
  }

  /** Deletes the model's cached files, whole or partial. */
  async remove(setting: WebLlmEngineSetting): Promise<void> {
    const modelId = setting.model;
    if (this.isBusy(modelId)) return;
    this.#set({ deleting: [...this.#snapshot.deleting, modelId], failure: undefined });
    try {
      const files = await this.#client.delete(setting);
      this.dismiss(modelId);
      this.#putFiles([files], undefined);
    } catch (error) {
      this.#set({ failure: toFailure(error) });
    } finally {
      this.#set({ deleting: this.#snapshot.deleting.filter((id) => id !== modelId) });
    }
  }

  dismissFailure(): void {
    this.#set({ failure: undefined });
  }

  /** Hides a finished download. */
  dismiss(modelId: string): void {
    const status = this.jobFor(modelId)?.status;
    if (status === 'downloading' || status === 'stopping') return;
    this.#set({ jobs: this.#snapshot.jobs.filter((job) => job.modelId !== modelId) });
  }

  #putFiles(files: readonly OnDeviceModelFiles[], failure: Failure | undefined): void {
    const byModel = { ...this.#snapshot.files };
    for (const file of files) byModel[file.modelId] = file;
    this.#set({ files: byModel, failure });
  }

  #putJob(job: ModelDownloadJob): void {
    const others = this.#snapshot.jobs.filter((other) => other.modelId !== job.modelId);
    this.#set({ jobs: [...others, job] });
  }

  /** Changes a job while it runs; a finished job stays as it ended. */
  #updateJob(jobId: string, patch: Partial<ModelDownloadJob>): void {
    const running = (job: ModelDownloadJob): boolean =>
      job.jobId === jobId && (job.status === 'downloading' || job.status === 'stopping');
    if (!this.#snapshot.jobs.some(running)) return;
    this.#set({
      jobs: this.#snapshot.jobs.map((job) => (running(job) ? { ...job, ...patch } : job)),
    });
  }

  #set(patch: Partial<ModelDownloadsSnapshot>): void {
    this.#snapshot = { ...this.#snapshot, ...patch };
    this.#onChange(this.#snapshot);
  }

  #now(): number {
    return (this.#options.now ?? Date.now)();
  }
}

/** Speed and time left of a running download, from the bytes it fetched itself. */
export function downloadPace(
  job: ModelDownloadJob,
  now: number,
): { bytesPerSecond: number; secondsLeft: number | undefined } | undefined {
  const progress = job.progress;
  const seconds = (now - job.startedAt) / 1000;
  if (!progress || seconds <= 0) return undefined;
  const fetched = progress.bytesDone - (job.resumedFrom ?? 0);
  const bytesPerSecond = Math.max(0, fetched) / seconds;
  const left = progress.bytesTotal - progress.bytesDone;
  return {
    bytesPerSecond,
    secondsLeft: bytesPerSecond > 0 && progress.bytesTotal > 0 ? left / bytesPerSecond : undefined,
  };
}
