import { decodeHTML } from 'entities';
import type { Block } from '../../ports/parser.ts';
import { withoutSoftHyphens } from './soft-hyphens.ts';

/** Elements that start and end a paragraph outside lists and tables. */
const PARAGRAPH_BOUNDARIES = new Set(
  (
    'p div section article header footer nav aside main blockquote figure figcaption form ' +
    'fieldset legend address details summary center body html dialog hr'
  ).split(' '),
);
/** The parts of a layout table, each a paragraph boundary. */
const LAYOUT_TABLE_PARTS = new Set(['tr', 'td', 'th', 'caption', 'thead', 'tbody', 'tfoot']);

/** Text with its character references decoded, soft hyphens left out. */
export function decodedText(raw: string): string {
  return withoutSoftHyphens(decodeHTML(raw));
}

/** Collects text into the block that the tags seen so far put it in. */
export class BlockBuilder {
  private readonly blocks: Block[] = [];
  private kind: Block['kind'] = 'paragraph';
  private level = 0;
  private buffer = '';
  private preformatted = 0;
  /** Open tables, innermost last: true for one that lays out the page rather than holds data. */
  private readonly tables: boolean[] = [];
  /** Open data tables: their text gathers into one table block, a line per row. */
  private dataTables = 0;
  /** One counter per open list: undefined for bullets, the next number for ordered lists. */
  private readonly lists: (number | undefined)[] = [];
  private cellsInRow = 0;

  text(raw: string): void {
    if (raw.length === 0) return;
    const decoded = decodedText(raw);
    this.buffer += this.preformatted > 0 ? decoded : decoded.replace(/\s+/g, ' ');
  }

  /** A table opens: a data table becomes a block, a layout table only separates paragraphs. */
  openTable(layout: boolean): void {
    this.tables.push(layout);
    if (layout) {
      this.boundary();
      return;
    }
    this.dataTables += 1;
    if (this.lists.length === 0 && this.dataTables === 1) this.start('table');
  }

  /** Any tag but a table's opening one, which goes to `openTable`. */
  tag(name: string, closing: boolean): void {
    const nested = this.dataTables > 0 || this.lists.length > 0;
    const heading = /^h([1-6])$/.exec(name);
    if (heading?.[1] && !nested) {
      this.start(closing ? 'paragraph' : 'heading', Number(heading[1]));
    } else if (name === 'pre' && !nested) {
      this.preformatted = Math.max(0, this.preformatted + (closing ? -1 : 1));
      this.start(this.preformatted > 0 ? 'code' : 'paragraph');
    } else if (name === 'br') {
      // Two line breaks in a row end a paragraph, as pages without <p> write them.
      const blankLine = /\n[ \u00a0]*$/.test(this.buffer);
      if (blankLine && !nested && this.preformatted === 0) this.start('paragraph');
      else this.buffer += '\n';
    } else if (name === 'ul' || name === 'ol' || name === 'dl') {
      this.list(name, closing);
    } else if (name === 'li' || name === 'dt' || name === 'dd') {
      if (closing) return;
      if (this.lists.length === 0) this.start('paragraph');
      else this.listItem(name);
    } else if (name === 'table') {
      if (closing) this.closeTable();
    } else if (this.tables.at(-1) === true && LAYOUT_TABLE_PARTS.has(name)) {
      this.boundary();
    } else if (name === 'tr' || name === 'caption') {
      if (!closing) this.buffer += '\n';
      this.cellsInRow = 0;
    } else if (name === 'td' || name === 'th') {
      if (closing) return;
      if (this.cellsInRow > 0) this.buffer += ' | ';
      this.cellsInRow += 1;
    } else if (PARAGRAPH_BOUNDARIES.has(name) || heading) {
      this.boundary();
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
      if (this.lists.length === 0 && this.dataTables === 0) this.start('paragraph');
      return;
    }
    if (this.lists.length === 0 && this.dataTables === 0) this.start('list');
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

  private closeTable(): void {
    const layout = this.tables.pop();
    if (layout === undefined) return;
    if (layout) {
      this.boundary();
      return;
    }
    this.dataTables -= 1;
    if (this.lists.length === 0 && this.dataTables === 0) this.start('paragraph');
  }

  /** A block element's edge: a new paragraph, or a space inside a list item or table cell. */
  private boundary(): void {
    if (this.dataTables > 0 || this.lists.length > 0) this.buffer += ' ';
    else this.start('paragraph');
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
