import { describe, expect, it } from 'vitest';
import { embedBatch, EmbeddedFiles } from '../../../src/core/ingest/embedding-batch.ts';
import type { Embedder } from '../../../src/core/ports/embedder.ts';
import type { Chunk } from '../../../src/core/types.ts';

/** A 2-dimensional embedder whose vector of a text is [its length, its number], counting calls. */
class CountingEmbedder implements Embedder {
  readonly id = 'test/counting';
  readonly dim = 2;
  calls: string[][] = [];

  embed(texts: readonly string[]): Promise<Float32Array> {
    this.calls.push([...texts]);
    return Promise.resolve(
      new Float32Array(texts.flatMap((text) => [text.length, this.calls.length])),
    );
  }
}

function file(hash: string, texts: string[]) {
  const chunks = texts.map((text, ordinal): Chunk => ({
    id: `c/${hash}#${ordinal}`,
    collectionId: 'c',
    fileId: `c/${hash}`,
    path: hash,
    ordinal,
    text,
    start: 0,
    end: text.length,
    headingPath: [],
  }));
  return { hash, chunks };
}

describe('embedBatch', () => {
  it('embeds each distinct text of a batch once, in one call, and gives each file its rows', async () => {
    const embedder = new CountingEmbedder();
    const batch = [file('a', ['one', 'three']), file('b', ['three', 'fives'])];
    const embedded = await embedBatch(batch, embedder, new EmbeddedFiles(), undefined);
    expect(embedder.calls).toEqual([['one', 'three', 'fives']]);
    expect(embedded.map(({ file: { hash } }) => hash)).toEqual(['a', 'b']);
    expect([...embedded[0]!.vectors]).toEqual([3, 1, 5, 1]);
    expect([...embedded[1]!.vectors]).toEqual([5, 1, 5, 1]);
  });

  it('reuses the vectors of a file with the same bytes and texts embedded earlier in the run', async () => {
    const embedder = new CountingEmbedder();
    const run = new EmbeddedFiles();
    await embedBatch([file('a', ['one'])], embedder, run, undefined);
    const again = await embedBatch([file('a', ['one'])], embedder, run, undefined);
    expect(embedder.calls).toHaveLength(1);
    expect([...again[0]!.vectors]).toEqual([3, 1]);
    // The same bytes chunked into other texts are embedded anew.
    await embedBatch([file('a', ['two'])], embedder, run, undefined);
    expect(embedder.calls).toEqual([['one'], ['two']]);
  });

  it('makes no call for a batch with nothing to embed', async () => {
    const embedder = new CountingEmbedder();
    expect(await embedBatch([file('a', [])], embedder, new EmbeddedFiles(), undefined)).toEqual([
      { file: file('a', []), vectors: new Float32Array(0) },
    ]);
    expect(embedder.calls).toEqual([]);
  });
});
