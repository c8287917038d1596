/**
 * A model run by onnxruntime through transformers.js (`pipeline('feature-extraction', id)`):
 * everything of `TransformersEmbedder` that needs the library, in a module of its own, which the
 * embedder imports only when it loads such a model. The built-in model (a word table) never loads
 * it: importing transformers.js in Node loads onnxruntime-node and sharp, about 156 MB resident
 * before any model (decision 0025), and in a browser it is the largest script of the worker.
 */
import { env, pipeline } from '@huggingface/transformers';
import type {
  FeatureExtractionPipeline,
  ProgressCallback,
  Tensor,
} from '@huggingface/transformers';
import { DEFAULT_REMOTE_HOST } from '../../catalogues/embedding-models.ts';
import type { ModelDtype, Pooling } from '../../catalogues/embedding-models.ts';
import { encodeBatch } from './batch-encoding.ts';
import type { DeviceRunner } from './device-choice.ts';
import type { EmbeddingRunner } from './embedding-runner.ts';
import { poolRow } from './vector-rows.ts';

/** Where the onnxruntime-web runtime files are served from: a folder URL or the two files. */
export type WasmPaths = string | { mjs: string; wasm: string };

/** transformers.js's settings for a load (`TransformersEmbedderOptions` holds them). */
export interface ModelSources {
  allowRemote: boolean;
  remoteHost?: string;
  localModelPath?: string;
  wasmPaths?: WasmPaths;
}

type OnDownload = (progress: { loadedBytes: number; totalBytes: number }) => void;

/** Sets transformers.js's global settings for one load: load one model at a time. */
export function configureEnvironment(options: ModelSources): void {
  env.allowRemoteModels = options.allowRemote;
  const host = options.remoteHost ?? DEFAULT_REMOTE_HOST;
  env.remoteHost = host.endsWith('/') ? host : `${host}/`;
  env.allowLocalModels = options.localModelPath !== undefined;
  if (options.localModelPath !== undefined) env.localModelPath = options.localModelPath;
  const wasm = env.backends.onnx.wasm;
  if (options.wasmPaths !== undefined && wasm) wasm.wasmPaths = options.wasmPaths;
}

/** transformers.js's progress events as bytes of all the model's files together. */
function reportTotal(onDownload: OnDownload): ProgressCallback {
  return (info) => {
    if (info.status === 'progress_total') {
      onDownload({ loadedBytes: info.loaded, totalBytes: info.total });
    }
  };
}

/** One loaded model: the unit `measureDevices` compares and the embedder runs. */
export class ModelRunner implements DeviceRunner, EmbeddingRunner {
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

/** Loads `model` on `device` with transformers.js's pipeline (settings from `configureEnvironment`). */
export async function loadModelRunner(
  model: string,
  device: 'wasm' | 'webgpu' | 'cpu',
  settings: { dtype: ModelDtype | undefined; pooling: Pooling; onDownload: OnDownload | undefined },
): Promise<ModelRunner> {
  const { dtype, pooling, onDownload } = settings;
  const extractor = await pipeline('feature-extraction', model, {
    device,
    ...(dtype ? { dtype } : {}),
    ...(onDownload ? { progress_callback: reportTotal(onDownload) } : {}),
  });
  return new ModelRunner(extractor, pooling);
}
