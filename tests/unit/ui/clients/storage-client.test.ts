import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestPersistentStorage } from '../../../../src/ui/clients/storage-client.ts';

describe('requestPersistentStorage', () => {
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

  it('answers false where the browser has no storage manager or it fails', async () => {
    vi.stubGlobal('navigator', {});
    expect(await requestPersistentStorage()).toBe(false);
    const failing = async () => Promise.reject(new Error('denied'));
    vi.stubGlobal('navigator', { storage: { persist: failing } });
    expect(await requestPersistentStorage()).toBe(false);
  });
});
