/**
 * The answer read without a language model, in words and pieces a page can show: the likely
 * answer's confidence in plain words, what to say when there is no short answer, and each
 * passage cut to an excerpt around its best sentence, as runs of plain text (document text is
 * never turned into HTML: the page renders each run as a text node inside its element).
 */
import { NEEDS_MODEL_TO_COMBINE, NOTHING_MATCHES } from '../core/answer/reading-text.ts';
import type { PassageReading, ReadPassage, TextRange } from './clients/library-client.ts';

/** A run of a passage's excerpt: inside the best sentence, inside the likely answer, or neither. */
export interface ReadingSegment {
  text: string;
  sentence: boolean;
  answer: boolean;
}

/** What the page says above the passages when it states no short answer. */
export interface ReadingMessage {
  text: string;
  /** What the reader can do about it. */
  hint?: string;
  /** Where to go to do it: the Models view (a language model would help) or the Library. */
  action?: { href: '#/models' | '#/library'; label: string };
}

const SET_UP_MODEL = { href: '#/models', label: 'Set up a language model' } as const;

/** How much of a passage an excerpt shows around its best sentence, at most. */
const EXCERPT_LENGTH = 480;

/**
 * The reader's confidence (a calibrated probability) in words, never as a number: a figure such
 * as 0.83 would claim more precision than the reader has.
 */
export function confidenceWords(confidence: number): string {
  if (!Number.isFinite(confidence)) return 'unsure';
  if (confidence >= 0.9) return 'very likely';
  if (confidence >= 0.7) return 'likely';
  if (confidence >= 0.5) return 'more likely than not';
  return 'unsure';
}

/** The message of a reading that states no short answer; undefined when it states one. */
export function readingMessage(reading: PassageReading): ReadingMessage | undefined {
  switch (reading.outcome) {
    case 'answer':
      return reading.likelyAnswer ? undefined : lowConfidence();
    case 'needs-model':
      return reading.reason === 'multi-part' || reading.reason === 'comparison'
        ? {
            text: NEEDS_MODEL_TO_COMBINE,
            action: SET_UP_MODEL,
          }
        : lowConfidence();
    case 'nothing':
      return {
        text: NOTHING_MATCHES,
        hint: 'Check the spelling, try other words, search every collection rather than a few, or add the folder that holds the answer.',
        action: { href: '#/library', label: 'Add a folder' },
      };
    default:
      return lowConfidence();
  }
}

function lowConfidence(): ReadingMessage {
  return {
    text: 'These passages look relevant, but no single short answer stands out.',
    action: SET_UP_MODEL,
  };
}

/** The passages as the viewer steps through them, in the order shown. */
export function passageList(reading: PassageReading): { number: number; chunkId: string }[] {
  return reading.passages.map(({ number, chunkId }) => ({ number, chunkId }));
}

/**
 * The passage cut to at most about {@link EXCERPT_LENGTH} characters around its best sentence
 * (more when the sentence itself is longer), at word boundaries, with an ellipsis where text
 * was left out; the best sentence and the likely answer (when the passage holds it) marked.
 * Ranges outside the text are clamped; an empty best sentence marks nothing.
 */
export function passageExcerpt(
  passage: Pick<ReadPassage, 'text' | 'sentence' | 'answer'>,
  length = EXCERPT_LENGTH,
): ReadingSegment[] {
  const text = passage.text;
  const sentence = clampRange(passage.sentence, text);
  const answer = passage.answer && clampRange(passage.answer, text);
  const focus = {
    start: Math.min(sentence.start, answer?.start ?? sentence.start),
    end: Math.max(sentence.end, answer?.end ?? sentence.end),
  };
  const room = Math.max(0, length - (focus.end - focus.start));
  let start = wordStart(text, Math.max(0, focus.start - Math.floor(room / 2)), focus.start);
  let end = wordEnd(text, Math.min(text.length, focus.end + Math.ceil(room / 2)), focus.end);
  // The sentence at the start (or end) of the passage leaves its room to the other side.
  if (start === 0) end = wordEnd(text, Math.min(text.length, focus.end + room), focus.end);
  if (end === text.length) start = wordStart(text, Math.max(0, focus.start - room), focus.start);

  const cuts = [start, end, sentence.start, sentence.end, answer?.start, answer?.end]
    .filter((cut): cut is number => cut !== undefined && cut >= start && cut <= end)
    .sort((left, right) => left - right);
  const segments: ReadingSegment[] = [];
  if (start > 0) segments.push({ text: '…', sentence: false, answer: false });
  for (let index = 0; index < cuts.length - 1; index += 1) {
    const from = cuts[index] as number;
    const to = cuts[index + 1] as number;
    if (to <= from) continue;
    const run: ReadingSegment = {
      text: text.slice(from, to),
      sentence: within(from, to, sentence),
      answer: answer !== undefined && within(from, to, answer),
    };
    const last = segments.at(-1);
    if (last && last.sentence === run.sentence && last.answer === run.answer && last.text !== '…')
      last.text += run.text;
    else segments.push(run);
  }
  if (end < text.length) segments.push({ text: '…', sentence: false, answer: false });
  return trimEdges(segments);
}

/** The best sentence of a passage, as text ('' when it has none). */
export function bestSentence(passage: Pick<ReadPassage, 'text' | 'sentence'>): string {
  const { start, end } = clampRange(passage.sentence, passage.text);
  return passage.text.slice(start, end).trim();
}

function clampRange(range: TextRange, text: string): TextRange {
  const clamp = (offset: number) =>
    Number.isFinite(offset) ? Math.min(Math.max(Math.trunc(offset), 0), text.length) : 0;
  const start = clamp(range.start);
  return { start, end: Math.max(start, clamp(range.end)) };
}

/** Whether [from, to) lies inside `range` (it never straddles a range's edge: edges are cuts). */
function within(from: number, to: number, range: TextRange): boolean {
  return from >= range.start && to <= range.end && range.end > range.start;
}

/** `offset` moved forward to the start of a word (not past `limit`); 0 stays 0. */
function wordStart(text: string, offset: number, limit: number): number {
  if (offset === 0) return 0;
  let position = offset;
  while (position < limit && !/\s/.test(text[position - 1] ?? ' ')) position += 1;
  return position;
}

/** `offset` moved back to the end of a word (not before `limit`); the text's end stays. */
function wordEnd(text: string, offset: number, limit: number): number {
  if (offset === text.length) return offset;
  let position = offset;
  while (position > limit && !/\s/.test(text[position] ?? ' ')) position -= 1;
  return position;
}

/** Leading and trailing whitespace of the excerpt dropped (a run left empty is removed). */
function trimEdges(segments: ReadingSegment[]): ReadingSegment[] {
  const first = segments.findIndex((segment) => segment.text !== '…');
  const firstSegment = segments[first];
  if (firstSegment) firstSegment.text = firstSegment.text.trimStart();
  const lastIndex = segments.findLastIndex((segment) => segment.text !== '…');
  const lastSegment = segments[lastIndex];
  if (lastSegment) lastSegment.text = lastSegment.text.trimEnd();
  return segments.filter((segment) => segment.text !== '');
}
