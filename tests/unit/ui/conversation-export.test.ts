import { describe, expect, it } from 'vitest';
import {
  answerWithSources,
  conversationJson,
  conversationMarkdown,
  exportFileName,
} from '../../../src/ui/conversation-export.ts';
import type { PassageReading } from '../../../src/core/answer/reading.ts';
import type { TraceEvent } from '../../../src/core/llm/trace.ts';
import { makeConversation, makeTurn } from '../../contracts/conversation-store.contract.ts';
import { stepEvent } from '../../support/trace-events.ts';
import {
  answerReading,
  needsModelReading,
  nothingReading,
} from '../../support/reading-fixtures.ts';

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
        {
          type: 'run-start',
          at: 0,
          question: 'How long is the core VH-7?',
          strategy: 'auto',
          engine: { id: 'built-in', kind: 'built-in' },
        },
        {
          type: 'strategy-choose',
          step: 'router',
          at: 12,
          strategy: 'single',
          reason: 'One fact.',
          by: 'router',
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
    // Which engine answered, kept with the turn (a turn whose trace does not say names none).
    expect(markdown).toContain(
      'Strategy: auto → single · Engine: the model built into this browser · Answered*',
    );
    expect(markdown).toContain(
      'Question received — Strategy setting: auto · Answering with the model built into this browser',
    );
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
      version: 2,
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

  describe('answers read without a model', () => {
    const passagesEvents: TraceEvent[] = [
      { type: 'run-start', at: 0, question: 'How long is the core VH-7?', strategy: 'plan' },
      stepEvent(
        'strategy-choose',
        { strategy: 'passages', reason: 'No model.', by: 'engine' },
        2,
        'driver',
      ),
      stepEvent('retrieval-end', { passages: [{ id: 'a', score: 0.9 }] }, 30, 'passages'),
      stepEvent(
        'reading-end',
        { outcome: 'answer', answer: '312 metres', confidence: 0.93, passages: 3 },
        40,
        'passages',
      ),
      { type: 'run-end', at: 400, outcome: 'answered' },
    ];
    /** The citations the passages strategy gives: one per passage, quoting its best sentence. */
    const citationsOf = (reading: PassageReading) =>
      reading.passages.map((passage) => ({
        number: passage.number,
        chunkId: passage.chunkId,
        path: passage.path,
        collectionName: 'Notes',
        quote: passage.text.slice(passage.sentence.start, passage.sentence.end),
      }));
    const withReadings = makeConversation('r', {
      title: 'Without a model',
      turns: [
        makeTurn('r-1', {
          question: 'How long is the core VH-7?',
          strategyAsked: 'plan',
          strategyRun: 'passages',
          status: 'answered',
          answer: 'Likely answer: **312 metres** [1]',
          reading: answerReading(),
          citations: citationsOf(answerReading()),
          events: passagesEvents,
        }),
        makeTurn('r-2', {
          question: 'Who leads the project that bought the sensors?',
          strategyRun: 'passages',
          status: 'passages',
          answer: 'These passages look relevant…',
          reading: needsModelReading('multi-part'),
          citations: [],
          events: [],
        }),
        makeTurn('r-3', {
          question: 'What is the capital of Mars?',
          strategyRun: 'passages',
          status: 'not-found',
          answer: 'Nothing in your folders matches this.',
          reading: nothingReading(),
          citations: [],
          events: [],
        }),
      ],
    });

    it('writes the likely answer in words, its sources, and steps instead of model calls', () => {
      const markdown = conversationMarkdown(withReadings, names, 0);
      expect(markdown).toContain('Strategy: plan → passages · Answered*');
      expect(markdown).toContain(
        '**Likely answer:** 312 metres (very likely) [1]\n\n### Sources\n\n- [1] `lake-varnholm-station.md` (Notes)\n  > The deepest sediment core, known as VH-7, was drilled in 2011 and is 312 metres long.',
      );
      expect(markdown).toContain('No language model · 3 steps · 0.4 s');
      expect(markdown).toContain('Strategy: passages (no language model) — No model.');
      expect(markdown).toContain(
        'Read 3 passages without a model: likely answer “312 metres” (very likely)',
      );
      expect(markdown).not.toMatch(/LLM call|tokens|0\.93/);
      expect(markdown).toContain(
        'Relevant passages, no short answer without a language model*\n\n*These passages look relevant, but combining them needs a language model.*',
      );
      // Without citations, the passages are the sources.
      expect(markdown).toContain('- [2] `file-2.md`\n  > The best sentence of this passage.');
      expect(markdown).toContain('*Nothing in your folders matches this.* Check the spelling');
      expect(markdown).not.toMatch(/\bnull\b|\bundefined\b/);
    });

    it('escapes the likely answer so it stays text in Markdown', () => {
      const reading = answerReading();
      reading.likelyAnswer = { text: '[3](http://x) *now*', confidence: 0.8, passageNumber: 1 };
      const turn = makeTurn('e-1', { reading, citations: [] });
      expect(answerWithSources(turn)).toMatch(
        /^\*\*Likely answer:\*\* \\\[3\\\]\(http:\/\/x\) \\\*now\\\* \(likely\) \[1\]/,
      );
    });

    it('keeps the reading in the JSON export and copies it as readable text', () => {
      const parsed = JSON.parse(conversationJson(withReadings, names, 0)) as {
        conversation: typeof withReadings;
      };
      expect(parsed.conversation.turns[0]?.reading).toEqual(answerReading());
      expect(answerWithSources(withReadings.turns[0]!)).toBe(
        '**Likely answer:** 312 metres (very likely) [1]\n\nSources:\n\n' +
          '- [1] `lake-varnholm-station.md` (Notes)\n  > The deepest sediment core, known as VH-7, was drilled in 2011 and is 312 metres long.\n' +
          '- [2] `file-2.md` (Notes)\n  > The best sentence of this passage.\n' +
          '- [3] `file-3.md` (Notes)\n  > The best sentence of this passage.',
      );
    });
  });
});
