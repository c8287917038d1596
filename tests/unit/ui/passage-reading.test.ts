import { describe, expect, it } from 'vitest';
import {
  bestSentence,
  confidenceWords,
  passageExcerpt,
  passageList,
  readingMessage,
  type ReadingSegment,
} from '../../../src/ui/passage-reading.ts';
import {
  answerReading,
  makePassage,
  needsModelReading,
  nothingReading,
} from '../../support/reading-fixtures.ts';

/** The excerpt written back with `[` `]` around the sentence and `*` around the answer. */
function marked(segments: readonly ReadingSegment[]): string {
  let shown = '';
  let inSentence = false;
  for (const { text, sentence, answer } of segments) {
    if (sentence !== inSentence) shown += sentence ? '[' : ']';
    inSentence = sentence;
    shown += answer ? `*${text}*` : text;
  }
  return inSentence ? `${shown}]` : shown;
}

describe('the answer read without a model, for the page', () => {
  it('says how sure the reader is in words, never as a number', () => {
    expect(confidenceWords(0.97)).toBe('very likely');
    expect(confidenceWords(0.9)).toBe('very likely');
    expect(confidenceWords(0.8)).toBe('likely');
    expect(confidenceWords(0.55)).toBe('more likely than not');
    expect(confidenceWords(0.2)).toBe('unsure');
    expect(confidenceWords(Number.NaN)).toBe('unsure');
    for (const confidence of [0, 0.33, 0.5, 0.71, 0.9, 1]) {
      expect(confidenceWords(confidence)).not.toMatch(/\d/);
    }
  });

  it('states no message with a likely answer, and says why there is none otherwise', () => {
    expect(readingMessage(answerReading())).toBeUndefined();
    expect(readingMessage(needsModelReading('multi-part'))).toEqual({
      text: 'These passages look relevant, but combining them needs a language model.',
      action: { href: '#/models', label: 'Set up a language model' },
    });
    expect(readingMessage(needsModelReading('comparison'))?.text).toBe(
      'These passages look relevant, but combining them needs a language model.',
    );
    expect(readingMessage(needsModelReading('low-confidence'))).toEqual({
      text: 'These passages look relevant, but no single short answer stands out.',
      action: { href: '#/models', label: 'Set up a language model' },
    });
    const withoutReason = needsModelReading();
    delete withoutReason.reason;
    expect(readingMessage(withoutReason)?.text).toContain('no single short answer');
    const nothing = readingMessage(nothingReading());
    expect(nothing?.text).toBe('Nothing in your folders matches this.');
    expect(nothing?.hint).toMatch(/spelling.*collection.*folder/);
    expect(nothing?.action).toEqual({ href: '#/library', label: 'Add a folder' });
    // An `answer` outcome without its answer reads as no clear answer.
    const withoutAnswer = answerReading();
    delete withoutAnswer.likelyAnswer;
    expect(readingMessage(withoutAnswer)?.text).toContain('no single short answer');
  });

  it('marks the best sentence and the answer inside it', () => {
    const [passage] = answerReading().passages;
    expect(marked(passageExcerpt(passage!))).toBe(
      '[The deepest sediment core, known as VH-7, was drilled in 2011 and is *312 metres* long.] It holds roughly 14,000 years of lake history.',
    );
    expect(passageExcerpt(makePassage(1))).toEqual([
      { text: 'A sentence before. ', sentence: false, answer: false },
      { text: 'The best sentence of this passage.', sentence: true, answer: false },
      { text: ' A sentence after.', sentence: false, answer: false },
    ]);
  });

  it('cuts a long passage around its best sentence at words, with ellipses', () => {
    const before = 'word '.repeat(200);
    const sentence = 'The freeze-up date has moved nine days later.';
    const text = `${before}${sentence} ${'after '.repeat(200)}`;
    const start = before.length;
    const segments = passageExcerpt(
      makePassage(1, { text, sentence: { start, end: start + sentence.length } }),
      100,
    );
    const shown = marked(segments);
    expect(shown.startsWith('…word ')).toBe(true);
    expect(shown.endsWith(' after…')).toBe(true);
    expect(shown).toContain(`[${sentence}]`);
    expect(shown.length).toBeLessThan(130);
    expect(shown).not.toMatch(/\bwor\b|\bafte\b/);
  });

  it('gives the room a sentence at the start leaves to the text after it', () => {
    const text = `First sentence here. ${'more words '.repeat(100)}`;
    const shown = marked(
      passageExcerpt(makePassage(1, { text, sentence: { start: 0, end: 20 } }), 80),
    );
    expect(shown.startsWith('[First sentence here.] more words')).toBe(true);
    expect(shown.length).toBeGreaterThan(70);
  });

  it('shows an answer outside the best sentence, and clamps ranges outside the text', () => {
    const text = 'One. Two is here. The answer is 42.';
    const shown = marked(
      passageExcerpt(
        makePassage(1, { text, sentence: { start: 5, end: 17 }, answer: { start: 32, end: 34 } }),
      ),
    );
    expect(shown).toBe('One. [Two is here.] The answer is *42*.');
    expect(
      marked(passageExcerpt(makePassage(1, { text: 'Short.', sentence: { start: -4, end: 99 } }))),
    ).toBe('[Short.]');
    expect(
      marked(passageExcerpt(makePassage(1, { text: 'Short.', sentence: { start: 3, end: 1 } }))),
    ).toBe('Short.');
  });

  it('lists the passages for the viewer and reads a best sentence', () => {
    expect(passageList(needsModelReading())).toEqual([
      { number: 1, chunkId: 'library/file-1.md#0' },
      { number: 2, chunkId: 'library/file-2.md#0' },
      { number: 3, chunkId: 'library/file-3.md#0' },
    ]);
    expect(bestSentence(makePassage(1))).toBe('The best sentence of this passage.');
  });
});
