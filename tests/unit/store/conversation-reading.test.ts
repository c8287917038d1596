import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  decodeReading,
  decodeStoredConversation,
  encodeStoredConversation,
} from '../../../src/adapters/store/conversation-schema.ts';
import { IdbConversationStore } from '../../../src/adapters/store/idb-conversation-store.ts';
import type { PassageReading } from '../../../src/core/answer/reading.ts';
import { makeConversation, makeTurn } from '../../contracts/conversation-store.contract.ts';
import {
  answerReading,
  makePassage,
  needsModelReading,
  nothingReading,
} from '../../support/reading-fixtures.ts';

describe('a stored turn’s reading', () => {
  it('accepts the readings the passages strategy writes', () => {
    for (const reading of [
      answerReading(),
      needsModelReading('multi-part'),
      needsModelReading('comparison'),
      needsModelReading('low-confidence'),
      nothingReading(),
    ]) {
      expect(decodeReading(reading)).toBe(reading);
    }
  });

  it('refuses a reading that does not hold together', () => {
    const broken: unknown[] = [
      null,
      'answer',
      [],
      { ...answerReading(), outcome: 'maybe' },
      { ...needsModelReading(), reason: 'too-hard' },
      { ...answerReading(), likelyAnswer: undefined },
      { ...answerReading(), likelyAnswer: { text: 'x', confidence: 1.5, passageNumber: 1 } },
      { ...answerReading(), likelyAnswer: { text: 'x', confidence: 0.9, passageNumber: 7 } },
      { ...needsModelReading(), likelyAnswer: { text: 'x', confidence: 0.9, passageNumber: 1 } },
      { ...nothingReading(), passages: [makePassage(1)] },
      { ...needsModelReading(), passages: 'three' },
      { ...needsModelReading(), passages: [makePassage(1), makePassage(1)] },
      { ...needsModelReading(), passages: [makePassage(1, { sentence: { start: 5, end: 999 } })] },
      { ...needsModelReading(), passages: [makePassage(1, { sentence: { start: 9, end: 3 } })] },
      { ...needsModelReading(), passages: [makePassage(1, { answer: { start: -1, end: 2 } })] },
      { ...needsModelReading(), passages: [{ ...makePassage(1), path: null }] },
      { ...needsModelReading(), passages: [{ ...makePassage(1), number: 0 }] },
      { ...needsModelReading(), bestSpan: { text: 'x', confidence: 0.5 } },
    ];
    for (const value of broken) expect(decodeReading(value), JSON.stringify(value)).toBeUndefined();
  });

  it('keeps old turns without a reading, and drops only a broken reading', () => {
    const old = makeConversation('old');
    expect(decodeStoredConversation(encodeStoredConversation(old))).toEqual(old);
    const broken = { ...needsModelReading(), outcome: 'maybe' } as unknown as PassageReading;
    const conversation = makeConversation('c', {
      turns: [
        makeTurn('c-1', { status: 'answered', reading: answerReading() }),
        makeTurn('c-2', { status: 'passages', reading: broken }),
        makeTurn('c-3'),
      ],
    });
    const decoded = decodeStoredConversation(encodeStoredConversation(conversation));
    expect(decoded.turns[0]).toEqual(conversation.turns[0]);
    expect(decoded.turns[1]).not.toHaveProperty('reading');
    expect(decoded.turns[1]).toMatchObject({ id: 'c-2', status: 'passages' });
    expect(decoded.turns[2]).toEqual(conversation.turns[2]);
  });

  it('round-trips a reading through IndexedDB and checks it on the way back', async () => {
    const store = new IdbConversationStore({ indexedDB: new IDBFactory() });
    const conversation = makeConversation('a', {
      turns: [
        makeTurn('a-1', { status: 'answered', strategyRun: 'passages', reading: answerReading() }),
        makeTurn('a-2', {
          status: 'not-found',
          strategyRun: 'passages',
          reading: nothingReading(),
        }),
        makeTurn('a-3', {
          status: 'passages',
          reading: { ...needsModelReading(), outcome: 'maybe' } as unknown as PassageReading,
        }),
      ],
    });
    await store.put(conversation);
    const stored = await store.get('a');
    expect(stored?.turns[0]).toEqual(conversation.turns[0]);
    expect(stored?.turns[1]).toEqual(conversation.turns[1]);
    expect(stored?.turns[2]).not.toHaveProperty('reading');
    await store.close();
  });
});
