import { EmptyFileError } from '../errors.ts';
import { BLOCK_SEPARATOR, type Block, type ParsedDocument } from '../ports/parser.ts';

/**
 * Builds a document from its blocks: tidies each block's whitespace, drops blocks without text and
 * joins the rest with blank lines, so `text` is exactly the blocks' texts joined by "\n\n".
 * A lone UTF-16 surrogate (a library's decoding of damaged UTF-16 text) becomes U+FFFD, so the
 * text is well-formed Unicode everywhere it goes. Throws EmptyFileError when no block has text.
 */
export function documentFromBlocks(path: string, blocks: Block[], title?: string): ParsedDocument {
  const kept: Block[] = [];
  for (const block of blocks) {
    const text = tidyBlockText(block);
    if (text.length > 0) kept.push({ ...block, text });
  }
  if (kept.length === 0) throw new EmptyFileError(path);
  const document: ParsedDocument = {
    text: kept.map((block) => block.text).join(BLOCK_SEPARATOR),
    blocks: kept,
  };
  const cleanTitle = title && wellFormed(title).replace(/\s+/g, ' ').trim();
  if (cleanTitle) document.title = cleanTitle;
  return document;
}

/**
 * Puts a document's title (HTML <title>, Markdown front matter) in front as a level-1 heading, so
 * its words are part of the text, unless the document is empty or a heading already says the same.
 */
export function withTitleHeading(blocks: Block[], title: string | undefined): void {
  const text = title?.replace(/\s+/g, ' ').trim();
  if (!text || !blocks.some((block) => block.text.trim().length > 0)) return;
  if (blocks.some((block) => block.kind === 'heading' && block.text.trim() === text)) return;
  blocks.unshift({ kind: 'heading', level: 1, text });
}

/**
 * Trailing spaces go from every line. Code keeps its indentation and inner blank lines; other
 * blocks are trimmed and lose inner blank lines, so a blank line in `text` always separates blocks.
 */
function tidyBlockText(block: Block): string {
  const lines = wellFormed(block.text).replace(/[ \t\u00a0]+$/gm, '');
  if (block.kind === 'code') return lines.replace(/^\n+/, '').trimEnd();
  return lines.replace(/\n{2,}/g, '\n').trim();
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `String.prototype.toWellFormed`, which the ES2023 library this project targets lacks. */
function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}
