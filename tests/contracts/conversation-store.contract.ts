import { beforeEach, describe, expect, it } from 'vitest';
import type { Conversation, ConversationTurn } from '../../src/core/conversation/conversation.ts';
import type { ConversationStore } from '../../src/core/conversation/conversation-store.ts';

export function makeTurn(id: string, overrides: Partial<ConversationTurn> = {}): ConversationTurn {
  return {
    id,
    question: `Question ${id}?`,
    strategyAsked: 'auto',
    strategyRun: 'single',
    answer: `**Answer ${id}** [1]`,
    citations: [
      {
        number: 1,
        chunkId: 'c/notes.md#0',
        path: 'notes.md',
        collectionName: 'Notes',
        quote: 'A quoted sentence.',
      },
    ],
    status: 'answered',
    events: [
      { type: 'run-start', at: 0, question: `Question ${id}?`, strategy: 'auto' },
      {
        type: 'retrieval-end',
        step: 'single',
        at: 5,
        passages: [{ id: 'c/notes.md#0', score: 0.9 }],
      },
      { type: 'run-end', at: 9, outcome: 'answered' },
    ],
    totals: {
      llmCalls: 3,
      promptTokens: 100,
      completionTokens: 20,
      llmMs: 7,
      ms: 9,
      repairs: 0,
      fallbacks: 0,
    },
    startedAt: 1000,
    endedAt: 1009,
    ...overrides,
  };
}

export function makeConversation(id: string, overrides: Partial<Conversation> = {}): Conversation {
  return {
    id,
    title: `Conversation ${id}`,
    createdAt: 1000,
    updatedAt: 2000,
    collectionIds: [],
    turns: [makeTurn(`${id}-1`)],
    ...overrides,
  };
}

/** The behaviour every `ConversationStore` adapter shares; `createStore` gives an empty store. */
export function describeConversationStoreContract(
  name: string,
  createStore: () => Promise<ConversationStore>,
): void {
  describe(`ConversationStore contract: ${name}`, () => {
    let store: ConversationStore;

    beforeEach(async () => {
      store = await createStore();
    });

    it('starts empty', async () => {
      expect(await store.list()).toEqual([]);
      expect(await store.get('missing')).toBeUndefined();
    });

    it('round-trips a conversation with its turns, citations and trace', async () => {
      const stopped = makeTurn('a-2', { status: 'stopped', answer: 'Partial', citations: [] });
      delete stopped.totals;
      const failed = makeTurn('a-3', {
        status: 'failed',
        answer: '',
        error: { name: 'EngineUnavailableError', message: 'Start the server.' },
      });
      const conversation = makeConversation('a', {
        collectionIds: ['notes', 'papers'],
        turns: [makeTurn('a-1'), stopped, failed],
      });
      await store.put(conversation);
      expect(await store.get('a')).toEqual(conversation);
    });

    it('lists summaries, the most recently updated first', async () => {
      await store.put(makeConversation('old', { createdAt: 1, updatedAt: 10 }));
      await store.put(makeConversation('new', { createdAt: 2, updatedAt: 30 }));
      await store.put(
        makeConversation('middle', {
          createdAt: 3,
          updatedAt: 20,
          turns: [makeTurn('m-1'), makeTurn('m-2')],
        }),
      );
      const list = await store.list();
      expect(list.map(({ id }) => id)).toEqual(['new', 'middle', 'old']);
      expect(list[1]).toEqual({
        id: 'middle',
        title: 'Conversation middle',
        createdAt: 3,
        updatedAt: 20,
        turnCount: 2,
      });
    });

    it('orders conversations updated at the same time by creation, newest first', async () => {
      await store.put(makeConversation('first', { createdAt: 1, updatedAt: 5 }));
      await store.put(makeConversation('second', { createdAt: 2, updatedAt: 5 }));
      expect((await store.list()).map(({ id }) => id)).toEqual(['second', 'first']);
    });

    it('replaces a conversation put again, and its summary', async () => {
      await store.put(makeConversation('a'));
      const longer = makeConversation('a', {
        updatedAt: 3000,
        turns: [makeTurn('a-1'), makeTurn('a-2')],
      });
      await store.put(longer);
      expect(await store.get('a')).toEqual(longer);
      expect(await store.list()).toMatchObject([{ id: 'a', turnCount: 2, updatedAt: 3000 }]);
    });

    it('renames without touching the turns or the order', async () => {
      await store.put(makeConversation('a', { updatedAt: 10 }));
      await store.put(makeConversation('b', { updatedAt: 20 }));
      await store.rename('a', 'Core samples');
      expect(await store.get('a')).toEqual(
        makeConversation('a', { updatedAt: 10, title: 'Core samples' }),
      );
      expect((await store.list()).map(({ id, title }) => [id, title])).toEqual([
        ['b', 'Conversation b'],
        ['a', 'Core samples'],
      ]);
    });

    it('refuses to rename a conversation that does not exist', async () => {
      await expect(store.rename('missing', 'Title')).rejects.toMatchObject({
        name: 'ConversationNotFoundError',
      });
      expect(await store.list()).toEqual([]);
    });

    it('deletes one conversation, and ignores an unknown id', async () => {
      await store.put(makeConversation('a'));
      await store.put(makeConversation('b'));
      await store.delete('a');
      await store.delete('missing');
      expect(await store.get('a')).toBeUndefined();
      expect((await store.list()).map(({ id }) => id)).toEqual(['b']);
    });

    it('stores copies: changing what was put or read changes nothing stored', async () => {
      const conversation = makeConversation('a');
      await store.put(conversation);
      conversation.title = 'Changed after put';
      conversation.turns.push(makeTurn('a-2'));
      const read = await store.get('a');
      if (!read) throw new Error('The conversation was not stored.');
      read.turns[0]!.answer = 'Changed after get';
      expect(await store.get('a')).toEqual(makeConversation('a'));
    });
  });
}
