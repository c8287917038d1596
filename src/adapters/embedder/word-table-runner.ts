/**
 * The built-in word-vector model as the embedder runs it (decision 0019): its tokenizer through
 * transformers.js (no model session), and its table read from the ONNX file the app serves (in
 * Node, from the models folder).
 */
import { AutoTokenizer } from '@huggingface/transformers';
import type { PreTrainedTokenizer } from '@huggingface/transformers';
import type { EmbeddingRunner } from './embedding-runner.ts';
import { embedWithTable, readWordTable, type WordTable } from './word-table.ts';

class WordTableRunner implements EmbeddingRunner {
  constructor(
    private readonly tokenizer: PreTrainedTokenizer,
    private readonly table: WordTable,
  ) {}

  get dim(): number {
    return this.table.dim;
  }

  embedInto(texts: string[], target: Float32Array, targetRows: readonly number[]) {
    embedWithTable(this.table, this.tokenizer, texts, target, targetRows);
    return Promise.resolve();
  }

  probeDimension(): Promise<number> {
    return Promise.resolve(this.table.dim);
  }

  dispose(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Loads `model` from `localModelPath` (a folder in Node, a URL path in a browser); transformers.js
 * must already be set to read models from there. `onDownload` hears the table's size once read.
 */
export async function loadWordTable(
  localModelPath: string,
  model: string,
  onDownload?: (progress: { loadedBytes: number; totalBytes: number }) => void,
): Promise<WordTableRunner> {
  const [tokenizer, bytes] = await Promise.all([
    AutoTokenizer.from_pretrained(model),
    readLocalFile(`${localModelPath.replace(/\/?$/, '/')}${model}/onnx/model.onnx`),
  ]);
  onDownload?.({ loadedBytes: bytes.length, totalBytes: bytes.length });
  return new WordTableRunner(tokenizer, readWordTable(bytes));
}

/** A file of the app's own models: read from disk in Node, fetched from the app in a browser. */
async function readLocalFile(path: string): Promise<Uint8Array> {
  const files = globalThis.process?.getBuiltinModule?.('node:fs/promises');
  if (files) return new Uint8Array(await files.readFile(path));
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
