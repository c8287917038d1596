/**
 * Embedder on @huggingface/transformers. A model run by onnxruntime loads through the ordinary
 * `pipeline('feature-extraction', id)` path (`model-runner.ts`, imported only for such a model);
 * embedding runs the pipeline's tokenizer and model and pools like its `{ pooling, normalize: true
 * }` option, with leaner tensor building and pooling (about twice the throughput on the built-in
 * model). Node runs onnxruntime-node on the CPU; the browser runs onnxruntime-web with WASM or
 * WebGPU, whichever measured faster on this device. A model the catalogue runs as a word table
 * (the built-in one) needs neither a runtime nor transformers.js: its tokenizer
 * (@huggingface/tokenizers, which transformers.js runs too) and a lookup in plain JavaScript give
 * the same vectors (`word-table.ts`).
 */
import { EmbedderLoadError } from '../../core/errors.ts';
import type { EmbedOptions, Embedder } from '../../core/ports/embedder.ts';
import { hasWebGpu, measureDevices, rememberedDevice } from './device-choice.ts';
import type { DeviceMeasurement } from './device-choice.ts';
import { findEmbeddingModel } from '../../catalogues/embedding-models.ts';
import type { EmbeddingRuntime, ModelDtype, Pooling } from '../../catalogues/embedding-models.ts';
import { isBlank, orderByLength } from './vector-rows.ts';
import type { EmbeddingRunner } from './embedding-runner.ts';
import type { ModelRunner, WasmPaths } from './model-runner.ts';
import { loadWordTable } from './word-table-runner.ts';

export type EmbedderDevice = 'wasm' | 'webgpu' | 'cpu' | 'auto';
type ConcreteDevice = Exclude<EmbedderDevice, 'auto'>;

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
    const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    try {
      if ((options.runtime ?? catalogued?.runtime) === 'word-table') {
        if (options.localModelPath === undefined) throw new Error('it is read from the app');
        const runner = await loadWordTable(options.localModelPath, model, onDownload);
        return new TransformersEmbedder(model, runner.dim, 'cpu', runner, batchSize);
      }
      // Only a model run by onnxruntime loads transformers.js (model-runner.ts).
      const { configureEnvironment, loadModelRunner } = await import('./model-runner.ts');
      configureEnvironment(options);
      const load = (device: ConcreteDevice) =>
        loadModelRunner(model, device, { dtype, pooling, onDownload });
      const { device, runner, measurement } = await TransformersEmbedder.loadOnDevice(
        options,
        load,
      );
      const dim = await runner.probeDimension();
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
