import type { MarkdownBlock, MarkdownInline } from '../../markdown/markdown-tree.ts';
import { parseDocumentMarkdown } from '../../markdown/parse-markdown.ts';
import type { Block, ParsedDocument, ParseInput, Parser } from '../../ports/parser.ts';
import { documentFromBlocks, withTitleHeading } from '../parsed-document.ts';
import { decodeText } from '../text-decoding.ts';
import { readFrontMatter } from './front-matter.ts';
import { extractHtmlBlocks } from './html-blocks.ts';
import { withoutSoftHyphens } from './soft-hyphens.ts';

/**
 * Markdown (CommonMark with GitHub tables and strikethrough), read by core/markdown: structure
 * kept, markup dropped. Quotes give their blocks, rules and link definitions nothing, raw HTML
 * the text the HTML parser finds in it; soft line ends are spaces, hard breaks stay.
 */
export const markdownParser: Parser = {
  extensions: ['md', 'markdown', 'mdown', 'mkd'],
  async parse({ path, bytes }: ParseInput): Promise<ParsedDocument> {
    const lines = decodeText(path, bytes).split('\n');
    const frontMatter = readFrontMatter(lines);
    const markdown = lines.slice(frontMatter.lineCount).join('\n');
    const blocks = documentBlocks(parseDocumentMarkdown(markdown));
    if (frontMatter.fields.length > 0) {
      blocks.unshift({ kind: 'paragraph', text: frontMatter.fields.join('\n') });
    }
    const headings = blocks.filter((block) => block.kind === 'heading');
    const title =
      frontMatter.title ?? (headings.find((block) => block.level === 1) ?? headings[0])?.text;
    withTitleHeading(blocks, frontMatter.title);
    return documentFromBlocks(path, blocks, title);
  },
};

function documentBlocks(tree: readonly MarkdownBlock[]): Block[] {
  return tree.flatMap((node): Block[] => {
    switch (node.kind) {
      case 'paragraph':
        return [{ kind: 'paragraph', text: plainText(node.inlines) }];
      case 'heading':
        return [{ kind: 'heading', level: node.level, text: plainText(node.inlines) }];
      case 'code':
        return [{ kind: 'code', text: node.text }];
      case 'quote':
        return documentBlocks(node.blocks);
      case 'list':
        return [{ kind: 'list', text: listLines(node, 0).join('\n') }];
      case 'table': {
        const rows = [node.header, ...node.rows];
        return [
          { kind: 'table', text: rows.map((row) => row.map(plainText).join(' | ')).join('\n') },
        ];
      }
      case 'html':
        return extractHtmlBlocks(node.text).blocks;
      case 'rule':
        return [];
    }
  });
}

type ListBlock = Extract<MarkdownBlock, { kind: 'list' }>;

/** One line per item: bullets as "- ", numbers as "3. ", nesting as two spaces per level. */
function listLines(list: ListBlock, depth: number): string[] {
  return list.items.flatMap((item, index) => {
    const marker = list.ordered ? `${list.start + index}.` : '-';
    const text = documentBlocks(item.filter((block) => block.kind !== 'list'))
      .map((block) => block.text)
      .join(' ')
      .replace(/\s*\n\s*/g, ' ');
    const nested = item.flatMap((block) =>
      block.kind === 'list' ? listLines(block, depth + 1) : [],
    );
    return [`${'  '.repeat(depth)}${marker} ${text}`, ...nested];
  });
}

/** What a reader sees of inline Markdown: markup, link targets and inline HTML tags go. */
function plainText(inlines: readonly MarkdownInline[]): string {
  return withoutSoftHyphens(readableText(inlines)).replace(/[ \t]{2,}/g, ' ');
}

function readableText(inlines: readonly MarkdownInline[]): string {
  return inlines
    .map((inline) => {
      switch (inline.kind) {
        case 'text':
        case 'code':
          return inline.text;
        case 'break':
          return '\n';
        case 'citation':
          return `[${inline.number}]`;
        case 'html':
          return '';
        default:
          return readableText(inline.children);
      }
    })
    .join('');
}
