import { BLOCK_SEPARATOR } from '../ports/parser.ts';
import type { Block, ParsedDocument } from '../ports/parser.ts';
import type { ChunkPosition, PlacedWord } from '../types.ts';
import { splitSentences, splitWords, type TextRange } from './sentences.ts';

/** A chunk before it is given ids: its text is `document.text.slice(start, end)`. */
export interface ChunkPiece extends ChunkPosition {
  text: string;
}

export interface ChunkingOptions {
  /** Paragraphs are packed into a chunk while it stays within this many characters. */
  targetChars?: number;
  /** No chunk is longer; longer blocks are split at sentences, lines or words. */
  maxChars?: number;
  /** A chunk that continues a section starts with up to this many characters of the previous one. */
  overlapChars?: number;
}

export const DEFAULT_CHUNKING: Required<ChunkingOptions> = {
  targetChars: 1000,
  maxChars: 1500,
  overlapChars: 150,
};

interface OpenChunk extends TextRange {
  page: number | undefined;
  /** False while the chunk holds only headings. */
  hasContent: boolean;
  /** Start of the prose the chunk ends with (a sentence start), for the overlap; -1 for none. */
  proseStart: number;
  lastBlock: Block;
}

/**
 * Cuts a parsed document into chunks that follow its structure. A heading starts a chunk (its text
 * leads the chunk, so the topic words are there) and sets the heading path; paragraphs are packed
 * up to the target size; a block over the maximum is split at sentences (prose) or lines (code,
 * tables, lists), and at words when one sentence or line is still too long. A chunk that continues
 * a section repeats the last sentences of the one before it. Chunks never span two pages.
 */
export function chunkDocument(
  document: ParsedDocument,
  options: ChunkingOptions = {},
): ChunkPiece[] {
  const targetChars = Math.max(1, options.targetChars ?? DEFAULT_CHUNKING.targetChars);
  const chunker = new Chunker(document.text, {
    targetChars,
    maxChars: Math.max(targetChars, options.maxChars ?? DEFAULT_CHUNKING.maxChars),
    overlapChars: Math.min(
      Math.floor(targetChars / 2),
      options.overlapChars ?? DEFAULT_CHUNKING.overlapChars,
    ),
  });
  let offset = 0;
  for (const [index, block] of document.blocks.entries()) {
    const expected = index === 0 ? 0 : offset + BLOCK_SEPARATOR.length;
    const start = document.text.startsWith(block.text, expected)
      ? expected
      : document.text.indexOf(block.text, offset);
    if (start < 0) throw new Error(`Block ${index} is not part of the document text.`);
    offset = start + block.text.length;
    const range = trimRange(document.text, { start, end: offset });
    if (range.end > range.start) chunker.add(block, range);
  }
  return chunker.finish();
}

/** A recognised word and where its text lies in the document text. */
interface LocatedWord extends TextRange {
  word: PlacedWord;
}

class Chunker {
  private readonly pieces: ChunkPiece[] = [];
  /** The ranges of the blocks recognised by OCR, in document order. */
  private readonly ocrRanges: TextRange[] = [];
  /** The words of those blocks, in document order. */
  private readonly words: LocatedWord[] = [];
  private readonly headings: { level: number; text: string }[] = [];
  private current: OpenChunk | undefined;

  constructor(
    private readonly text: string,
    private readonly options: Required<ChunkingOptions>,
  ) {}

  add(block: Block, range: TextRange): void {
    if (this.current && this.current.page !== block.page) this.close();
    if (block.ocr) this.locateWords(block, range);
    const { maxChars } = this.options;
    if (block.kind === 'heading') {
      if (this.current && (this.current.hasContent || range.end - this.current.start > maxChars)) {
        this.close();
      }
      const level = block.level ?? 1;
      while ((this.headings.at(-1)?.level ?? 0) >= level) this.headings.pop();
      this.headings.push({ level, text: pathText(this.text.slice(range.start, range.end)) });
      if (range.end - range.start > maxChars) this.placeAll(this.split(block, range), block);
      else if (this.current) Object.assign(this.current, { end: range.end, lastBlock: block });
      else this.open(range, block, false);
      return;
    }
    const joinsHeadings = this.current && !this.current.hasContent;
    const fitsWhole =
      range.end - range.start <= maxChars &&
      (!joinsHeadings || range.end - (this.current?.start ?? 0) <= maxChars);
    this.placeAll(fitsWhole ? [range] : this.split(block, range), block);
  }

  finish(): ChunkPiece[] {
    this.close();
    return this.pieces;
  }

  private placeAll(ranges: TextRange[], block: Block): void {
    for (const range of ranges) this.place(range, block);
  }

  private place(range: TextRange, block: Block): void {
    const chunk = this.current;
    if (!chunk) {
      this.open(range, block, true);
      return;
    }
    const limit = chunk.hasContent ? this.options.targetChars : this.options.maxChars;
    if (range.end - chunk.start <= limit) {
      if (block.kind !== 'paragraph') chunk.proseStart = -1;
      else if (chunk.lastBlock !== block || chunk.proseStart < 0) chunk.proseStart = range.start;
      chunk.end = range.end;
      chunk.hasContent = true;
      chunk.lastBlock = block;
      return;
    }
    const overlap = chunk.hasContent ? this.overlapStart(chunk) : -1;
    this.close();
    this.open(range, block, true);
    if (this.current && overlap >= 0 && range.end - overlap <= this.options.maxChars) {
      this.current.start = overlap;
    }
  }

  private open(range: TextRange, block: Block, hasContent: boolean): void {
    this.current = {
      ...range,
      page: block.page,
      hasContent,
      proseStart: hasContent && block.kind === 'paragraph' ? range.start : -1,
      lastBlock: block,
    };
  }

  private close(): void {
    const chunk = this.current;
    if (!chunk) return;
    this.current = undefined;
    const piece: ChunkPiece = {
      text: this.text.slice(chunk.start, chunk.end),
      start: chunk.start,
      end: chunk.end,
      headingPath: this.headings.map((heading) => heading.text),
    };
    if (chunk.page !== undefined) piece.page = chunk.page;
    if (this.ocrRanges.some((range) => range.start < chunk.end && range.end > chunk.start)) {
      piece.ocr = true;
      const words = this.wordsWithin(chunk);
      if (words.length > 0) piece.words = words;
    }
    this.pieces.push(piece);
  }

  /** Notes an OCR'd block's range and where each of its words is in the text. */
  private locateWords(block: Block, range: TextRange): void {
    this.ocrRanges.push(range);
    let cursor = range.start;
    for (const word of block.words ?? []) {
      const start = this.text.indexOf(word.text, cursor);
      if (start < 0 || start + word.text.length > range.end) continue;
      cursor = start + word.text.length;
      this.words.push({ start, end: cursor, word });
    }
  }

  /** The recognised words whose text lies inside `range`. */
  private wordsWithin(range: TextRange): PlacedWord[] {
    let low = 0;
    let high = this.words.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.words[middle]?.start ?? 0) < range.start) low = middle + 1;
      else high = middle;
    }
    const words: PlacedWord[] = [];
    for (let index = low; index < this.words.length; index += 1) {
      const located = this.words[index];
      if (!located || located.start >= range.end) break;
      if (located.end <= range.end) words.push(located.word);
    }
    return words;
  }

  /** The start of the earliest trailing sentence that fits in the overlap, or -1. */
  private overlapStart(chunk: OpenChunk): number {
    if (chunk.proseStart < 0) return -1;
    const from = Math.max(chunk.proseStart, chunk.start);
    for (const sentence of splitSentences(this.text.slice(from, chunk.end), from)) {
      if (sentence.start > chunk.start && chunk.end - sentence.start <= this.options.overlapChars) {
        return sentence.start;
      }
    }
    return -1;
  }

  /** Sentences for prose, lines for code, tables and lists; words for what is still too long. */
  private split(block: Block, range: TextRange): TextRange[] {
    const { maxChars, targetChars } = this.options;
    const prose = block.kind === 'paragraph' || block.kind === 'heading';
    const parts = prose
      ? splitSentences(this.slice(range), range.start)
      : lineRanges(this.text, range);
    return parts.flatMap((part) => {
      if (part.end - part.start <= maxChars) return [part];
      if (prose) return splitWords(this.text, part, targetChars);
      return splitSentences(this.slice(part), part.start).flatMap((sentence) =>
        sentence.end - sentence.start <= maxChars
          ? [sentence]
          : splitWords(this.text, sentence, targetChars),
      );
    });
  }

  private slice(range: TextRange): string {
    return this.text.slice(range.start, range.end);
  }
}

/**
 * The most of one heading a heading path holds. A longer "heading" (an unclosed <h1>, a whole
 * paragraph styled as a heading) is body text really: in the path of each of its many chunks it
 * would make the chunks' size, and their index text, grow with the square of its length.
 */
export const HEADING_PATH_CHARS = 200;

/** The heading, or its first words and "…" when it is longer than HEADING_PATH_CHARS. */
function pathText(heading: string): string {
  if (heading.length <= HEADING_PATH_CHARS) return heading;
  let cut = heading.slice(0, HEADING_PATH_CHARS);
  const space = lastSpace(cut);
  if (space > 0) cut = cut.slice(0, space);
  else if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

function lastSpace(text: string): number {
  for (let position = text.length - 1; position >= 0; position -= 1) {
    if (/\s/.test(text[position] ?? '')) return position;
  }
  return -1;
}

/** One range per non-blank line, indentation kept. */
function lineRanges(text: string, range: TextRange): TextRange[] {
  const lines: TextRange[] = [];
  let start = range.start;
  while (start < range.end) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 || newline > range.end ? range.end : newline;
    const line = trimRange(text, { start, end }, false);
    if (line.end > line.start) lines.push(line);
    start = end + 1;
  }
  return lines;
}

/** The range without white space at its end, and at its start unless `trimStart` is false. */
function trimRange(text: string, range: TextRange, trimStart = true): TextRange {
  let { start, end } = range;
  while (end > start && /\s/.test(text[end - 1] ?? '')) end -= 1;
  while (trimStart && start < end && /\s/.test(text[start] ?? '')) start += 1;
  return { start, end };
}
