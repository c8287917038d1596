import type { Block } from '../../ports/parser.ts';
import { BlockBuilder, decodedText } from './html-block-builder.ts';
import { layoutTables } from './html-tables.ts';

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
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)/y;

export interface HtmlContent {
  blocks: Block[];
  /** Text of the first <title> element. */
  title?: string;
}

/**
 * Turns HTML into blocks without a DOM: a tolerant tag scanner that keeps only text. Headings
 * h1-h6 become heading blocks, <pre> code blocks, lists and data tables one block each (a line per
 * item or row, cells joined by " | "), and other block elements paragraph boundaries, as are the
 * rows and cells of a table that lays out a page (`layoutTables`).
 */
export function extractHtmlBlocks(html: string): HtmlContent {
  const builder = new BlockBuilder();
  const layout = layoutTables(html);
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
    if (name === 'table' && !closing) builder.openTable(layout.has(open));
    else builder.tag(name, closing);
  }
  const blocks = builder.finish();
  return title === undefined ? { blocks } : { blocks, title };
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
  // The next "-->" at or after the position, searched again only once passed (-1: none left,
  // -2: not searched yet), so that a page of unclosed comments is read in linear time.
  let commentEnd = -2;
  while (position < html.length) {
    const open = html.indexOf('<', position);
    if (state !== 'data' && commentEnd !== -1 && commentEnd < position) {
      commentEnd = html.indexOf('-->', position);
    }
    if (state !== 'data' && commentEnd >= 0 && (open < 0 || commentEnd < open)) {
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
