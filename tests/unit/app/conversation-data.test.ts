import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { makeConversation } from '../../contracts/conversation-store.contract.ts';
import { FILES, folder, openLibrary } from './library-fixtures.ts';

describe('conversations and all data in the library worker', () => {
  it('keeps conversations across a reload', async () => {
    const factory = new IDBFactory();
    await openLibrary(factory).conversations.put(makeConversation('a'));
    expect(await openLibrary(factory).conversations.get('a')).toEqual(makeConversation('a'));
  });

  it('describes each cited source with its path and collection', async () => {
    const library = openLibrary();
    await library.syncFolder(
      { jobId: 'sync', folder: { kind: 'files', files: folder(FILES) } },
      () => undefined,
    );
    const result = await library.questions.ask(
      { jobId: 'ask', question: 'What ate the basil?', strategy: 'single' },
      () => undefined,
      () => undefined,
    );
    expect(result.citations[0]).toMatchObject({
      number: 1,
      path: 'notes/garden.md',
      collectionName: 'home',
    });
  });

  it('answers a follow-up with the earlier turn’s words in its search', async () => {
    const library = openLibrary();
    await library.syncFolder(
      { jobId: 'sync', folder: { kind: 'files', files: folder(FILES) } },
      () => undefined,
    );
    const events: { type: string }[] = [];
    const result = await library.questions.ask(
      {
        jobId: 'ask',
        question: 'And what ate it?',
        history: [{ question: 'What grows near the basil?', answer: 'Tomatoes.' }],
        strategy: 'single',
      },
      (event) => events.push(event),
      () => undefined,
    );
    expect(events.map(({ type }) => type)).toContain('question-rewrite');
    expect(result.answer).toContain('Snails');
  });

  it('deletes everything: collections, conversations and settings', async () => {
    const factory = new IDBFactory();
    const library = openLibrary(factory);
    await library.syncFolder(
      { jobId: 'sync', folder: { kind: 'files', files: folder(FILES) } },
      () => undefined,
    );
    await library.conversations.put(makeConversation('a'));
    await library.setModelHost('https://models.example.org');
    await library.deleteAllData();
    await expect(library.listCollections()).rejects.toMatchObject({ name: 'DatabaseClosedError' });
    const reloaded = openLibrary(factory);
    expect(await reloaded.listCollections()).toEqual([]);
    expect(await reloaded.conversations.list()).toEqual([]);
    expect(await reloaded.modelHost()).toBeUndefined();
  });
});
