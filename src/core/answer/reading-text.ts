/**
 * The answer without a model as Markdown, for copying, exporting and any view that shows the
 * answer text: the likely answer in bold (only when stated), or the outcome in plain words, then
 * each passage's best sentence quoted with its citation. Document text is escaped so it cannot
 * turn into emphasis, links or fake citations.
 */
import { escapeMarkdown } from '../markdown-escape.ts';
import type { PassageReading } from './reading.ts';

export const NOTHING_MATCHES = 'Nothing in your folders matches this.';
export const NEEDS_MODEL_TO_COMBINE =
  'These passages look relevant, but combining them needs a language model.';
export const NO_CLEAR_ANSWER =
  'These passages look relevant, but no single short answer stands out; a language model can read them for you.';

export function readingMarkdown(reading: PassageReading): string {
  const lines: string[] = [];
  if (reading.outcome === 'nothing') return NOTHING_MATCHES;
  if (reading.outcome === 'answer' && reading.likelyAnswer) {
    const { text, passageNumber } = reading.likelyAnswer;
    lines.push(`Likely answer: **${escapeMarkdown(text)}** [${passageNumber}]`);
  } else {
    lines.push(reading.reason === 'low-confidence' ? NO_CLEAR_ANSWER : NEEDS_MODEL_TO_COMBINE);
  }
  for (const passage of reading.passages) {
    const sentence = passage.text.slice(passage.sentence.start, passage.sentence.end);
    lines.push(`> ${escapeMarkdown(sentence.replace(/\s+/g, ' ').trim())} [${passage.number}]`);
  }
  return lines.join('\n\n');
}
