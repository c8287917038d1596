/**
 * Markdown read once, by markdown-it (CommonMark with GitHub tables and strikethrough; character
 * references decoded by the `entities` package, all 2,231 names), into the tree of
 * markdown-tree.ts. Ingest reads documents' text from it; the UI renders answers from it.
 * Decision record: docs/decisions/0008-markdown-parser.md.
 */
import MarkdownItParser, { type MarkdownIt, type MarkdownItOptions, type Token } from 'markdown-it';
import { citations } from './citations.ts';
import type { MarkdownBlock } from './markdown-tree.ts';
import { openEnded, STREAMING } from './open-ended.ts';
import { withOpenTable } from './open-table.ts';
import { markdownTree, type TreeOptions } from './token-tree.ts';

/** Links are read for their text and shown with their URL as text, never followed: kept as written. */
function reader(options: MarkdownItOptions): MarkdownIt {
  const markdown = new MarkdownItParser('default', {
    ...options,
    linkify: false,
    typographer: false,
  });
  markdown.validateLink = () => true;
  markdown.normalizeLink = (url) => url;
  markdown.normalizeLinkText = (text) => text;
  return markdown;
}

/** Documents: raw HTML is recognised (its text is ingest's to read), all of CommonMark and GFM. */
const documentReader = reader({ html: true });

/**
 * Answers, as a chat shows them: raw HTML, character references (`&amp;`), `<autolinks>`, `~~`,
 * setext underlines, indented code and reference definitions stay text as written; every line end
 * is a line break; `[n]` cites a source.
 */
const answerReader = reader({ html: false })
  .disable(['lheading', 'code', 'reference', 'autolink', 'strikethrough', 'entity'])
  .use(citations)
  .use(openEnded);

/**
 * A document's containers nest as deep as markdown-it reads them (100 levels; what lies deeper is
 * dropped there); its inline nodes 32 deep, so that walking the tree never runs out of stack.
 */
const DOCUMENT_TREE: TreeOptions = {
  softBreak: 'space',
  containerDepth: Infinity,
  inlineDepth: 32,
};

/** An answer's quotes and lists nest at most four deep, its inline nodes six. */
const ANSWER_TREE: TreeOptions = { softBreak: 'break', containerDepth: 4, inlineDepth: 6 };

export function parseDocumentMarkdown(text: string): MarkdownBlock[] {
  return markdownTree(documentReader.parse(text, {}), DOCUMENT_TREE);
}

/** `streaming`: the text is still arriving, and what is open at its end reads as it will be. */
export function parseAnswerMarkdown(text: string, streaming = false): MarkdownBlock[] {
  const parse = (source: string): Token[] => answerReader.parse(source, { [STREAMING]: streaming });
  const tokens = parse(text);
  return markdownTree(streaming ? withOpenTable(text, tokens, parse) : tokens, ANSWER_TREE);
}
