import { describe, expect, it } from 'vitest';
import {
  cleanTitle,
  historyOf,
  MAX_TITLE_LENGTH,
  newConversation,
  searchScope,
  settleInterrupted,
  withTurn,
} from '../../../src/core/conversation/conversation.ts';
import { makeTurn } from '../../contracts/conversation-store.contract.ts';

describe('conversations', () => {
  it('starts untitled and takes its first question as its title', () => {
    const empty = newConversation('c', ['notes'], 5);
    expect(empty).toEqual({
      id: 'c',
      title: '',
      createdAt: 5,
      updatedAt: 5,
      collectionIds: ['notes'],
      turns: [],
    });
    const first = withTurn(empty, makeTurn('1', { question: '  How long\nis VH-7? ' }), 9);
    expect(first.title).toBe('How long is VH-7?');
    expect(first.updatedAt).toBe(9);
    const second = withTurn(first, makeTurn('2', { question: 'When?' }), 10);
    expect(second.title).toBe('How long is VH-7?');
    expect(second.turns.map(({ id }) => id)).toEqual(['1', '2']);
    expect(empty.turns).toEqual([]);
  });

  it('replaces a turn in place (a regenerated answer), keeping a renamed title', () => {
    const conversation = withTurn(
      withTurn({ ...newConversation('c'), title: 'Mine' }, makeTurn('1'), 1),
      makeTurn('2'),
      2,
    );
    const again = withTurn(conversation, makeTurn('1', { answer: 'Better' }), 3);
    expect(again.turns.map(({ id, answer }) => [id, answer])).toEqual([
      ['1', 'Better'],
      ['2', conversation.turns[1]?.answer],
    ]);
    expect(again.title).toBe('Mine');
  });

  it('reads follow-ups against the answered turns before the one asked', () => {
    let conversation = newConversation('c');
    conversation = withTurn(conversation, makeTurn('1', { question: 'One?', answer: 'A' }));
    conversation = withTurn(
      conversation,
      makeTurn('2', { question: 'Two?', answer: '', status: 'failed' }),
    );
    conversation = withTurn(
      conversation,
      makeTurn('3', { question: 'Three?', answer: 'Part', status: 'stopped' }),
    );
    expect(historyOf(conversation)).toEqual([
      { question: 'One?', answer: 'A' },
      { question: 'Three?', answer: 'Part' },
    ]);
    expect(historyOf(conversation, '3')).toEqual([{ question: 'One?', answer: 'A' }]);
    expect(historyOf(conversation, '1')).toEqual([]);
  });

  it('shows a turn saved while running, in a page that does not run it, as interrupted', () => {
    const running = makeTurn('2', { status: 'running', answer: 'The core is 3' });
    const conversation = withTurn(withTurn(newConversation('c'), makeTurn('1'), 1), running, 2);
    const settled = settleInterrupted(conversation);
    expect(settled.turns.map((turn) => turn.status)).toEqual(['answered', 'interrupted']);
    expect(settled.turns[1]).toEqual({ ...running, status: 'interrupted' });
    expect(conversation.turns[1]!.status).toBe('running');
    expect(settleInterrupted(conversation, '2')).toBe(conversation);
    const done = withTurn(newConversation('d'), makeTurn('1'), 1);
    expect(settleInterrupted(done)).toBe(done);
  });

  it('cuts long titles at a word', () => {
    const title = cleanTitle(`${'word '.repeat(40)}end`);
    expect(title.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    expect(title.endsWith('word…')).toBe(true);
  });

  it('searches the scope’s collections that still exist, else every collection', () => {
    expect(searchScope([], ['a', 'b'])).toBeUndefined();
    expect(searchScope(['a', 'gone'], ['a', 'b'])).toEqual(['a']);
    expect(searchScope(['gone'], ['a', 'b'])).toBeUndefined();
  });
});
