import { decodeHTML } from 'entities';
import type { Block } from '../../ports/parser.ts';
import { withoutSoftHyphens } from './soft-hyphens.ts';

/** Elements whose content is never document text (and never runs: nothing here executes). */
const DROPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'textarea',
  'iframe',
  'object',
]);
/** Elements that start and end a paragraph outside lists and tables. */
const PARAGRAPH_BOUNDARIES = new Set(
  (
    'p div section article header footer nav aside main blockquote figure figcaption form ' +
    'fieldset legend address details summary center body html dialog hr'
  ).split(' '),
);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)/y;

export interface HtmlContent {
  blocks: Block[];
  /** Text of the first <title> element. */
  title?: string;
}

/**
 * Turns HTML into blocks without a DOM: a tolerant tag scanner that keeps only text. Headings
 * h1-h6 become heading blocks, <pre> code blocks, lists and tables one block each (a line per item
 * or row, cells joined by " | "), and other block elements paragraph boundaries.
 */
export function extractHtmlBlocks(html: string): HtmlContent {
  const builder = new BlockBuilder();
  let title: string | undefined;
  let position = 0;
  while (position < html.length) {
    const open = html.indexOf('<', position);
    if (open < 0) {
      builder.text(html.slice(position));
      break;
    }
    builder.text(html.slice(position, open));
    position = skipSpecial(html, open) ?? -1;
    if (position >= 0) continue;
    TAG.lastIndex = open;
    const match = TAG.exec(html);
    if (!match?.[2]) {
      builder.text('<');
      position = open + 1;
      continue;
    }
    const name = match[2].toLowerCase();
    const closing = match[1] === '/';
    position = tagEnd(html, TAG.lastIndex);
    if (!closing && (DROPPED.has(name) || name === 'title')) {
      const end =
        name === 'script' ? scriptEnd(html, position) : closingTagStart(html, name, position);
      if (name === 'title') title ??= decodedText(html.slice(position, end));
      position = end < html.length ? tagEnd(html, end + 2) : end;
      continue;
    }
    builder.tag(name, closing);
  }
  const blocks = builder.finish();
  return title === undefined ? { blocks } : { blocks, title };
}

/** Text with its character references decoded, soft hyphens left out. */
function decodedText(raw: string): string {
  return withoutSoftHyphens(decodeHTML(raw));
}

/** Skips a comment, doctype, processing instruction or CDATA section; returns the next position. */
function skipSpecial(html: string, open: number): number | undefined {
  const next = html[open + 1];
  if (next !== '!' && next !== '?') return undefined;
  const terminator = html.startsWith('<!--', open)
    ? '-->'
    : html.startsWith('<![CDATA[', open)
      ? ']]>'
      : '>';
  const end = html.indexOf(terminator, open + 2);
  return end < 0 ? html.length : end + terminator.length;
}

/** The position after the `>` that ends a tag, skipping quoted attribute values. */
function tagEnd(html: string, from: number): number {
  let position = from;
  while (position < html.length) {
    const character = html[position];
    if (character === '>') return position + 1;
    if (character === '=') {
      position += 1;
      while (html[position] === ' ' || html[position] === '\t' || html[position] === '\n') {
        position += 1;
      }
      const quote = html[position];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, position + 1);
        position = close < 0 ? html.length : close + 1;
      }
      continue;
    }
    position += 1;
  }
  return html.length;
}

/**
 * Where the script whose content starts at `from` ends: the start of its `</script>`, found as
 * the HTML tokenizer finds it (script data states). After `<!--` the text is "escaped": a
 * `<script>` there opens a "double-escaped" stretch in which `</script>` does not end the
 * script (`<!-- document.write("<script>...</script>") -->`); `-->` ends either stretch.
 */
function scriptEnd(html: string, from: number): number {
  let state: 'data' | 'escaped' | 'double-escaped' = 'data';
  let position = from;
  while (position < html.length) {
    const open = html.indexOf('<', position);
    const commentEnd = state === 'data' ? -1 : html.indexOf('-->', position);
    if (commentEnd >= 0 && (open < 0 || commentEnd < open)) {
      state = 'data';
      position = commentEnd + 3;
      continue;
    }
    if (open < 0) return html.length;
    if (state === 'data' && html.startsWith('<!--', open)) {
      state = 'escaped';
      position = open + 2; // "<!-->" ends at once: its "--" also starts "-->"
    } else if (isTagStart(html, open, '</script')) {
      if (state !== 'double-escaped') return open;
      state = 'escaped';
      position = open + 8;
    } else if (state === 'escaped' && isTagStart(html, open, '<script')) {
      state = 'double-escaped';
      position = open + 7;
    } else {
      position = open + 1;
    }
  }
  return html.length;
}

/** True when `prefix` (a tag name with its `<` or `</`) starts at `at`, ended as a tag name. */
function isTagStart(html: string, at: number, prefix: string): boolean {
  if (html.slice(at, at + prefix.length).toLowerCase() !== prefix) return false;
  const next = html[at + prefix.length];
  return next === undefined ? false : /[\t\n\f\r />]/.test(next);
}

function closingTagStart(html: string, name: string, from: number): number {
  const pattern = new RegExp(`</${name}(?=[\\s/>]|$)`, 'gi');
  pattern.lastIndex = from;
  return pattern.exec(html)?.index ?? html.length;
}

/** Collects text into the block that the tags seen so far put it in. */
class BlockBuilder {
  private readonly blocks: Block[] = [];
  private kind: Block['kind'] = 'paragraph';
  private level = 0;
  private buffer = '';
  private preformatted = 0;
  private tableDepth = 0;
  /** One counter per open list: undefined for bullets, the next number for ordered lists. */
  private readonly lists: (number | undefined)[] = [];
  private cellsInRow = 0;

  text(raw: string): void {
    if (raw.length === 0) return;
    const decoded = decodedText(raw);
    this.buffer += this.preformatted > 0 ? decoded : decoded.replace(/\s+/g, ' ');
  }

  tag(name: string, closing: boolean): void {
    const nested = this.tableDepth > 0 || this.lists.length > 0;
    const heading = /^h([1-6])$/.exec(name);
    if (heading?.[1] && !nested) {
      this.start(closing ? 'paragraph' : 'heading', Number(heading[1]));
    } else if (name === 'pre' && !nested) {
      this.preformatted = Math.max(0, this.preformatted + (closing ? -1 : 1));
      this.start(this.preformatted > 0 ? 'code' : 'paragraph');
    } else if (name === 'br') {
      this.buffer += '\n';
    } else if (name === 'ul' || name === 'ol' || name === 'dl') {
      this.list(name, closing);
    } else if (name === 'li' || name === 'dt' || name === 'dd') {
      if (closing) return;
      if (this.lists.length === 0) this.start('paragraph');
      else this.listItem(name);
    } else if (name === 'table') {
      this.table(closing);
    } else if (name === 'tr' || name === 'caption') {
      if (!closing) this.buffer += '\n';
      this.cellsInRow = 0;
    } else if (name === 'td' || name === 'th') {
      if (closing) return;
      if (this.cellsInRow > 0) this.buffer += ' | ';
      this.cellsInRow += 1;
    } else if (PARAGRAPH_BOUNDARIES.has(name) || heading) {
      if (nested) this.buffer += ' ';
      else this.start('paragraph');
    }
  }

  finish(): Block[] {
    this.start('paragraph');
    return this.blocks;
  }

  private list(name: string, closing: boolean): void {
    if (closing) {
      if (this.lists.length === 0) return;
      this.lists.pop();
      if (this.lists.length === 0 && this.tableDepth === 0) this.start('paragraph');
      return;
    }
    if (this.lists.length === 0 && this.tableDepth === 0) this.start('list');
    this.lists.push(name === 'ol' ? 1 : undefined);
  }

  private listItem(name: string): void {
    const depth = this.lists.length - 1;
    const counter = this.lists[depth];
    let marker = '- ';
    if (name === 'dt') marker = '';
    else if (counter !== undefined) {
      marker = `${counter}. `;
      this.lists[depth] = counter + 1;
    }
    this.buffer += `\n${'\u00a0\u00a0'.repeat(depth)}${marker}`;
  }

  private table(closing: boolean): void {
    this.tableDepth = Math.max(0, this.tableDepth + (closing ? -1 : 1));
    if (this.lists.length > 0) return;
    if (!closing && this.tableDepth === 1) this.start('table');
    if (closing && this.tableDepth === 0) this.start('paragraph');
  }

  /** Ends the current block and starts collecting one of the given kind. */
  private start(kind: Block['kind'], level = 0): void {
    const text = this.kind === 'code' ? this.buffer : tidyLines(this.buffer);
    if (text.trim().length > 0) {
      this.blocks.push(
        this.kind === 'heading'
          ? { kind: 'heading', level: this.level, text }
          : { kind: this.kind, text },
      );
    }
    this.buffer = '';
    this.kind = kind;
    this.level = level;
  }
}

/** Collapses spaces, keeps list indentation, drops lines with no words (empty items or cells). */
function tidyLines(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const indent = /^\u00a0*/.exec(line)?.[0].replace(/\u00a0/g, ' ') ?? '';
      return (
        indent +
        line
          .replace(/^\u00a0+/, '')
          .replace(/ {2,}/g, ' ')
          .trim()
      );
    })
    .filter((line) => !/^\s*(?:[-|]|\d+\.)?[\s|]*$/.test(line))
    .join('\n');
}
