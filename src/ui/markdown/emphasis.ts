/**
 * Emphasis for the inline parser: matches `*` and `_` delimiter runs (CommonMark's flanking rules;
 * a closer takes the nearest opener of its character, runs of two make strong text, of one
 * emphasis; no "rule of three") and builds the nested inline nodes. One pass over the tokens, each
 * opener pushed and popped once, so it stays linear on any input. Nesting deeper than
 * MAXIMUM_INLINE_DEPTH is flattened; an opener never closed stays literal text, unless the text is
 * still arriving, when it is closed at the end (a half-written `**bold` already shows bold).
 */
import type { MarkdownInline } from './markdown-tree.ts';

type EmphasisKind = 'strong' | 'emphasis';

export interface DelimiterRun {
  kind: 'delimiter';
  character: '*' | '_';
  /** Characters of the run not matched (yet). */
  remaining: number;
  canOpen: boolean;
  canClose: boolean;
  /** The nodes the run closes, in text order. */
  closes: EmphasisKind[];
  /** The nodes the run opens, innermost first (the reverse of text order). */
  opens: EmphasisKind[];
}

export type InlineToken =
  { kind: 'inline'; inline: MarkdownInline } | { kind: 'literal'; text: string } | DelimiterRun;

/** Emphasis nested deeper than this keeps its text but loses its element. */
const MAXIMUM_INLINE_DEPTH = 6;

/** The inline nodes of `tokens`; `closeAtEnd` closes every opener left open at the end. */
export function resolveInlines(
  tokens: readonly InlineToken[],
  closeAtEnd: boolean,
): MarkdownInline[] {
  const closedAtEnd = matchDelimiters(tokens, closeAtEnd);
  const builder = new TreeBuilder();
  for (const token of tokens) {
    if (token.kind === 'literal') builder.appendText(token.text);
    else if (token.kind === 'inline') builder.append(token.inline);
    else {
      for (let index = 0; index < token.closes.length; index += 1) builder.close();
      builder.appendText(token.character.repeat(token.remaining));
      for (const kind of [...token.opens].reverse()) builder.open(kind);
    }
  }
  for (let index = 0; index < closedAtEnd; index += 1) builder.close();
  return builder.root;
}

/** Pairs openers with closers in place; returns how many nodes are closed at the end. */
function matchDelimiters(tokens: readonly InlineToken[], closeAtEnd: boolean): number {
  const openers: DelimiterRun[] = [];
  const openerCount = { '*': 0, _: 0 };
  const popOpener = () => {
    const opener = openers.pop();
    if (opener) openerCount[opener.character] -= 1;
  };
  for (const token of tokens) {
    if (token.kind !== 'delimiter') continue;
    while (token.canClose && token.remaining > 0 && openerCount[token.character] > 0) {
      // Openers of the other character between the two stay literal.
      while (openers.at(-1)?.character !== token.character) popOpener();
      const opener = openers.at(-1);
      if (!opener) break;
      const size = token.remaining >= 2 && opener.remaining >= 2 ? 2 : 1;
      const kind = size === 2 ? 'strong' : 'emphasis';
      opener.opens.push(kind);
      token.closes.push(kind);
      opener.remaining -= size;
      token.remaining -= size;
      if (opener.remaining === 0) popOpener();
    }
    if (token.canOpen && token.remaining > 0) {
      openers.push(token);
      openerCount[token.character] += 1;
    }
  }
  if (!closeAtEnd) return 0;
  let closed = 0;
  for (const opener of openers) {
    while (opener.remaining > 0) {
      const size = opener.remaining >= 2 ? 2 : 1;
      opener.opens.push(size === 2 ? 'strong' : 'emphasis');
      opener.remaining -= size;
      closed += 1;
    }
  }
  return closed;
}

interface Frame {
  children: MarkdownInline[];
  /** The node whose children these are, and where it sits; none for the root or flattened. */
  owner?: { node: MarkdownInline; parent: MarkdownInline[] };
}

/** Nodes appended into the innermost open frame; text merged with the text before it. */
class TreeBuilder {
  readonly root: MarkdownInline[] = [];
  private readonly frames: Frame[] = [{ children: this.root }];

  private get current(): Frame {
    return this.frames.at(-1) ?? { children: this.root };
  }

  append(inline: MarkdownInline): void {
    this.current.children.push(inline);
  }

  appendText(text: string): void {
    if (text.length === 0) return;
    const children = this.current.children;
    const last = children.at(-1);
    if (last?.kind === 'text') last.text += text;
    else children.push({ kind: 'text', text });
  }

  open(kind: EmphasisKind): void {
    const parent = this.current.children;
    if (this.frames.length > MAXIMUM_INLINE_DEPTH) {
      this.frames.push({ children: parent });
      return;
    }
    const children: MarkdownInline[] = [];
    const node: MarkdownInline = { kind, children };
    parent.push(node);
    this.frames.push({ children, owner: { node, parent } });
  }

  /** Closes the innermost node; an empty one is dropped. */
  close(): void {
    if (this.frames.length <= 1) return;
    const frame = this.frames.pop();
    if (frame?.owner && frame.children.length === 0) {
      const { node, parent } = frame.owner;
      if (parent.at(-1) === node) parent.pop();
    }
  }
}
