import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageEstimate } from '../../../src/adapters/store/storage-quota.ts';

describe('storageEstimate', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reports usage and quota', async () => {
    const estimate = async () => ({ usage: 1024, quota: 4096 });
    vi.stubGlobal('navigator', { storage: { estimate } });
    expect(await storageEstimate()).toEqual({ usage: 1024, quota: 4096 });
  });

  it('answers undefined where the browser has no storage manager or it fails', async () => {
    vi.stubGlobal('navigator', {});
    expect(await storageEstimate()).toBeUndefined();
    const failing = async () => Promise.reject(new Error('denied'));
    vi.stubGlobal('navigator', { storage: { estimate: failing } });
    expect(await storageEstimate()).toBeUndefined();
  });
});
