import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../src/adapters/store/memory-store.ts';
import { OrderedCommits, type FileCommit } from '../../../src/core/ingest/ordered-commits.ts';
import type { FileWrite } from '../../../src/core/ports/store.ts';
import { makeCollection, makeWrite } from '../../contracts/store-fixtures.ts';

function commitOf({ file, chunks, vectors }: FileWrite): FileCommit {
  return { record: file, chunks, vectors };
}

/** A memory store whose writes wait until released, one at a time, in the order they came. */
async function heldStore() {
  const store = new MemoryStore();
  await store.putCollection(makeCollection('a'));
  const started: string[][] = [];
  const releases: (() => void)[] = [];
  const writeFiles = store.writeFiles.bind(store);
  store.writeFiles = async (writes) => {
    started.push(writes.map((write) => write.file.path));
    await new Promise<void>((resolve) => releases.push(resolve));
    await writeFiles(writes);
  };
  return { store, started, release: () => releases.shift()?.() };
}

describe('OrderedCommits', () => {
  it('starts a batch only once the one before it has landed, and says when all have', async () => {
    const { store, started, release } = await heldStore();
    const landed: string[][] = [];
    const commits = new OrderedCommits(store, undefined, (batch) =>
      landed.push(batch.map((commit) => commit.record.path)),
    );
    await commits.start([commitOf(makeWrite('a', 'one.md')), commitOf(makeWrite('a', 'two.md'))]);
    const second = commits.start([commitOf(makeWrite('a', 'three.md'))]);
    expect(started).toEqual([['one.md', 'two.md']]);
    release();
    await second;
    expect(landed).toEqual([['one.md', 'two.md']]);
    expect(started).toEqual([['one.md', 'two.md'], ['three.md']]);
    release();
    await commits.landed();
    expect(landed).toEqual([['one.md', 'two.md'], ['three.md']]);
    expect((await store.listFiles('a')).map((file) => file.path)).toEqual([
      'one.md',
      'three.md',
      'two.md',
    ]);
  });

  it('throws a failed batch at the next start and at landed, and lands nothing of it', async () => {
    const store = new MemoryStore();
    const landed: number[] = [];
    const commits = new OrderedCommits(store, undefined, (batch) => landed.push(batch.length));
    // No collection "a": the store refuses the write.
    await commits.start([commitOf(makeWrite('a', 'one.md'))]);
    await expect(commits.start([commitOf(makeWrite('a', 'two.md'))])).rejects.toMatchObject({
      name: 'CollectionNotFoundError',
    });
    await expect(commits.landed()).rejects.toMatchObject({ name: 'CollectionNotFoundError' });
    expect(landed).toEqual([]);
  });
});
