import { describe, expect, it, vi } from 'vitest';
import { MemoryStore } from '../../../src/adapters/store/memory-store.ts';
import { summarizeCollection } from '../../../src/app/collection-summary.ts';
import { makeCollection, makeWrite } from '../../contracts/store-fixtures.ts';

async function storeWithIssues(): Promise<MemoryStore> {
  const store = new MemoryStore();
  await store.putCollection(makeCollection('a'));
  await store.writeFiles([
    makeWrite('a', 'one.bin', { status: 'skipped' }),
    makeWrite('a', 'two.pdf', { status: 'failed' }),
    makeWrite('a', 'three.pdf', { status: 'failed' }),
    makeWrite('a', 'four.md'),
  ]);
  return store;
}

describe('summarizeCollection', () => {
  it('takes the skipped and failed files from the counts the store keeps, reading no file', async () => {
    const store = await storeWithIssues();
    const reads = vi.spyOn(store, 'listFiles');
    const summary = await summarizeCollection(
      store,
      (await store.getCollection('a'))!,
      undefined,
      undefined,
    );
    expect(summary).toMatchObject({ fileCount: 1, skippedFiles: 1, failedFiles: 2 });
    expect(reads).not.toHaveBeenCalled();
  });

  it('counts them from the file records for a collection stored before they were kept', async () => {
    const store = await storeWithIssues();
    const { issueCounts: _counted, ...before } = (await store.getCollection('a'))!;
    expect(_counted).toEqual({ skipped: 1, failed: 2 });
    const summary = await summarizeCollection(store, before, undefined, undefined);
    expect(summary).toMatchObject({ skippedFiles: 1, failedFiles: 2 });
  });
});
