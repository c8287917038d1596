import 'fake-indexeddb/auto';
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openConversationDatabase } from '../../../src/adapters/store/conversation-schema.ts';
import { IdbConversationStore } from '../../../src/adapters/store/idb-conversation-store.ts';
import { StorageFullError } from '../../../src/core/errors.ts';
import type { TraceEvent } from '../../../src/core/llm/trace.ts';
import { makeConversation, makeTurn } from '../../contracts/conversation-store.contract.ts';

/** Makes every `put` into the object store `name` fail as a full disk does. */
function failPutsInto(name: string): void {
  const put = IDBObjectStore.prototype.put;
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
    this: IDBObjectStore,
    ...args: Parameters<IDBObjectStore['put']>
  ) {
    if (this.name === name) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return put.apply(this, args);
  });
}

describe('IdbConversationStore', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('turns a quota failure into StorageFullError and keeps the previous version whole', async () => {
    const store = new IdbConversationStore({ indexedDB: new IDBFactory() });
    const original = makeConversation('a');
    await store.put(original);
    failPutsInto('summaries'); // after the conversation itself was put in the same transaction
    const longer = makeConversation('a', { turns: [makeTurn('a-1'), makeTurn('a-2')] });
    await expect(store.put(longer)).rejects.toBeInstanceOf(StorageFullError);
    await expect(store.rename('a', 'New title')).rejects.toBeInstanceOf(StorageFullError);
    vi.restoreAllMocks();
    expect(await store.get('a')).toEqual(original);
    expect(await store.list()).toMatchObject([{ id: 'a', turnCount: 1, title: original.title }]);
  });

  it('keeps conversations when the database is opened again', async () => {
    const factory = new IDBFactory();
    const first = new IdbConversationStore({ indexedDB: factory });
    await first.put(makeConversation('a'));
    await first.close();
    await expect(first.list()).rejects.toMatchObject({ name: 'DatabaseClosedError' });
    const second = new IdbConversationStore({ indexedDB: factory });
    expect(await second.get('a')).toEqual(makeConversation('a'));
  });

  it('lets go of the database when it is deleted, so the deletion is not blocked', async () => {
    const factory = new IDBFactory();
    const store = new IdbConversationStore({ indexedDB: factory, name: 'conversations-test' });
    await store.put(makeConversation('a'));
    const deletion = factory.deleteDatabase('conversations-test');
    const blocked = vi.fn();
    deletion.onblocked = blocked;
    await new Promise((resolve, reject) => {
      deletion.onsuccess = resolve;
      deletion.onerror = reject;
    });
    expect(blocked).not.toHaveBeenCalled();
    await expect(store.get('a')).rejects.toMatchObject({
      name: 'DatabaseClosedError',
      message: expect.stringContaining('deleted in another tab'),
    });
  });

  it('reads a conversation stored with version 1 traces, and writes it back in the current format', async () => {
    const factory = new IDBFactory();
    const database = await openConversationDatabase(factory, 'conversations-test');
    const run = { type: 'run-start', at: 0, question: 'Question a-1?', strategy: 'auto' } as const;
    const chosen = { strategy: 'single', reason: 'One fact.', by: 'router' } as const;
    const stored = { type: 'strategy-choose', step: 'router', at: 3, data: chosen };
    const turn = makeTurn('a-1', { events: [run, stored] as unknown as TraceEvent[] });
    await database.put('conversations', makeConversation('a', { turns: [turn] }));
    database.close();
    const store = new IdbConversationStore({ indexedDB: factory, name: 'conversations-test' });
    const read = await store.get('a');
    expect(read?.turns[0]?.events).toEqual([
      run,
      { type: 'strategy-choose', step: 'router', at: 3, ...chosen },
    ]);
    await store.put(read!);
    await store.close();
    const again = await openConversationDatabase(factory, 'conversations-test');
    expect(await again.get('conversations', 'a')).toMatchObject({ traceVersion: 2 });
    again.close();
  });
});
