import {
  callback,
  type DownloadProgress,
  type LibraryClient,
  type ModelChangeEvent,
  type ReembedProgress,
} from '../clients/library-client.ts';
import { isCancellation, toFailure, type Failure } from './failure.ts';

export type ModelChangeStatus = 'running' | 'done' | 'cancelled' | 'failed';

/** The latest change of a collection's embedding model, as the UI follows it. */
export interface ModelChangeJob {
  id: string;
  collectionId: string;
  modelId: string;
  status: ModelChangeStatus;
  /** Bytes of the model fetched so far, while it downloads. */
  download?: DownloadProgress;
  /** Chunks embedded again, once the model has loaded. */
  progress?: ReembedProgress;
  failure?: Failure;
}

/** Changes of collections' embedding models, and the host that downloadable models come from. */
export class ModelChangeState {
  /** At most one job per collection: the running or the last one. */
  jobs = $state.raw<ModelChangeJob[]>([]);
  /** The self-hosted mirror of the model hub; empty for the Hugging Face hub. */
  host = $state('');
  readonly #client: LibraryClient;
  readonly #onChange: () => void;

  /** `onChange` runs after a collection moved to another model. */
  constructor(client: LibraryClient, onChange: () => void) {
    this.#client = client;
    this.#onChange = onChange;
  }

  async loadHost(): Promise<void> {
    this.host = (await this.#client.modelHost()) ?? '';
  }

  jobFor(collectionId: string): ModelChangeJob | undefined {
    return this.jobs.find((job) => job.collectionId === collectionId);
  }

  isRunning(collectionId: string): boolean {
    return this.jobFor(collectionId)?.status === 'running';
  }

  /** Re-embeds the collection with `modelId`, downloading it from `host` if need be. */
  async change(collectionId: string, modelId: string, host: string): Promise<void> {
    if (this.isRunning(collectionId)) return;
    const id = crypto.randomUUID();
    this.#put({ id, collectionId, modelId, status: 'running' });
    try {
      if (host.trim() !== this.host) {
        await this.#client.setModelHost(host);
        await this.loadHost();
      }
      await this.#client.changeEmbeddingModel(
        { jobId: id, collectionId, modelId },
        callback((event: ModelChangeEvent) => this.#onEvent(event)),
      );
      this.#update(id, { status: 'done' });
      this.#onChange();
    } catch (error) {
      const failure = toFailure(error);
      this.#update(id, { status: isCancellation(failure) ? 'cancelled' : 'failed', failure });
    }
  }

  cancel(collectionId: string): void {
    const job = this.jobFor(collectionId);
    if (job?.status === 'running') void this.#client.cancel(job.id);
  }

  /** Hides a finished job. */
  dismiss(collectionId: string): void {
    this.jobs = this.jobs.filter((job) => job.collectionId !== collectionId);
  }

  #onEvent({ jobId, download, progress }: ModelChangeEvent): void {
    this.#update(jobId, { ...(download ? { download } : {}), ...(progress ? { progress } : {}) });
  }

  #put(job: ModelChangeJob): void {
    this.jobs = [...this.jobs.filter((item) => item.collectionId !== job.collectionId), job];
  }

  #update(jobId: string, patch: Partial<ModelChangeJob>): void {
    this.jobs = this.jobs.map((job) =>
      job.id === jobId && job.status === 'running' ? { ...job, ...patch } : job,
    );
  }
}
