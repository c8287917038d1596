/**
 * Embedder on @huggingface/transformers. The model loads through the ordinary
 * `pipeline('feature-extraction', id)` path; embedding runs the pipeline's tokenizer and model and
 * pools like its `{ pooling, normalize: true }` option, with leaner tensor building and pooling
 * (about twice the throughput on the built-in model). Node runs onnxruntime-node on the CPU; the
 * browser runs onnxruntime-web with WASM or WebGPU, whichever measured faster on this device. A
 * model the catalogue runs as a word table (the built-in one) needs no runtime: its tokenizer and
 * a lookup in plain JavaScript give the same vectors (`word-table.ts`).
 */
import { env, pipeline } from '@huggingface/transformers';
import type {
  FeatureExtractionPipeline,
  ProgressCallback,
  Tensor,
} from '@huggingface/transformers';
import { EmbedderLoadError } from '../../core/errors.ts';
import type { EmbedOptions, Embedder } from '../../core/ports/embedder.ts';
import { encodeBatch } from './batch-encoding.ts';
import { hasWebGpu, measureDevices, rememberedDevice } from './device-choice.ts';
import type { DeviceMeasurement, DeviceRunner } from './device-choice.ts';
import { DEFAULT_REMOTE_HOST, findEmbeddingModel } from '../../catalogues/embedding-models.ts';
import type { EmbeddingRuntime, ModelDtype, Pooling } from '../../catalogues/embedding-models.ts';
import { isBlank, orderByLength, poolRow } from './vector-rows.ts';
import type { EmbeddingRunner } from './embedding-runner.ts';
import { loadWordTable } from './word-table-runner.ts';

export type EmbedderDevice = 'wasm' | 'webgpu' | 'cpu' | 'auto';
type ConcreteDevice = Exclude<EmbedderDevice, 'auto'>;

/** Where the onnxruntime-web runtime files are served from: a folder URL or the two files. */
export type WasmPaths = string | { mjs: string; wasm: string };

export interface TransformersEmbedderOptions {
  /** Model id, e.g. `archivist/glove-100d` or `Xenova/bge-small-en-v1.5`. */
  model: string;
  /** Folder (Node) or URL path (browser) holding `<model id>/config.json` etc. */
  localModelPath?: string;
  /** Base URL of a self-hosted mirror laid out like the Hugging Face hub. */
  remoteHost?: string;
  /** Whether models may be fetched from `remoteHost` (the Hugging Face hub when unset). */
  allowRemote: boolean;
  device: EmbedderDevice;
  /** App-served onnxruntime-web files, so the runtime never comes from a CDN (browser only). */
  wasmPaths?: WasmPaths;
  /** Overrides the catalogue's dtype (which selects the ONNX file). */
  dtype?: ModelDtype;
  /** Overrides the catalogue's pooling (`mean` for a model the catalogue lacks). */
  pooling?: Pooling;
  /** Overrides the catalogue's runtime (`onnx` for a model the catalogue lacks). */
  runtime?: EmbeddingRuntime;
  /** A measurement from an earlier `device: 'auto'` start, to skip measuring again. */
  rememberedDevice?: DeviceMeasurement;
  /** Texts per model call. */
  batchSize?: number;
  /** Bytes fetched so far of the files the model loads from, while it loads. */
  onDownload?: (progress: DownloadProgress) => void;
}

export interface DownloadProgress {
  loadedBytes: number;
  totalBytes: number;
}

const DEFAULT_BATCH_SIZE = 64;

function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

/** Sets transformers.js's global settings for one load: load one model at a time. */
function configureEnvironment(options: TransformersEmbedderOptions): void {
  env.allowRemoteModels = options.allowRemote;
  const host = options.remoteHost ?? DEFAULT_REMOTE_HOST;
  env.remoteHost = host.endsWith('/') ? host : `${host}/`;
  env.allowLocalModels = options.localModelPath !== undefined;
  if (options.localModelPath !== undefined) env.localModelPath = options.localModelPath;
  const wasm = env.backends.onnx.wasm;
  if (options.wasmPaths !== undefined && wasm) wasm.wasmPaths = options.wasmPaths;
}

/** transformers.js's progress events as bytes of all the model's files together. */
function reportTotal(onDownload: (progress: DownloadProgress) => void): ProgressCallback {
  return (info) => {
    if (info.status === 'progress_total') {
      onDownload({ loadedBytes: info.loaded, totalBytes: info.total });
    }
  };
}

/** One loaded model: the unit `measureDevices` compares and the embedder runs. */
class ModelRunner implements DeviceRunner, EmbeddingRunner {
  private dim: number | undefined;

  constructor(
    readonly extractor: FeatureExtractionPipeline,
    readonly pooling: Pooling,
  ) {}

  /** Pooled unit vectors of `texts` into `target`, row `targetRows[i]` for text i. */
  async embedInto(
    texts: string[],
    target: Float32Array,
    targetRows: readonly number[],
    dim: number,
  ) {
    const batch = encodeBatch(this.extractor.tokenizer, texts);
    const outputs = (await this.extractor.model(batch.inputs)) as Record<
      string,
      Tensor | undefined
    >;
    const states = outputs['last_hidden_state'] ?? outputs['token_embeddings'];
    if (!states || states.dims.length !== 3 || states.dims[2] !== dim) {
      throw new Error(`unexpected model output shape [${states?.dims.join(', ') ?? ''}]`);
    }
    const tokenStates = {
      hidden: states.data as ArrayLike<number>,
      mask: batch.mask,
      rows: batch.rows,
      tokens: batch.tokens,
      dim,
    };
    targetRows.forEach((targetRow, row) =>
      poolRow(tokenStates, row, this.pooling, target, targetRow),
    );
    states.dispose();
  }

  /** Width of the model's token vectors (found by running it once). */
  async probeDimension(): Promise<number> {
    if (this.dim !== undefined) return this.dim;
    const batch = encodeBatch(this.extractor.tokenizer, ['probe']);
    const outputs = (await this.extractor.model(batch.inputs)) as Record<
      string,
      Tensor | undefined
    >;
    const dim = (outputs['last_hidden_state'] ?? outputs['token_embeddings'])?.dims[2];
    if (dim === undefined || dim <= 0) throw new Error('the model has no last_hidden_state output');
    this.dim = dim;
    return dim;
  }

  async run(texts: string[]): Promise<unknown> {
    const dim = await this.probeDimension();
    const target = new Float32Array(texts.length * dim);
    await this.embedInto(
      texts,
      target,
      texts.map((_, index) => index),
      dim,
    );
    return target;
  }

  dispose(): Promise<void> {
    return this.extractor.dispose();
  }
}

export class TransformersEmbedder implements Embedder {
  /** Serialises `embed` calls: one model run at a time. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly id: string,
    readonly dim: number,
    /** The device the model runs on. */
    readonly device: ConcreteDevice,
    private readonly runner: EmbeddingRunner,
    private readonly batchSize: number,
    /** Set when `device: 'auto'` measured (or reused a measurement): persist it for next time. */
    readonly deviceMeasurement?: DeviceMeasurement,
  ) {}

  /** Loads the model; throws `EmbedderLoadError` when it cannot. */
  static async create(options: TransformersEmbedderOptions): Promise<TransformersEmbedder> {
    const { model, onDownload } = options;
    const catalogued = findEmbeddingModel(model);
    const dtype = options.dtype ?? catalogued?.dtype;
    const pooling = options.pooling ?? catalogued?.pooling ?? 'mean';
    const load = async (device: ConcreteDevice): Promise<ModelRunner> => {
      const extractor = await pipeline('feature-extraction', model, {
        device,
        ...(dtype ? { dtype } : {}),
        ...(onDownload ? { progress_callback: reportTotal(onDownload) } : {}),
      });
      return new ModelRunner(extractor, pooling);
    };
    try {
      configureEnvironment(options);
      if ((options.runtime ?? catalogued?.runtime) === 'word-table') {
        if (options.localModelPath === undefined) throw new Error('it is read from the app');
        const runner = await loadWordTable(options.localModelPath, model, onDownload);
        const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
        return new TransformersEmbedder(model, runner.dim, 'cpu', runner, batchSize);
      }
      const { device, runner, measurement } = await TransformersEmbedder.loadOnDevice(
        options,
        load,
      );
      const dim = await runner.probeDimension();
      const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
      return new TransformersEmbedder(model, dim, device, runner, batchSize, measurement);
    } catch (error) {
      throw new EmbedderLoadError(model, error instanceof Error ? error.message : String(error));
    }
  }

  private static async loadOnDevice(
    options: TransformersEmbedderOptions,
    load: (device: ConcreteDevice) => Promise<ModelRunner>,
  ): Promise<{ device: ConcreteDevice; runner: ModelRunner; measurement?: DeviceMeasurement }> {
    if (options.device !== 'auto') {
      return { device: options.device, runner: await load(options.device) };
    }
    if (isNode()) return { device: 'cpu', runner: await load('cpu') };
    if (!hasWebGpu()) return { device: 'wasm', runner: await load('wasm') };
    const remembered = rememberedDevice(options.model, options.rememberedDevice);
    if (remembered) {
      const measurement = options.rememberedDevice;
      return {
        device: remembered,
        runner: await load(remembered),
        ...(measurement && { measurement }),
      };
    }
    const { runner, measurement } = await measureDevices(options.model, load);
    return { device: measurement.device, runner, measurement };
  }

  embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array> {
    const result = this.queue.then(() => this.embedNow(texts, options.signal));
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async embedNow(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array> {
    signal?.throwIfAborted();
    const vectors = new Float32Array(texts.length * this.dim);
    const order = orderByLength(texts).filter((index) => !isBlank(texts[index]!));
    for (let start = 0; start < order.length; start += this.batchSize) {
      signal?.throwIfAborted();
      const rows = order.slice(start, start + this.batchSize);
      await this.runner.embedInto(
        rows.map((index) => texts[index]!),
        vectors,
        rows,
        this.dim,
      );
    }
    signal?.throwIfAborted();
    return vectors;
  }

  /** Frees the model's session. */
  dispose(): Promise<void> {
    return this.runner.dispose();
  }
}
