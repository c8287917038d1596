import type { PlacedWord } from '../types.ts';

/** One structural piece of a parsed document. */
export interface Block {
  kind: 'heading' | 'paragraph' | 'code' | 'table' | 'list';
  /** Heading level 1-6, for headings. */
  level?: number;
  text: string;
  /** 1-based page, for paged formats (the slide number for slides). */
  page?: number;
  /** True when the text was recognised from an image (OCR), not read from the file's text. */
  ocr?: boolean;
  /** For OCR'd text on a page: its words, in the order `text` has them, and where each is. */
  words?: PlacedWord[];
}

/** The separator between blocks in `ParsedDocument.text`. */
export const BLOCK_SEPARATOR = '\n\n';

/**
 * A document as text plus its structure. `text` is the blocks joined by blank lines ("\n\n"):
 * chunk positions are character offsets into it, and the source viewer shows it.
 */
export interface ParsedDocument {
  text: string;
  blocks: Block[];
  /** Title if the format has one (HTML <title>, PDF metadata, first heading). */
  title?: string;
  /**
   * What the user should know about this file although it was read, in plain words, e.g.
   * "2 damaged pages skipped: 4, 9" or a converter's message. Shown with the file; never errors.
   */
  warnings?: string[];
  /** Number of pages or images whose text came from OCR. */
  ocrPages?: number;
  /** Files inside this one (e-mail attachments) to index as their own documents under it. */
  attachments?: Attachment[];
}

/** A file carried inside another (an e-mail attachment). */
export interface Attachment {
  /** File name as the container gives it; the ingest places it under the container's path. */
  name: string;
  bytes: Uint8Array;
}

export interface ParseInput {
  path: string;
  /**
   * The file's bytes. A parser in another thread moves them there (they are detached here) and
   * puts them back in this field once it has returned a document.
   */
  bytes: Uint8Array;
  signal?: AbortSignal;
}

export interface Parser {
  /** Lower-case extensions without the dot, e.g. `['md', 'markdown']`; `''` for files without one. */
  readonly extensions: readonly string[];
  /** Throws a named error from `core/errors.ts` (CorruptFileError, EmptyFileError, ...). */
  parse(input: ParseInput): Promise<ParsedDocument>;
}

/** What the ingest job needs from the parser registry. */
export interface DocumentParsers {
  /** Throws a named error when a file of this path and size will not be read (type, size). */
  check(path: string, size: number): void;
  parse(input: ParseInput): Promise<ParsedDocument>;
}
