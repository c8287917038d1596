/**
 * The WebLLM models Archivist offers: small instruction-tuned builds from web-llm 0.2.86's
 * `prebuiltAppConfig` (ids, VRAM and context windows as it lists them), plus custom models served
 * from an absolute URL for self-hosted or air-gapped installs.
 *
 * `needsShaderF16`: web-llm's config lists `required_features` only for some f16 builds, but every
 * `q4f16` library runs f16 shaders, so it is derived from the quantisation in the id.
 *
 * `downloadMegabytes` is an estimate (parameters at 4.5 bits a weight for q4f16_1, 5 for q4f32_1,
 * as MLC packs them); the exact size is known once the model's shard list is in the cache.
 */
import type { ModelRecord } from '@mlc-ai/web-llm';

/** Where web-llm 0.2.86's prebuilt model libraries live (its `modelLibURLPrefix` + `modelVersion`). */
const LIBRARY_PREFIX =
  'https://raw.githubusercontent.com/mlc-ai/binary-mlc-llm-libs/main/web-llm-models/v0_2_86/base/';
const WEIGHTS_PREFIX = 'https://huggingface.co/mlc-ai/';
/** Prebuilt libraries are compiled for a 1k prefill chunk and a 4k context. */
const PREBUILT_CONTEXT_WINDOW = 4096;
const MEGABYTE = 1024 * 1024;

export interface WebLlmModel {
  id: string;
  /** For the model picker, e.g. `Qwen2.5 1.5B`. */
  label: string;
  /** Parameter count, e.g. `1.5B`: the download grows with it. */
  parameters: string;
  vramMegabytes: number;
  /** About how much the weights download; 0 when unknown (a custom model). */
  downloadBytes: number;
  contextWindow: number;
  needsShaderF16: boolean;
  /** web-llm's mark for models that run on phones and integrated GPUs. */
  lowResource: boolean;
  /** The record web-llm loads it from. */
  record: ModelRecord;
}

interface CatalogueEntry {
  id: string;
  label: string;
  parameters: string;
  vramMegabytes: number;
  downloadMegabytes: number;
  lowResource: boolean;
  /** The library file under `LIBRARY_PREFIX` (some models share their family's library). */
  library: string;
}

const CATALOGUE: readonly CatalogueEntry[] = [
  {
    id: 'SmolLM2-360M-Instruct-q4f32_1-MLC',
    label: 'SmolLM2 360M',
    parameters: '360M',
    vramMegabytes: 580,
    downloadMegabytes: 230,
    lowResource: true,
    library: 'SmolLM2-360M-Instruct-q4f32_1_cs1k-webgpu.wasm',
  },
  {
    id: 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC',
    label: 'Qwen2.5 0.5B',
    parameters: '0.5B',
    vramMegabytes: 945,
    downloadMegabytes: 280,
    lowResource: true,
    library: 'Qwen2-0.5B-Instruct-q4f16_1_cs1k-webgpu.wasm',
  },
  {
    id: 'Llama-3.2-1B-Instruct-q4f16_1-MLC',
    label: 'Llama 3.2 1B',
    parameters: '1B',
    vramMegabytes: 879,
    downloadMegabytes: 700,
    lowResource: true,
    library: 'Llama-3.2-1B-Instruct-q4f16_1_cs1k-webgpu.wasm',
  },
  {
    id: 'Qwen3-0.6B-q4f16_1-MLC',
    label: 'Qwen3 0.6B',
    parameters: '0.6B',
    vramMegabytes: 1403,
    downloadMegabytes: 340,
    lowResource: true,
    library: 'Qwen3-0.6B-q4f16_1_cs1k-webgpu.wasm',
  },
  {
    id: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC',
    label: 'Qwen2.5 1.5B',
    parameters: '1.5B',
    vramMegabytes: 1630,
    downloadMegabytes: 870,
    lowResource: true,
    library: 'Qwen2-1.5B-Instruct-q4f16_1_cs1k-webgpu.wasm',
  },
  {
    id: 'Llama-3.2-3B-Instruct-q4f16_1-MLC',
    label: 'Llama 3.2 3B',
    parameters: '3B',
    vramMegabytes: 2264,
    downloadMegabytes: 1810,
    lowResource: true,
    library: 'Llama-3.2-3B-Instruct-q4f16_1_cs1k-webgpu.wasm',
  },
  {
    id: 'Phi-3.5-mini-instruct-q4f16_1-MLC',
    label: 'Phi-3.5 mini',
    parameters: '3.8B',
    vramMegabytes: 3672,
    downloadMegabytes: 2150,
    lowResource: false,
    library: 'Phi-3.5-mini-instruct-q4f16_1_cs1k-webgpu.wasm',
  },
];

export const WEBLLM_MODELS: readonly WebLlmModel[] = CATALOGUE.map((entry) =>
  describeModel({
    id: entry.id,
    label: entry.label,
    parameters: entry.parameters,
    vramMegabytes: entry.vramMegabytes,
    downloadBytes: entry.downloadMegabytes * MEGABYTE,
    lowResource: entry.lowResource,
    contextWindow: PREBUILT_CONTEXT_WINDOW,
    weightsUrl: `${WEIGHTS_PREFIX}${entry.id}`,
    libraryUrl: `${LIBRARY_PREFIX}${entry.library}`,
  }),
);

export const DEFAULT_WEBLLM_MODEL_ID = 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC';

export function findWebLlmModel(id: string): WebLlmModel | undefined {
  return WEBLLM_MODELS.find((model) => model.id === id);
}

export interface CustomModelOptions {
  /** Absolute URL of the weights folder (web-llm appends `resolve/main/`). */
  url: string;
  /** URL of the compiled model library (`.wasm`); relative URLs resolve against the page. */
  modelLib: string;
  /** Defaults to the last part of `url`. */
  id?: string;
  label?: string;
  contextWindow?: number;
  vramMegabytes?: number;
  downloadBytes?: number;
  /** Defaults to whether the id names an f16 quantisation. */
  needsShaderF16?: boolean;
}

/** A model served from the user's own host, e.g. a copy of a prebuilt one on an air-gapped LAN. */
export function customModel(options: CustomModelOptions): WebLlmModel {
  let weightsUrl: URL;
  try {
    weightsUrl = new URL(options.url);
  } catch {
    throw new TypeError(`The model URL "${options.url}" is not absolute; write it as https://…`);
  }
  const id = options.id ?? weightsUrl.pathname.split('/').filter(Boolean).pop() ?? weightsUrl.host;
  return describeModel({
    id,
    label: options.label ?? id,
    parameters: 'custom',
    vramMegabytes: options.vramMegabytes ?? 0,
    downloadBytes: options.downloadBytes ?? 0,
    lowResource: false,
    contextWindow: options.contextWindow ?? PREBUILT_CONTEXT_WINDOW,
    weightsUrl: weightsUrl.href,
    libraryUrl: options.modelLib,
    needsShaderF16: options.needsShaderF16,
  });
}

interface ModelDescription {
  id: string;
  label: string;
  parameters: string;
  vramMegabytes: number;
  downloadBytes: number;
  lowResource: boolean;
  contextWindow: number;
  weightsUrl: string;
  libraryUrl: string;
  needsShaderF16?: boolean | undefined;
}

function describeModel(description: ModelDescription): WebLlmModel {
  const needsShaderF16 = description.needsShaderF16 ?? /f16/.test(description.id);
  return {
    id: description.id,
    label: description.label,
    parameters: description.parameters,
    vramMegabytes: description.vramMegabytes,
    downloadBytes: description.downloadBytes,
    contextWindow: description.contextWindow,
    needsShaderF16,
    lowResource: description.lowResource,
    record: {
      model: description.weightsUrl,
      model_id: description.id,
      model_lib: description.libraryUrl,
      low_resource_required: description.lowResource,
      overrides: { context_window_size: description.contextWindow },
      ...(description.vramMegabytes > 0 ? { vram_required_MB: description.vramMegabytes } : {}),
      ...(needsShaderF16 ? { required_features: ['shader-f16'] } : {}),
    },
  };
}
