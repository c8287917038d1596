/**
 * The typed tree of a Markdown text (a model's answer) that the UI renders element by element.
 * Every string in it is shown as text, never parsed as HTML: links keep their URL as text to show
 * after the link text, images keep only their alt text, raw HTML stays literal text.
 */

export type MarkdownInline =
  | { kind: 'text'; text: string }
  | { kind: 'break' }
  | { kind: 'code'; text: string }
  | { kind: 'citation'; number: number }
  | { kind: 'strong'; children: MarkdownInline[] }
  | { kind: 'emphasis'; children: MarkdownInline[] }
  /** Shown as its text followed by the URL as plain text: never a clickable anchor. */
  | { kind: 'link'; children: MarkdownInline[]; url: string }
  /** Shown as its alt text only: never an image. */
  | { kind: 'image'; children: MarkdownInline[] };

export type TableAlignment = 'left' | 'center' | 'right' | undefined;

export type MarkdownBlock =
  | { kind: 'paragraph'; inlines: MarkdownInline[] }
  /** `level` is the Markdown level (1 for `#`); the renderer maps it under its own heading. */
  | { kind: 'heading'; level: number; inlines: MarkdownInline[] }
  /** A fenced code block, shown monospace as written; `info` follows its fence (a language). */
  | { kind: 'code'; info: string; text: string }
  | { kind: 'quote'; blocks: MarkdownBlock[] }
  | { kind: 'list'; ordered: boolean; start: number; items: MarkdownBlock[][] }
  | { kind: 'rule' }
  | {
      kind: 'table';
      alignments: TableAlignment[];
      header: MarkdownInline[][];
      rows: MarkdownInline[][][];
    };
