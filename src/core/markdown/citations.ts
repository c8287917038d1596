/**
 * `[n]` in an answer cites source n (1 to 4 digits). A markdown-it inline rule, tried before links:
 * `[1](u)` is a citation and the text "(u)"; a citation inside link or image text stays one; a
 * backslash-escaped `\[1]` and `[1]` in code stay text. Tokens of type `citation` carry the number
 * as their content. While a link's text is being measured (`silent`) the rule stands aside: a
 * bracket read as more than one character would end the link there.
 */
import type { MarkdownIt, StateInline } from 'markdown-it';

const CITATION = /\[(\d{1,4})\]/y;

export function citations(markdown: MarkdownIt): void {
  markdown.inline.ruler.before('link', 'citation', citation);
}

function citation(state: StateInline, silent: boolean): boolean {
  if (silent) return false;
  CITATION.lastIndex = state.pos;
  const match = CITATION.exec(state.src);
  if (!match?.[1] || state.pos + match[0].length > state.posMax) return false;
  state.push('citation', '', 0).content = match[1];
  state.pos += match[0].length;
  return true;
}
