import type { Block } from '../../../core/ports/parser.ts';
import { attribute, children, type Element } from './xml.ts';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
/** Parts of the body that are not the document's visible text. */
const SKIPPED = new Set([
  'tracked-changes',
  'sequence-decls',
  'variable-decls',
  'user-field-decls',
  'forms',
  'soft-page-break',
  'table-columns',
  'table-column',
  'note-citation',
  'bookmark',
  'bookmark-start',
  'bookmark-end',
]);

/**
 * Reads OpenDocument body content (ODT text, an ODP slide, a cell) into blocks: `text:h` with its
 * outline level as a heading, `text:p` as paragraphs, lists as one list block, tables as one
 * table block (cells joined by " | "). Footnotes, comments and text boxes anchored in a paragraph
 * follow it as paragraphs of their own.
 */
export class OdfBlockReader {
  readonly blocks: Block[] = [];

  constructor(private readonly page?: number) {}

  /** Reads the children of a container element (office:text, draw:text-box, a section). */
  readContainer(container: Element): void {
    for (const element of children(container)) this.readElement(element);
  }

  private readElement(element: Element): void {
    const name = element.localName ?? '';
    if (SKIPPED.has(name)) return;
    if (name === 'h') {
      const level = Math.min(6, Math.max(1, Number(attribute(element, 'outline-level') ?? 1) || 1));
      this.withAside(element, (text) => ({ kind: 'heading', level, text }));
    } else if (name === 'p') {
      this.withAside(element, (text) => ({ kind: 'paragraph', text }));
    } else if (name === 'list') {
      const lines: string[] = [];
      const aside: Element[] = [];
      listLines(element, 0, lines, aside);
      this.push({ kind: 'list', text: lines.join('\n') });
      for (const item of aside) this.readAside(item);
    } else if (name === 'table') {
      this.push({ kind: 'table', text: tableLines(element).join('\n') });
    } else if (name === 'annotation') {
      this.push({ kind: 'paragraph', text: `Comment: ${annotationText(element)}` });
    } else {
      this.readContainer(element);
    }
  }

  private withAside(element: Element, block: (text: string) => Block): void {
    const aside: Element[] = [];
    this.push(block(inlineText(element, aside)));
    for (const item of aside) this.readAside(item);
  }

  /** A note, comment or text box found inside a paragraph: read after it. */
  private readAside(element: Element): void {
    if (element.localName === 'annotation') this.readElement(element);
    else this.readContainer(element);
  }

  private push(block: Block): void {
    if (block.text.trim().length === 0) return;
    this.blocks.push(this.page === undefined ? block : { ...block, page: this.page });
  }
}

/**
 * A paragraph's text: spans and links inline, `text:s` as its count of spaces, tabs and line
 * breaks; notes (their bodies), comments and frames go to `aside` instead of the line.
 */
export function inlineText(element: Element, aside: Element[] = []): string {
  let text = '';
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === TEXT_NODE) {
      text += node.nodeValue ?? '';
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue;
    const inner = node as Element;
    const name = inner.localName ?? '';
    if (name === 's') text += ' '.repeat(Math.min(100, Number(attribute(inner, 'c') ?? 1) || 1));
    else if (name === 'tab') text += '\t';
    else if (name === 'line-break') text += '\n';
    else if (name === 'note') aside.push(...children(inner, 'note-body'));
    else if (name === 'annotation' || name === 'frame') aside.push(inner);
    else if (!SKIPPED.has(name) && name !== 'annotation-end') text += inlineText(inner, aside);
  }
  return text;
}

function listLines(list: Element, depth: number, lines: string[], aside: Element[]): void {
  for (const item of children(list)) {
    if (item.localName !== 'list-item' && item.localName !== 'list-header') continue;
    for (const part of children(item)) {
      if (part.localName === 'list') listLines(part, depth + 1, lines, aside);
      else if (part.localName === 'p' || part.localName === 'h') {
        const text = inlineText(part, aside).trim();
        if (text) lines.push(`${'  '.repeat(depth)}- ${text}`);
      }
    }
  }
}

/** A table's rows, cells joined by " | " (nested content flattened to its text). */
function tableLines(table: Element): string[] {
  const lines: string[] = [];
  const visit = (container: Element): void => {
    for (const part of children(container)) {
      if (part.localName === 'table-row') {
        const cells = children(part)
          .filter((cell) => cell.localName === 'table-cell')
          .map((cell) => cellText(cell));
        if (cells.some((cell) => cell.length > 0)) lines.push(cells.join(' | '));
      } else if (part.localName?.startsWith('table-')) {
        visit(part);
      }
    }
  };
  visit(table);
  return lines;
}

/** A cell's paragraphs as one line. */
export function cellText(cell: Element): string {
  const reader = new OdfBlockReader();
  reader.readContainer(cell);
  return reader.blocks
    .map((block) => block.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function annotationText(annotation: Element): string {
  return children(annotation)
    .filter((part) => part.localName === 'p' || part.localName === 'list')
    .map((part) => inlineText(part))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
