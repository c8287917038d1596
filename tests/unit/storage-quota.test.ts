import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageEstimate } from '../../src/adapters/store/storage-quota.ts';
import { requestPersistentStorage } from '../../src/ui/clients/storage-client.ts';

describe('storage quota helpers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for persistence only when storage is not persistent yet', async () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', { storage: { persisted: async () => true, persist } });
    expect(await requestPersistentStorage()).toBe(true);
    expect(persist).not.toHaveBeenCalled();
    vi.stubGlobal('navigator', { storage: { persisted: async () => false, persist } });
    expect(await requestPersistentStorage()).toBe(true);
    expect(persist).toHaveBeenCalledOnce();
  });

  it('reports usage and quota', async () => {
    const estimate = async () => ({ usage: 1024, quota: 4096 });
    vi.stubGlobal('navigator', { storage: { estimate } });
    expect(await storageEstimate()).toEqual({ usage: 1024, quota: 4096 });
  });

  it('answers false and undefined where the browser has no storage manager or it fails', async () => {
    vi.stubGlobal('navigator', {});
    expect(await requestPersistentStorage()).toBe(false);
    expect(await storageEstimate()).toBeUndefined();
    const failing = async () => Promise.reject(new Error('denied'));
    vi.stubGlobal('navigator', { storage: { persist: failing, estimate: failing } });
    expect(await requestPersistentStorage()).toBe(false);
    expect(await storageEstimate()).toBeUndefined();
  });
});
