/**
 * The typed tree of a Markdown text, which ingest reads for its text and the UI renders element by
 * element. Every string in it is text, never HTML to parse: links keep their URL as text to show
 * after the link text, images keep only their alt text, raw HTML keeps its markup as text.
 */

export type MarkdownInline =
  | { kind: 'text'; text: string }
  /** A hard line break; soft line ends too where the text is read with `breaks` (an answer). */
  | { kind: 'break' }
  | { kind: 'code'; text: string }
  /** `[n]` in an answer: a citation of source n. */
  | { kind: 'citation'; number: number }
  | { kind: 'strong'; children: MarkdownInline[] }
  | { kind: 'emphasis'; children: MarkdownInline[] }
  /** Shown as its text followed by the URL as plain text: never a clickable anchor. */
  | { kind: 'link'; children: MarkdownInline[]; url: string }
  /** Shown as its alt text only: never an image. */
  | { kind: 'image'; children: MarkdownInline[] }
  /** An inline HTML tag or comment, as written (documents only: answers read HTML as text). */
  | { kind: 'html'; text: string };

export type TableAlignment = 'left' | 'center' | 'right' | undefined;

export type MarkdownBlock =
  | { kind: 'paragraph'; inlines: MarkdownInline[] }
  /** `level` is the Markdown level (1 for `#`); the renderer maps it under its own heading. */
  | { kind: 'heading'; level: number; inlines: MarkdownInline[] }
  /** Fenced or indented code, as written; `info` follows a fence (a language). */
  | { kind: 'code'; info: string; text: string }
  | { kind: 'quote'; blocks: MarkdownBlock[] }
  | { kind: 'list'; ordered: boolean; start: number; items: MarkdownBlock[][] }
  | { kind: 'rule' }
  | {
      kind: 'table';
      alignments: TableAlignment[];
      header: MarkdownInline[][];
      rows: MarkdownInline[][][];
    }
  /** A block of raw HTML, as written (documents only: answers read HTML as text). */
  | { kind: 'html'; text: string };
