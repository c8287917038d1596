/**
 * The monitor's free first pass (eigen-agent-monitor-rag): it reads a candidate's reasoning as it
 * streams, in windows of 512 characters overlapping by 128 (so a marker split by one window's end
 * is whole in the next), and looks for signs of a knowledge gap with regular expressions only:
 * hedging phrases, and names or numbers that appear nowhere in what the model was given. Only a
 * window where these fire costs a model call (see monitor.ts), so most windows cost nothing.
 */
import { splitSentences } from '../../retrieval/sentences.ts';

export const MONITOR_WINDOW_CHARACTERS = 512;
export const MONITOR_OVERLAP_CHARACTERS = 128;
/** Window starts are 0, 384, 768, … */
const STRIDE = MONITOR_WINDOW_CHARACTERS - MONITOR_OVERLAP_CHARACTERS;

export interface MonitorWindow {
  /** Character offsets in the whole text, end exclusive. */
  start: number;
  end: number;
  text: string;
  /** The tail given at the end of the stream, shorter than a full window. */
  final: boolean;
  /** Where text no earlier window covered begins: signals ending before it were already seen. */
  unseenFrom: number;
}

/**
 * Gives each window of a growing text once, in order: each full window as soon as the text
 * reaches its end, and at the end of the stream (`final`) the last window over the tail no full
 * window covered. `rewind` forgets text past a point (the proposer cuts a claim back to rewrite
 * it), so that the windows over what replaces it are given again.
 */
export class MonitorWindowScanner {
  private nextStart = 0;
  private seenEnd = 0;

  /** The next window of `text` not yet given, if one is complete (or the tail, when `final`). */
  next(text: string, final = false): MonitorWindow | undefined {
    const fullEnd = this.nextStart + MONITOR_WINDOW_CHARACTERS;
    if (text.length >= fullEnd) return this.give(text, fullEnd, false);
    if (final && text.length > this.seenEnd) return this.give(text, text.length, true);
    return undefined;
  }

  /** Forgets everything past `length`: later windows start at or before it. */
  rewind(length: number): void {
    this.seenEnd = Math.min(this.seenEnd, length);
    this.nextStart = Math.min(this.nextStart, Math.floor(length / STRIDE) * STRIDE);
  }

  private give(text: string, end: number, final: boolean): MonitorWindow {
    const window: MonitorWindow = {
      start: this.nextStart,
      end,
      text: text.slice(this.nextStart, end),
      final,
      unseenFrom: this.seenEnd,
    };
    this.seenEnd = end;
    if (!final) this.nextStart += STRIDE;
    return window;
  }
}

export interface GapSignal {
  kind: 'hedge' | 'absent-entity';
  /** The matched text. */
  text: string;
  /** Character offset in the window. */
  offset: number;
}

const HEDGE = new RegExp(
  String.raw`\b(?:` +
    [
      'not (?:quite |entirely |completely )?(?:sure|certain)',
      'unsure',
      'uncertain',
      'unclear',
      "I (?:do not|don['’]?t) know",
      "(?:cannot|can['’]?t|could not|couldn['’]?t|unable to) (?:be )?(?:determine|determined|tell|confirm|verify|find|say)",
      'not (?:explicitly |clearly |directly )?(?:mentioned|stated|specified|given|provided|found)',
      'no (?:information|mention|data)',
      'might be',
      'may ?be',
      'could be',
      'possibly',
      'perhaps',
      'probably',
      'presumably',
      'apparently',
      'I (?:think|believe|assume|guess|suppose)',
      'it (?:seems|appears)',
      'seems to',
      'likely',
      'unknown',
      '(?:would|will|need to|needs to) (?:need to )?(?:check|verify|look (?:it )?up|be checked|be verified)',
    ].join('|') +
    String.raw`)\b`,
  'gi',
);

/** Capitalised words that say nothing about the documents (sentence openers, pronouns, labels). */
const STOPWORDS = new Set(
  (
    'the this that these those a an in on at for from to by with as if when while however ' +
    'therefore thus so but and or also then since because although though yes no not it its ' +
    'they we you he she i my our their there here what which who whom where why how answer ' +
    'answers passage passages question questions note notes evidence step first second third ' +
    'finally next based according given let both each all some many most none unknown final ' +
    'since after before during between until one two three overall in summary conclusion ' +
    "reasoning source sources document documents mr mrs ms dr prof st i'm i've i'd i'll"
  ).split(' '),
);

const WORD = String.raw`\p{Lu}[\p{L}\p{M}\p{N}'’-]*`;
const CAPITALISED_RUN = new RegExp(`${WORD}(?:[ \\t]+${WORD})*`, 'gu');
/** Numbers of two or more digits (years included), with decimal or thousands separators. */
const NUMBER =
  /(?<![\p{L}\p{N}])\d{2,}(?:[.,]\d+)*(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])\d(?:[.,]\d+)+(?![\p{L}\p{N}])/gu;
const CITATION = /\[\d+(?:\s*,\s*\d+)*\]/g;
/** What may stand before a sentence-initial word: nothing, or a sentence end, line or list mark. */
const SENTENCE_OPENING = /(?:^|[.!?…]["'”’)\]]*\s+|\n)[\s>*_#-]*$/;

/**
 * The gap signals in `window`, given `known`: the question, the passages and notes the model was
 * given. A name is absent when `known` does not contain it (case-insensitive); a single
 * capitalised word opening a sentence is taken for an ordinary word, not a name.
 */
export function gapSignals(window: string, known: string): GapSignal[] {
  const knownText = normalise(known);
  const isKnown = (text: string) => knownText.includes(normalise(text));
  // Citation markers are blanked, keeping offsets, so that `[12]` is not read as a number.
  const text = window.replace(CITATION, (marker) => ' '.repeat(marker.length));
  const signals: GapSignal[] = [];
  for (const match of text.matchAll(HEDGE)) {
    signals.push({ kind: 'hedge', text: match[0], offset: match.index });
  }
  for (const match of text.matchAll(CAPITALISED_RUN)) {
    const entity = stripStopwords(match[0], match.index);
    if (!entity || isKnown(entity.text)) continue;
    const single = !/\s/.test(entity.text);
    if (single && SENTENCE_OPENING.test(text.slice(0, entity.offset))) continue;
    signals.push({ kind: 'absent-entity', ...entity });
  }
  for (const match of text.matchAll(NUMBER)) {
    if (!isKnown(match[0])) {
      signals.push({ kind: 'absent-entity', text: match[0], offset: match.index });
    }
  }
  return signals.sort((first, second) => first.offset - second.offset);
}

/**
 * The signals of `window` the monitor should act on: those not already seen whole by an earlier
 * window, and, before the stream ends, none touching the window's end (a word may be cut there;
 * the next window, which overlaps it, sees it whole).
 */
export function newGapSignals(window: MonitorWindow, known: string): GapSignal[] {
  return gapSignals(window.text, known).filter((signal) => {
    const end = signal.offset + signal.text.length;
    if (!window.final && end >= window.text.length) return false;
    return window.start + end > window.unseenFrom;
  });
}

/** A signal as the trace shows it, e.g. `hedge: possibly`. */
export function describeSignal(signal: GapSignal): string {
  return `${signal.kind}: ${signal.text}`;
}

/** The start of the sentence of `text` holding `offset` (0 when it is the first). */
export function sentenceStart(text: string, offset: number): number {
  let start = 0;
  for (const range of splitSentences(text)) {
    if (range.start > offset) break;
    start = range.start;
  }
  return start;
}

/** The sentence of `text` holding `offset`. */
export function sentenceAt(text: string, offset: number): string {
  const holding = splitSentences(text).find((range) => range.end > offset);
  return holding ? text.slice(holding.start, holding.end) : text.trim();
}

/** The run without its leading and trailing stopwords, or undefined when nothing is left. */
function stripStopwords(run: string, offset: number): { text: string; offset: number } | undefined {
  const words = [...run.matchAll(/\S+/g)];
  let first = 0;
  let last = words.length - 1;
  const isStopword = (index: number) =>
    STOPWORDS.has((words[index]?.[0] ?? '').toLowerCase().replace(/’/g, "'").replace(/'s$/, ''));
  while (first <= last && isStopword(first)) first += 1;
  while (last >= first && isStopword(last)) last -= 1;
  const head = words[first];
  const tail = words[last];
  if (!head || !tail) return undefined;
  const text = run.slice(head.index, tail.index + tail[0].length).replace(/['’]s$/, '');
  return text.length < 2 ? undefined : { text, offset: offset + head.index };
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ');
}
