import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlobReads } from '../../../src/adapters/source/blob-reads.ts';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const originalArrayBuffer = Blob.prototype.arrayBuffer;

afterEach(() => vi.restoreAllMocks());

describe('BlobReads', () => {
  it('reads the files asked for in one turn in one read, each into a buffer of its own', async () => {
    const reads = new BlobReads();
    const files = ['alpha', 'bee', 'gamma ray'].map((content) => new File([content], 'f.txt'));
    const arrayBuffer = vi.spyOn(Blob.prototype, 'arrayBuffer');
    const bytes = await Promise.all(files.map((file, index) => reads.read(`f${index}`, file)));
    expect(arrayBuffer).toHaveBeenCalledTimes(1);
    expect(bytes.map(text)).toEqual(['alpha', 'bee', 'gamma ray']);
    // Own buffers: the parse worker takes each by transfer, which would detach a shared one.
    expect(bytes.map((each) => each.buffer.byteLength)).toEqual([5, 3, 9]);
  });

  it('reads files asked for in different turns apart', async () => {
    const reads = new BlobReads();
    const arrayBuffer = vi.spyOn(Blob.prototype, 'arrayBuffer');
    expect(text(await reads.read('a', new File(['a'], 'a')))).toBe('a');
    expect(text(await reads.read('b', new File(['b'], 'b')))).toBe('b');
    expect(arrayBuffer).toHaveBeenCalledTimes(2);
  });

  it('reads a file larger than a group alone, and the others together', async () => {
    const reads = new BlobReads();
    const large = new File([new Uint8Array(5 * 1024 * 1024).fill(7)], 'large.bin');
    const small = [new File(['one'], 'one'), new File(['two'], 'two')];
    const arrayBuffer = vi.spyOn(Blob.prototype, 'arrayBuffer');
    const [first, big, second] = await Promise.all([
      reads.read('one', small[0]!),
      reads.read('large', large),
      reads.read('two', small[1]!),
    ]);
    expect([text(first!), text(second!)]).toEqual(['one', 'two']);
    expect(big!.length).toBe(large.size);
    expect(big!.every((byte) => byte === 7)).toBe(true);
    expect(arrayBuffer).toHaveBeenCalledTimes(3); // one, then large alone, then two
  });

  it('fails only the file that cannot be read when its group fails', async () => {
    const reads = new BlobReads();
    const good = new File(['fine'], 'good.md');
    const gone = new File(['lost'], 'gone.md');
    vi.spyOn(Blob.prototype, 'arrayBuffer').mockImplementation(function (this: Blob) {
      // The group's Blob (neither file) and the file that went away cannot be read.
      if (this !== good) return Promise.reject(new Error('The file changed since it was picked.'));
      return originalArrayBuffer.call(this);
    });
    const [kept, lost] = await Promise.allSettled([
      reads.read('good.md', good),
      reads.read('gone.md', gone),
    ]);
    expect(kept.status === 'fulfilled' && text(kept.value)).toBe('fine');
    expect(lost.status === 'rejected' && lost.reason).toMatchObject({
      name: 'FileReadError',
      message: expect.stringContaining('"gone.md" could not be opened'),
    });
  });

  it('refuses a read once its signal is aborted', async () => {
    const reads = new BlobReads();
    const controller = new AbortController();
    controller.abort();
    await expect(reads.read('a', new File(['a'], 'a'), controller.signal)).rejects.toThrow();
  });
});
