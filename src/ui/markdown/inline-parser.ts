/**
 * Inline Markdown of one block's text, scanned once from left to right: backslash escapes, line
 * breaks, `code spans`, `[n]` citations, `*`/`_` emphasis (see emphasis.ts), `[links](url)` and
 * `![images](url)`. Everything else, raw HTML included, stays literal text. Linear on any input:
 * code-span closers and link parentheses are found through tables built in one pass, never by
 * searching ahead from every opener. With `openEnded` (the text is still arriving) a trailing
 * half-written marker is held back and whatever is open at the end is closed there.
 */
import { resolveInlines, type InlineToken } from './emphasis.ts';
import type { MarkdownInline } from './markdown-tree.ts';

/** What a backslash escapes (CommonMark: ASCII punctuation). */
const ESCAPABLE = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');
/** Characters the scanner stops at; everything between them is plain text. */
const PLAIN_RUN = /[^\\\n`*_[\]!]+/y;
const CITATION = /\[(\d{1,4})\]/y;
/** Link destinations (with their title) longer than this are not links. */
const MAXIMUM_DESTINATION_CHARACTERS = 2048;

export function parseInlines(source: string, openEnded = false): MarkdownInline[] {
  const text = openEnded ? withoutPendingMarker(source) : source;
  return new InlineScanner(text, openEnded).scan();
}

interface BracketOpener {
  /** Index of its literal token in `tokens`. */
  tokenIndex: number;
  image: boolean;
}

class InlineScanner {
  private readonly tokens: InlineToken[] = [];
  private readonly brackets: BracketOpener[] = [];
  /** Link openers below this height of `brackets` are inside a link already: no links in links. */
  private linkBarrier = 0;
  private pending = '';
  private position = 0;
  private backtickRuns: Map<number, { starts: number[]; next: number }> | undefined;
  private closingParentheses: Int32Array | undefined;

  constructor(
    private readonly text: string,
    private readonly openEnded: boolean,
  ) {}

  scan(): MarkdownInline[] {
    const text = this.text;
    while (this.position < text.length) {
      PLAIN_RUN.lastIndex = this.position;
      const plain = PLAIN_RUN.exec(text);
      if (plain) {
        this.pending += plain[0];
        this.position += plain[0].length;
        continue;
      }
      const character = text[this.position];
      if (character === '\\') this.escape();
      else if (character === '\n') this.lineBreak();
      else if (character === '`') this.codeSpan();
      else if (character === '*' || character === '_') this.delimiterRun(character);
      else if (character === '[') this.openBracket(false);
      else if (character === '!' && text[this.position + 1] === '[') this.openBracket(true);
      else if (character === ']') this.closeBracket();
      else this.literal(character ?? '');
    }
    this.flush();
    return resolveInlines(this.tokens, this.openEnded);
  }

  private literal(text: string): void {
    this.pending += text;
    this.position += text.length;
  }

  private flush(): void {
    if (this.pending.length > 0) this.tokens.push({ kind: 'literal', text: this.pending });
    this.pending = '';
  }

  private push(inline: MarkdownInline): void {
    this.flush();
    this.tokens.push({ kind: 'inline', inline });
  }

  private escape(): void {
    const next = this.text[this.position + 1];
    if (next === '\n') {
      this.position += 1;
      this.lineBreak();
    } else if (next !== undefined && ESCAPABLE.has(next)) {
      this.pending += next;
      this.position += 2;
    } else this.literal('\\');
  }

  /** Every line end inside a block is a visible line break (as chat apps render answers). */
  private lineBreak(): void {
    this.pending = this.pending.trimEnd();
    this.push({ kind: 'break' });
    this.position += 1;
  }

  private codeSpan(): void {
    const start = this.position;
    const length = this.runLength(start, '`');
    const contentStart = start + length;
    const closer = this.nextBacktickRun(length, contentStart);
    if (closer === undefined && !this.openEnded) {
      this.literal('`'.repeat(length));
      return;
    }
    const end = closer ?? this.text.length;
    this.push({ kind: 'code', text: codeSpanText(this.text.slice(contentStart, end)) });
    this.position = closer === undefined ? end : end + length;
  }

  private delimiterRun(character: '*' | '_'): void {
    const start = this.position;
    const length = this.runLength(start, character);
    const before = this.text[start - 1] ?? ' ';
    const after = this.text[start + length] ?? ' ';
    const leftFlanking =
      !isSpace(after) && (!isPunctuation(after) || isSpace(before) || isPunctuation(before));
    const rightFlanking =
      !isSpace(before) && (!isPunctuation(before) || isSpace(after) || isPunctuation(after));
    const underscore = character === '_';
    this.flush();
    this.tokens.push({
      kind: 'delimiter',
      character,
      remaining: length,
      // `_` inside a word (snake_case) neither opens nor closes.
      canOpen: leftFlanking && (!underscore || !rightFlanking || isPunctuation(before)),
      canClose: rightFlanking && (!underscore || !leftFlanking || isPunctuation(after)),
      closes: [],
      opens: [],
    });
    this.position += length;
  }

  private openBracket(image: boolean): void {
    if (!image) {
      CITATION.lastIndex = this.position;
      const citation = CITATION.exec(this.text);
      if (citation) {
        this.push({ kind: 'citation', number: Number(citation[1]) });
        this.position += citation[0].length;
        return;
      }
    }
    this.flush();
    this.brackets.push({ tokenIndex: this.tokens.length, image });
    this.linkBarrier = Math.min(this.linkBarrier, this.brackets.length - 1);
    this.literal(image ? '![' : '[');
    this.flush();
  }

  /** `]`: a link or image when it closes an opener and `(destination)` follows, else text. */
  private closeBracket(): void {
    const opener = this.brackets.pop();
    const inLink = opener !== undefined && !opener.image && this.brackets.length < this.linkBarrier;
    const destination = opener && !inLink ? this.destinationAt(this.position + 1) : undefined;
    if (!opener || !destination) {
      this.literal(']');
      return;
    }
    this.flush();
    const children = resolveInlines(this.tokens.splice(opener.tokenIndex).slice(1), false);
    this.tokens.push({
      kind: 'inline',
      inline: opener.image
        ? { kind: 'image', children }
        : { kind: 'link', children, url: destination.url },
    });
    if (!opener.image) this.linkBarrier = this.brackets.length;
    this.position = destination.end;
  }

  /** `(url "title")` starting at `start`: the URL and where it ends; undefined when none. */
  private destinationAt(start: number): { url: string; end: number } | undefined {
    if (this.text[start] !== '(') return undefined;
    const closing = this.closingParenthesis(start);
    const end = closing === -1 ? this.text.length : closing;
    if (closing === -1 && !this.openEnded) return undefined;
    if (end - start > MAXIMUM_DESTINATION_CHARACTERS) return undefined;
    const inside = this.text.slice(start + 1, end).trim();
    const space = inside.search(/\s/);
    // Still being written: only a URL so far, nothing after it yet.
    if (closing === -1 && space !== -1) return undefined;
    if (inside.includes('\n')) return undefined;
    const url = space === -1 ? inside : inside.slice(0, space);
    const title = space === -1 ? '' : inside.slice(space).trim();
    if (closing !== -1 && title !== '' && !isQuoted(title)) return undefined;
    return { url: url.replace(/^<(.*)>$/, '$1'), end: closing === -1 ? end : end + 1 };
  }

  private runLength(start: number, character: string): number {
    let end = start;
    while (this.text[end] === character) end += 1;
    return end - start;
  }

  /** Start of the next run of exactly `length` backticks at or after `from`. */
  private nextBacktickRun(length: number, from: number): number | undefined {
    this.backtickRuns ??= backtickRunsOf(this.text);
    const runs = this.backtickRuns.get(length);
    if (!runs) return undefined;
    while (runs.next < runs.starts.length && (runs.starts[runs.next] ?? 0) < from) runs.next += 1;
    return runs.starts[runs.next];
  }

  /** The `)` matching the `(` at `open`, or -1. */
  private closingParenthesis(open: number): number {
    this.closingParentheses ??= matchParentheses(this.text);
    return this.closingParentheses[open] ?? -1;
  }
}

/** Where each maximal run of backticks starts, by its length. */
function backtickRunsOf(text: string): Map<number, { starts: number[]; next: number }> {
  const runs = new Map<number, { starts: number[]; next: number }>();
  for (let index = 0; index < text.length;) {
    if (text[index] !== '`') {
      index += 1;
      continue;
    }
    const start = index;
    while (text[index] === '`') index += 1;
    const length = index - start;
    const entry = runs.get(length) ?? { starts: [], next: 0 };
    entry.starts.push(start);
    runs.set(length, entry);
  }
  return runs;
}

/** For each `(`, the index of the `)` that balances it (-1 when none). */
function matchParentheses(text: string): Int32Array {
  const closing = new Int32Array(text.length).fill(-1);
  const open: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    if (text[index] === '(') open.push(index);
    else if (text[index] === ')') {
      const start = open.pop();
      if (start !== undefined) closing[start] = index;
    }
  }
  return closing;
}

/** A code span's text: line ends as spaces, one space stripped from each side when both have one. */
function codeSpanText(raw: string): string {
  const text = raw.replaceAll('\n', ' ');
  const padded = text.length >= 2 && text.startsWith(' ') && text.endsWith(' ');
  return padded && text.trim() !== '' ? text.slice(1, -1) : text;
}

function isQuoted(title: string): boolean {
  const quote = title[0];
  return title.length >= 2 && (quote === '"' || quote === "'") && title.endsWith(quote);
}

/**
 * The text without a marker at its very end that more text may still complete: `*`, `_`,
 * backticks, a backslash, or a citation being written (`[`, `[1`).
 */
function withoutPendingMarker(text: string): string {
  let end = text.length;
  while (end > 0 && '*_`\\'.includes(text[end - 1] ?? '')) end -= 1;
  let digits = end;
  while (digits > 0 && isDigit(text[digits - 1] ?? '')) digits -= 1;
  if (digits > 0 && text[digits - 1] === '[' && end - digits <= 4) end = digits - 1;
  return text.slice(0, end);
}

function isDigit(character: string): boolean {
  return character >= '0' && character <= '9';
}

function isSpace(character: string): boolean {
  return /\s/.test(character);
}

function isPunctuation(character: string): boolean {
  return /[\p{P}\p{S}]/u.test(character);
}
