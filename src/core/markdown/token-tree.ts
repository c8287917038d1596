/**
 * markdown-it's token stream (flat, with opening and closing tokens) as the nested Markdown tree.
 * Quotes and lists nested deeper than `containerDepth`, and inline nodes deeper than
 * `inlineDepth`, give their content to the level above: their text stays, their element goes.
 */
import type { Token } from 'markdown-it';
import type { MarkdownBlock, MarkdownInline, TableAlignment } from './markdown-tree.ts';

export interface TreeOptions {
  /** A soft line end is a line break (`break`, as chat apps show answers) or a space. */
  softBreak: 'break' | 'space';
  containerDepth: number;
  inlineDepth: number;
}

export function markdownTree(tokens: readonly Token[], options: TreeOptions): MarkdownBlock[] {
  return new TreeReader(tokens, options).blocks(0);
}

class TreeReader {
  private position = 0;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly options: TreeOptions,
  ) {}

  /** The blocks up to the token that closes the container they are in (or the end). */
  blocks(depth: number): MarkdownBlock[] {
    const blocks: MarkdownBlock[] = [];
    while (this.position < this.tokens.length) {
      const token = this.tokens[this.position] as Token;
      this.position += 1;
      if (token.nesting === -1) break;
      blocks.push(...this.block(token, depth));
    }
    return blocks;
  }

  private block(token: Token, depth: number): MarkdownBlock[] {
    const nested = depth < this.options.containerDepth;
    switch (token.type) {
      case 'paragraph_open':
        return [{ kind: 'paragraph', inlines: this.inlines() }];
      case 'heading_open':
        return [{ kind: 'heading', level: Number(token.tag.slice(1)), inlines: this.inlines() }];
      case 'fence':
      case 'code_block':
        return [{ kind: 'code', info: token.info.trim(), text: token.content.replace(/\n$/, '') }];
      case 'hr':
        return [{ kind: 'rule' }];
      case 'html_block':
        return [{ kind: 'html', text: token.content.trimEnd() }];
      case 'blockquote_open': {
        const blocks = this.blocks(depth + 1);
        return nested ? [{ kind: 'quote', blocks }] : blocks;
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const items = this.items(depth + 1);
        if (!nested) return items.flat();
        const ordered = token.type === 'ordered_list_open';
        const start = ordered ? Number(token.attrGet('start') ?? 1) : 1;
        return [{ kind: 'list', ordered, start, items }];
      }
      case 'table_open':
        return [this.table()];
      default:
        // An opening token of nothing known: its content, read as blocks.
        return token.nesting === 1 ? this.blocks(depth) : [];
    }
  }

  private items(depth: number): MarkdownBlock[][] {
    const items: MarkdownBlock[][] = [];
    while (this.position < this.tokens.length) {
      const token = this.tokens[this.position] as Token;
      this.position += 1;
      if (token.type === 'list_item_open') items.push(this.blocks(depth));
      else if (token.nesting === -1) break;
    }
    return items;
  }

  private table(): MarkdownBlock {
    const alignments: TableAlignment[] = [];
    const rows: MarkdownInline[][][] = [];
    let header: MarkdownInline[][] = [];
    while (this.position < this.tokens.length) {
      const token = this.tokens[this.position] as Token;
      this.position += 1;
      if (token.type === 'table_close') break;
      if (token.type === 'tr_open') rows.push([]);
      else if (token.type === 'thead_close') header = rows.pop() ?? [];
      else if (token.type === 'th_open' || token.type === 'td_open') {
        if (token.type === 'th_open') alignments.push(alignmentOf(token));
        rows.at(-1)?.push(this.inlines());
      }
    }
    return { kind: 'table', alignments, header, rows };
  }

  /** The inline content of the block just opened, up to its closing token. */
  private inlines(): MarkdownInline[] {
    let inlines: MarkdownInline[] = [];
    while (this.position < this.tokens.length) {
      const token = this.tokens[this.position] as Token;
      this.position += 1;
      if (token.nesting === -1) break;
      if (token.type === 'inline') inlines = this.inlineTree(token.children ?? [], 0);
    }
    return inlines;
  }

  /** Inline tokens as nodes; `depth` is how deep the nodes they go into already are. */
  private inlineTree(tokens: readonly Token[], depth: number): MarkdownInline[] {
    const builder = new InlineBuilder(this.options.inlineDepth - depth);
    for (const token of tokens) {
      switch (token.type) {
        case 'text':
          builder.appendText(token.content);
          break;
        case 'softbreak':
          if (this.options.softBreak === 'space') builder.appendText(' ');
          else builder.append({ kind: 'break' });
          break;
        case 'hardbreak':
          builder.append({ kind: 'break' });
          break;
        case 'code_inline':
          builder.append({ kind: 'code', text: token.content });
          break;
        case 'citation':
          builder.append({ kind: 'citation', number: Number(token.content) });
          break;
        case 'html_inline':
          builder.append({ kind: 'html', text: token.content });
          break;
        case 'image':
          builder.append({
            kind: 'image',
            children: this.inlineTree(token.children ?? [], depth + builder.depth + 1),
          });
          break;
        case 'strong_open':
          builder.open({ kind: 'strong', children: [] });
          break;
        case 'em_open':
          builder.open({ kind: 'emphasis', children: [] });
          break;
        case 'link_open':
          builder.open({ kind: 'link', children: [], url: String(token.attrGet('href') ?? '') });
          break;
        case 'strong_close':
        case 'em_close':
        case 'link_close':
          builder.close();
      }
    }
    return builder.root;
  }
}

function alignmentOf(cell: Token): TableAlignment {
  const style = String(cell.attrGet('style') ?? '');
  if (style.endsWith('left')) return 'left';
  if (style.endsWith('center')) return 'center';
  return style.endsWith('right') ? 'right' : undefined;
}

type ParentInline = Extract<MarkdownInline, { children: MarkdownInline[] }>;

/** Nodes appended into the innermost open node; text merged with the text before it. */
class InlineBuilder {
  readonly root: MarkdownInline[] = [];
  /** The children lists of the open nodes, innermost last; a flattened node repeats its parent's. */
  private readonly openChildren: MarkdownInline[][] = [];

  constructor(private readonly maximumDepth: number) {}

  get depth(): number {
    return Math.min(this.openChildren.length, this.maximumDepth);
  }

  private get children(): MarkdownInline[] {
    return this.openChildren.at(-1) ?? this.root;
  }

  append(inline: MarkdownInline): void {
    this.children.push(inline);
  }

  appendText(text: string): void {
    if (text.length === 0) return;
    const last = this.children.at(-1);
    if (last?.kind === 'text') last.text += text;
    else this.children.push({ kind: 'text', text });
  }

  open(node: ParentInline): void {
    if (this.openChildren.length >= this.maximumDepth) {
      this.openChildren.push(this.children);
      return;
    }
    this.children.push(node);
    this.openChildren.push(node.children);
  }

  close(): void {
    this.openChildren.pop();
  }
}
