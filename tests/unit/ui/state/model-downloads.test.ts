/**
 * The model manager's download state machine over a fake worker: progress, the download's own
 * speed (not counting what an earlier one left), done, cancelled (then read as partly downloaded),
 * failed, deletion, and the guards against a second download or a deletion while one runs.
 */
import { describe, expect, it } from 'vitest';
import type { ModelDownloadProgress } from '../../../../src/adapters/engines/webllm/model-download.ts';
import type {
  OnDeviceDownloadRequest,
  OnDeviceModelFiles,
} from '../../../../src/app/on-device-types.ts';
import type { WebLlmEngineSetting } from '../../../../src/catalogues/answer-engines.ts';
import {
  downloadPace,
  ModelDownloads,
  type ModelDownloadsSnapshot,
  type ModelFilesClient,
} from '../../../../src/ui/state/model-downloads.ts';

const MODEL = 'SmolLM2-360M-Instruct-q4f32_1-MLC';
const SETTING: WebLlmEngineSetting = { kind: 'webllm', model: MODEL, cacheBackend: 'cache' };

function files(state: OnDeviceModelFiles['state'], bytesCached = 0): OnDeviceModelFiles {
  return { modelId: MODEL, state, shardsCached: 0, bytesCached, hosts: ['huggingface.co'] };
}

/** A worker whose download runs until the test ends it. */
class FakeWorker implements ModelFilesClient {
  cached = files('none');
  stopped: string[] = [];
  deleted = 0;
  onProgress: ((progress: ModelDownloadProgress) => void) | undefined;
  #finish: ((error?: Error) => void) | undefined;

  async files(settings: WebLlmEngineSetting[]): Promise<OnDeviceModelFiles[]> {
    return settings.map(() => this.cached);
  }

  download(
    _request: OnDeviceDownloadRequest,
    onProgress: (progress: ModelDownloadProgress) => void,
  ): Promise<OnDeviceModelFiles> {
    this.onProgress = onProgress;
    return new Promise((resolve, reject) => {
      this.#finish = (error) => (error ? reject(error) : resolve(this.cached));
    });
  }

  finish(error?: Error): void {
    this.#finish?.(error);
  }

  async stop(jobId: string): Promise<void> {
    this.stopped.push(jobId);
    this.cached = files('partial', 300);
    this.finish(new DOMException('The download was stopped.', 'AbortError'));
  }

  async delete(): Promise<OnDeviceModelFiles> {
    this.deleted += 1;
    this.cached = files('none');
    return this.cached;
  }
}

function setUp() {
  const worker = new FakeWorker();
  let now = 1_000;
  const snapshots: ModelDownloadsSnapshot[] = [];
  const downloads = new ModelDownloads(worker, (snapshot) => snapshots.push(snapshot), {
    wrapCallback: (callback) => callback,
    now: () => now,
    newId: () => 'job-1',
  });
  return {
    worker,
    downloads,
    snapshots,
    advance: (ms: number) => (now += ms),
  };
}

const progress = (bytesDone: number): ModelDownloadProgress => ({
  bytesDone,
  bytesTotal: 1_000,
  shardsDone: Math.floor(bytesDone / 100),
  shardsTotal: 10,
});

describe('downloading a model from the manager', () => {
  it('follows the progress to the end and shows the files then cached', async () => {
    const { worker, downloads, advance } = setUp();
    const running = downloads.download(SETTING);
    expect(downloads.jobFor(MODEL)).toMatchObject({ status: 'downloading', startedAt: 1_000 });
    expect(downloads.isBusy(MODEL)).toBe(true);
    worker.onProgress?.(progress(200));
    advance(2_000);
    worker.onProgress?.(progress(600));
    const job = downloads.jobFor(MODEL)!;
    expect(job).toMatchObject({ resumedFrom: 200, progress: progress(600) });
    expect(downloadPace(job, 3_000)).toEqual({ bytesPerSecond: 200, secondsLeft: 2 });

    worker.cached = files('downloaded', 1_000);
    advance(2_000);
    worker.finish();
    await running;
    expect(downloads.jobFor(MODEL)).toMatchObject({ status: 'done', endedAt: 5_000 });
    expect(downloads.snapshot.files[MODEL]?.state).toBe('downloaded');
    expect(downloads.isBusy(MODEL)).toBe(false);
  });

  it('runs one download per model at a time', async () => {
    const { worker, downloads } = setUp();
    const first = downloads.download(SETTING);
    await downloads.download(SETTING);
    await downloads.remove(SETTING);
    expect(worker.deleted).toBe(0);
    worker.finish();
    await first;
  });

  it('cancels by job id, then reads the partial download', async () => {
    const { worker, downloads, snapshots } = setUp();
    const running = downloads.download(SETTING);
    downloads.cancel(MODEL);
    expect(snapshots.some((snapshot) => snapshot.jobs[0]?.status === 'stopping')).toBe(true);
    await running;
    expect(worker.stopped).toEqual(['job-1']);
    expect(downloads.jobFor(MODEL)).toMatchObject({ status: 'cancelled' });
    expect(downloads.snapshot.files[MODEL]).toMatchObject({ state: 'partial', bytesCached: 300 });
    downloads.dismiss(MODEL);
    expect(downloads.jobFor(MODEL)).toBeUndefined();
  });

  it('keeps the failure of a download on its job', async () => {
    const { worker, downloads } = setUp();
    const running = downloads.download(SETTING);
    const failure = new Error('The model could not be downloaded (offline).');
    failure.name = 'ModelDownloadError';
    worker.finish(failure);
    await running;
    expect(downloads.jobFor(MODEL)).toMatchObject({
      status: 'failed',
      failure: { name: 'ModelDownloadError', message: failure.message },
    });
  });

  it('deletes a model, hiding its last download', async () => {
    const { worker, downloads, snapshots } = setUp();
    worker.cached = files('downloaded', 1_000);
    await downloads.refresh([SETTING]);
    const running = downloads.download(SETTING);
    worker.finish();
    await running;
    await downloads.remove(SETTING);
    expect(worker.deleted).toBe(1);
    expect(snapshots.some((snapshot) => snapshot.deleting.includes(MODEL))).toBe(true);
    expect(downloads.snapshot).toMatchObject({ jobs: [], deleting: [], failure: undefined });
    expect(downloads.snapshot.files[MODEL]?.state).toBe('none');
  });

  it('shows only the latest reading, and a failed reading as a failure', async () => {
    const { worker, downloads } = setUp();
    let answer: ((value: OnDeviceModelFiles[]) => void) | undefined;
    worker.files = () => new Promise((resolve) => (answer = resolve));
    const stale = downloads.refresh([SETTING]);
    const staleAnswer = answer;
    const fresh = downloads.refresh([SETTING]);
    answer?.([files('downloaded')]);
    staleAnswer?.([files('none')]);
    await Promise.all([stale, fresh]);
    expect(downloads.snapshot.files[MODEL]?.state).toBe('downloaded');

    worker.files = async () => {
      throw Object.assign(new Error('“gpt” is not an on-device model.'), {
        name: 'InvalidEngineSettingError',
      });
    };
    await downloads.refresh([SETTING]);
    expect(downloads.snapshot.failure?.name).toBe('InvalidEngineSettingError');
    downloads.dismissFailure();
    expect(downloads.snapshot.failure).toBeUndefined();
  });
});
