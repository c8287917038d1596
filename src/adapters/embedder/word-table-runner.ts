/**
 * The built-in word-vector model as the embedder runs it (decision 0019): its tokenizer written
 * out to give the ids of @huggingface/tokenizers, the library transformers.js runs its
 * tokenizers on (decision 0034; the library itself for what that does not copy, decision 0025),
 * and its table read from the ONNX file the app serves (in Node, from the models folder).
 */
import { Tokenizer } from '@huggingface/tokenizers';
import { BertWordPiece } from './bert-word-piece.ts';
import type { EmbeddingRunner } from './embedding-runner.ts';
import { embedWithTable, readWordTable, type TokenizeTexts, type WordTable } from './word-table.ts';

class WordTableRunner implements EmbeddingRunner {
  constructor(
    private readonly tokenize: TokenizeTexts,
    private readonly table: WordTable,
  ) {}

  get dim(): number {
    return this.table.dim;
  }

  embedInto(texts: string[], target: Float32Array, targetRows: readonly number[]) {
    embedWithTable(this.table, this.tokenize, texts, target, targetRows);
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
 * Loads `model` from `localModelPath` (a folder in Node, a URL path in a browser). `onDownload`
 * hears the size of its three files once read.
 */
export async function loadWordTable(
  localModelPath: string,
  model: string,
  onDownload?: (progress: { loadedBytes: number; totalBytes: number }) => void,
): Promise<WordTableRunner> {
  const folder = `${localModelPath.replace(/\/?$/, '/')}${model}/`;
  const files = await Promise.all(
    ['tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx'].map((name) =>
      readLocalFile(folder + name),
    ),
  );
  const [tokenizerJson, tokenizerConfig, table] = files as [Uint8Array, Uint8Array, Uint8Array];
  const bytes = files.reduce((sum, file) => sum + file.length, 0);
  onDownload?.({ loadedBytes: bytes, totalBytes: bytes });
  return new WordTableRunner(
    tokenizeLikeTransformers(readJson(tokenizerJson), readJson(tokenizerConfig)),
    readWordTable(table),
  );
}

/**
 * Texts tokenized as transformers.js does when called with `truncation: true`: the tokenizer's
 * encoding with its special tokens, cut to the config's `model_max_length`. A BERT WordPiece
 * tokenizer runs as `BertWordPiece`; any other tokenizer, and the texts it hands back, through the
 * library (made when first needed).
 */
export function tokenizeLikeTransformers(
  tokenizerJson: object,
  config: { model_max_length?: number },
): TokenizeTexts {
  const fast = BertWordPiece.fromTokenizerJson(tokenizerJson, config);
  let library: Tokenizer | undefined;
  const maximum = config.model_max_length ?? Infinity;
  return (texts) =>
    texts.map((text) => {
      const ids =
        fast?.encode(text) ?? (library ??= new Tokenizer(tokenizerJson, config)).encode(text).ids;
      return ids.length > maximum ? ids.slice(0, maximum) : ids;
    });
}

function readJson(bytes: Uint8Array): { model_max_length?: number } {
  return JSON.parse(new TextDecoder().decode(bytes)) as { model_max_length?: number };
}

/** A file of the app's own models: read from disk in Node, fetched from the app in a browser. */
async function readLocalFile(path: string): Promise<Uint8Array> {
  const files = globalThis.process?.getBuiltinModule?.('node:fs/promises');
  if (files) return new Uint8Array(await files.readFile(path));
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
