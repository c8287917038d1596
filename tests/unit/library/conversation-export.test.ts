import { describe, expect, it } from 'vitest';
import {
  answerWithSources,
  conversationJson,
  conversationMarkdown,
  exportFileName,
} from '../../../src/ui/conversation-export.ts';
import { makeConversation, makeTurn } from '../../contracts/conversation-store.contract.ts';

const names = new Map([
  ['notes', 'Notes'],
  ['papers', 'Papers'],
]);

const conversation = makeConversation('a', {
  title: 'Sediment cores',
  collectionIds: ['notes'],
  turns: [
    makeTurn('a-1', {
      question: 'How long is the core VH-7?',
      answer: '**312 metres** [1]',
      citations: [
        {
          number: 1,
          chunkId: 'notes/station.md#3',
          path: 'station.md',
          collectionName: 'Notes',
          page: 2,
          quote: 'VH-7 was drilled in 2011\nand is 312 metres long.',
        },
      ],
      events: [
        { type: 'run-start', at: 0, question: 'How long is the core VH-7?', strategy: 'auto' },
        {
          type: 'strategy-choose',
          step: 'router',
          at: 12,
          data: { strategy: 'single', reason: 'One fact.', by: 'router' },
        },
        {
          type: 'llm-call-end',
          step: 'router',
          call: 1,
          attempt: 'first',
          promptTokens: 1000,
          completionTokens: 234,
          ms: 40,
          at: 52,
          finishReason: 'stop',
        },
        { type: 'run-end', at: 2300, outcome: 'answered' },
      ],
    }),
    makeTurn('a-2', {
      question: 'And when\nwas it drilled?',
      strategyAsked: 'single',
      strategyRun: 'single',
      status: 'stopped',
      answer: 'In 20',
      citations: [],
    }),
    makeTurn('a-3', {
      question: 'Who drilled it?',
      status: 'failed',
      answer: '',
      citations: [],
      error: { name: 'EngineUnavailableError', message: 'Start the server.' },
    }),
  ],
});

describe('conversation export', () => {
  it('writes Markdown with each question, answer, sources and trace', () => {
    const markdown = conversationMarkdown(conversation, names, 0);
    expect(markdown.startsWith('# Sediment cores\n\n')).toBe(true);
    expect(markdown).toContain('Searched: Notes. 3 questions.');
    expect(markdown).toContain('## 1. How long is the core VH-7?');
    expect(markdown).toContain('Strategy: auto → single · Answered*');
    expect(markdown).toContain('**312 metres** [1]');
    expect(markdown).toContain(
      '- [1] `station.md` (Notes, page 2)\n  > VH-7 was drilled in 2011\n  > and is 312 metres long.',
    );
    expect(markdown).toContain('1 LLM call · 1,234 tokens · 2.3 s');
    expect(markdown).toContain('- 0.01 s · Strategy: single (chosen by router) — One fact.');
    expect(markdown).toContain('## 2. And when was it drilled?');
    expect(markdown).toContain('Stopped (the answer is partial)');
    expect(markdown).toContain('In 20');
    expect(markdown).toContain('Failed: Start the server.*');
    expect(markdown).toContain('*No answer.*');
    const turns = markdown.split('\n---\n');
    expect(turns).toHaveLength(4);
  });

  it('writes JSON with the whole conversation and its trace events', () => {
    const parsed = JSON.parse(conversationJson(conversation, names, 0)) as Record<string, unknown>;
    expect(parsed).toMatchObject({
      format: 'archivist-conversation',
      version: 1,
      exportedAt: '1970-01-01T00:00:00.000Z',
      collections: [{ id: 'notes', name: 'Notes' }],
    });
    expect(parsed.conversation).toEqual(conversation);
  });

  it('copies an answer with its sources', () => {
    const [first, second] = conversation.turns;
    expect(answerWithSources(first!)).toBe(
      '**312 metres** [1]\n\nSources:\n\n- [1] `station.md` (Notes, page 2)\n  > VH-7 was drilled in 2011\n  > and is 312 metres long.',
    );
    expect(answerWithSources(second!)).toBe('In 20');
  });

  it('names the files after the title', () => {
    expect(exportFileName(conversation, 'md')).toBe('sediment-cores.md');
    expect(exportFileName({ ...conversation, title: 'Où est « VH-7 » ?' }, 'json')).toBe(
      'ou-est-vh-7.json',
    );
    expect(exportFileName({ ...conversation, title: '???' }, 'md')).toBe('conversation.md');
  });
});
