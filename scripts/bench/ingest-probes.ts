/**
 * Instruments for measuring an ingest run from outside: which files were read and how many bytes,
 * which texts were embedded, and the peak resident memory. Used by `bench torture` and
 * tests/integration/torture-folder.test.ts.
 */
import type { FolderSource, SourceFile } from '../../src/core/ports/folder-source.ts';
import type { Embedder } from '../../src/core/ports/embedder.ts';
import { trackPeakMemory } from './own-memory.ts';

/** A folder source that counts the bytes each file's reads returned, by path. */
export class RecordingSource implements FolderSource {
  readonly name: string;
  readonly reads = new Map<string, number>();

  constructor(private readonly inner: FolderSource) {
    this.name = inner.name;
  }

  async list(signal?: AbortSignal): Promise<SourceFile[]> {
    return (await this.inner.list(signal)).map((file) => ({
      ...file,
      read: async (readSignal?: AbortSignal) => {
        const bytes = await file.read(readSignal);
        this.reads.set(file.path, (this.reads.get(file.path) ?? 0) + bytes.length);
        return bytes;
      },
    }));
  }

  /** Bytes returned by every read so far. */
  bytesRead(): number {
    let total = 0;
    for (const bytes of this.reads.values()) total += bytes;
    return total;
  }
}

/** An embedder that keeps count of what it was asked to embed. */
export interface CountingEmbedder extends Embedder {
  /** Every text embedded, in order. */
  readonly texts: string[];
}

export function countingEmbedder(inner: Embedder): CountingEmbedder {
  const texts: string[] = [];
  return {
    id: inner.id,
    dim: inner.dim,
    texts,
    embed: (batch, options) => {
      texts.push(...batch);
      return inner.embed(batch, options);
    },
  };
}

/** The peak resident memory, in bytes, from now until the returned function runs (`trackPeakMemory`). */
export function trackPeakRss(intervalMs = 10): () => number {
  const stop = trackPeakMemory(intervalMs);
  return () => stop().rss;
}
