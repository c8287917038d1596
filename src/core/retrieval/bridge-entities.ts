/**
 * The entities a passage mentions that a multi-hop question may hinge on: its document's title,
 * runs of capitalised words (names), quoted titles, and dates. Pure text work, no index.
 */
import { splitSentences } from './sentences.ts';
import { analyze } from './text-analysis.ts';

export type EntityKind = 'title' | 'name' | 'quoted' | 'date';

/** One mention of an entity in a passage. */
export interface EntityMention {
  /** The entity as written (trimmed of leading stop words such as "The"). */
  text: string;
  kind: EntityKind;
  /** Its index terms (`analyze`), never empty. */
  terms: string[];
  /** The index terms of the sentence it was found in, its own terms left out. */
  context: string[];
}

const MONTHS =
  'January|February|March|April|May|June|July|August|September|October|November|December';
const MONTH_NAMES = new Set(MONTHS.split('|'));
const WEEKDAYS = new Set('Monday Tuesday Wednesday Thursday Friday Saturday Sunday'.split(' '));

/** "February 12, 1976", "12 February 1976", "May 1985", and a year alone ("1976"). */
const DATE = new RegExp(
  `\\b(?:(?:\\d{1,2} )?(?:${MONTHS})(?: \\d{1,2},?)? \\d{3,4}|(?:1[0-9]|20)\\d{2})\\b`,
  'g',
);

/** A capitalised word: upper-case first letter, then letters, marks, digits, apostrophes, hyphens, dots. */
const CAPITALISED = /^\p{Lu}[\p{L}\p{M}\p{N}'’.-]*$/u;
/** A number-like word inside a name ("Miracle on 34th Street", "Apollo 11"). */
const NUMBER_WORD = /^\p{N}[\p{L}\p{N}]*$/u;
/** Lower-case words that join the parts of a name ("Liberal Party of Australia", "Ludwig van Beethoven"). */
const CONNECTORS = new Set(
  'of the de da del della der di du la le van von and on for in at y bin &'.split(' '),
);
/** Double quotes, straight or curly, around a title of 2 to 80 characters. */
const QUOTED = /["“]([^"“”\n]{2,80})["”]/g;
/** The pieces a name run is cut from: words and the single spaces between them. */
const TOKEN = /[^\s,;:()[\]{}"“”]+|[,;:()[\]{}"“”]|\s+/g;

/**
 * The document title a passage carries: `title` when the caller knows it, else a first line
 * written as a Markdown heading (`# Title`).
 */
export function passageTitle(text: string, title?: string): string | undefined {
  if (title) return title;
  const match = /^\s*#{1,6}\s+(.+)/.exec(text);
  return match?.[1]?.trim();
}

/** Every entity mention in `text`, in order of appearance; the title, when given, first. */
export function extractEntities(text: string, title?: string): EntityMention[] {
  const mentions: EntityMention[] = [];
  const add = (entity: string, kind: EntityKind, sentenceTerms: readonly string[]) => {
    const trimmed = trimLeadingStopWords(entity.trim());
    const terms = analyze(trimmed);
    if (terms.length === 0) return;
    const own = new Set(terms);
    mentions.push({
      text: trimmed,
      kind,
      terms,
      context: sentenceTerms.filter((term) => !own.has(term)),
    });
  };
  if (title) add(title, 'title', []);
  for (const range of splitSentences(text)) {
    const sentence = text.slice(range.start, range.end);
    const sentenceTerms = analyze(sentence);
    for (const match of sentence.matchAll(QUOTED)) add(match[1]!, 'quoted', sentenceTerms);
    for (const match of sentence.matchAll(DATE)) add(match[0], 'date', sentenceTerms);
    for (const name of nameRuns(sentence)) add(name, 'name', sentenceTerms);
  }
  return mentions;
}

/**
 * Runs of capitalised words in one sentence (or line), joined by single spaces, connectors and
 * numbers, less leading stop words ("The", "In") and trailing connectors. Left out: the first word
 * of a sentence alone (any sentence starts with a capital), and runs of only month or weekday
 * names and numbers (dates are found on their own).
 */
export function nameRuns(sentence: string): string[] {
  const runs: string[] = [];
  let words: string[] = [];
  let runStart = 0;
  let position = 0;
  const close = () => {
    let first = runStart;
    while (words.length > 1 && analyze(words[0]!).length === 0) {
      words.shift();
      first += 1;
    }
    while (words.length > 0 && CONNECTORS.has(words.at(-1)!)) words.pop();
    const calendar = words.every(
      (word) => MONTH_NAMES.has(word) || WEEKDAYS.has(word) || NUMBER_WORD.test(word),
    );
    if (words.length > 0 && !calendar && !(first === 0 && words.length === 1)) {
      runs.push(words.join(' ').replace(/\.$/, ''));
    }
    words = [];
  };
  for (const [token] of sentence.matchAll(TOKEN)) {
    if (/^\s+$/.test(token)) {
      if (token.includes('\n')) {
        close();
        position = 0;
      }
      continue;
    }
    const word = token.replace(/['’]s$/, '');
    if (words.length === 0) {
      if (CAPITALISED.test(word)) {
        words.push(word);
        runStart = position;
      }
    } else if (CAPITALISED.test(word) || CONNECTORS.has(word) || NUMBER_WORD.test(word)) {
      words.push(word);
    } else {
      close();
    }
    if (word !== token) close();
    position += 1;
  }
  close();
  return runs;
}

/** "The Beatles" -> "Beatles", "In Paris" -> "Paris": leading words that are stop words go. */
function trimLeadingStopWords(entity: string): string {
  const words = entity.split(' ');
  while (words.length > 1 && analyze(words[0]!).length === 0) words.shift();
  return words.join(' ');
}
