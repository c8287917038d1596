/**
 * Embedding a batch of parsed files in one embedder call: a text that occurs more than once in the
 * batch is embedded once, and a file whose bytes and texts were embedded earlier in the run (a
 * duplicate under another name) reuses those vectors.
 */
import type { Embedder } from '../ports/embedder.ts';
import { indexText } from '../retrieval/index-text.ts';
import type { Chunk } from '../types.ts';

/**
 * Vectors of files embedded in this run, kept by content hash so that a duplicate file (the same
 * bytes under another name) is not embedded again: at most this many bytes of vectors and texts.
 */
const DUPLICATE_CACHE_BYTES = 16 * 1024 * 1024;

/** What a batch needs of a file: its content hash and its chunks. */
export interface BatchFile {
  hash: string;
  chunks: Chunk[];
}

export interface EmbeddedBatchFile<File extends BatchFile> {
  file: File;
  /** One vector per chunk, flat (`chunks × dim`). */
  vectors: Float32Array;
}

interface EmbeddedFile {
  /** The texts that were embedded, one per chunk. */
  texts: string[];
  vectors: Float32Array;
}

/** The vectors of one run's files by content hash, forgetting the oldest over budget. */
export class EmbeddedFiles {
  readonly #byHash = new Map<string, EmbeddedFile>();
  #bytes = 0;

  /** The vectors embedded for this hash, if their texts were these. */
  find(hash: string, texts: readonly string[]): Float32Array | undefined {
    const earlier = this.#byHash.get(hash);
    return earlier && sameTexts(earlier.texts, texts) ? earlier.vectors : undefined;
  }

  remember(hash: string, texts: string[], vectors: Float32Array): void {
    const bytes = sizeOf({ texts, vectors });
    if (bytes > DUPLICATE_CACHE_BYTES / 4 || this.#byHash.has(hash)) return;
    this.#byHash.set(hash, { texts, vectors });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#byHash) {
      if (this.#bytes <= DUPLICATE_CACHE_BYTES) break;
      this.#byHash.delete(oldest);
      this.#bytes -= sizeOf(entry);
    }
  }
}

/** Embeds the batch's chunks in one call (or none), each file's vectors in the batch's order. */
export async function embedBatch<File extends BatchFile>(
  batch: readonly File[],
  embedder: Embedder,
  embedded: EmbeddedFiles,
  signal: AbortSignal | undefined,
): Promise<EmbeddedBatchFile<File>[]> {
  const texts: string[] = [];
  const rowOfText = new Map<string, number>();
  const planned = batch.map((file) => {
    const fileTexts = file.chunks.map(indexText);
    const vectors = embedded.find(file.hash, fileTexts);
    if (vectors) return { file, texts: fileTexts, vectors, rows: [] };
    const rows = fileTexts.map((text) => {
      let row = rowOfText.get(text);
      if (row === undefined) {
        row = texts.push(text) - 1;
        rowOfText.set(text, row);
      }
      return row;
    });
    return { file, texts: fileTexts, vectors: undefined, rows };
  });
  const vectors = texts.length > 0 ? await embedder.embed(texts, { signal }) : new Float32Array(0);
  return planned.map((plan) => {
    if (plan.vectors) return { file: plan.file, vectors: plan.vectors };
    const fileVectors = gatherRows(vectors, plan.rows, embedder.dim);
    embedded.remember(plan.file.hash, plan.texts, fileVectors);
    return { file: plan.file, vectors: fileVectors };
  });
}

function sizeOf({ texts, vectors }: EmbeddedFile): number {
  return vectors.byteLength + texts.reduce((sum, text) => sum + text.length * 2, 0);
}

function sameTexts(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((text, index) => text === right[index]);
}

/** The given rows of a flat `rows × dim` array, in that order, as a new array. */
function gatherRows(vectors: Float32Array, rows: readonly number[], dim: number): Float32Array {
  const gathered = new Float32Array(rows.length * dim);
  rows.forEach((row, index) => {
    gathered.set(vectors.subarray(row * dim, (row + 1) * dim), index * dim);
  });
  return gathered;
}
