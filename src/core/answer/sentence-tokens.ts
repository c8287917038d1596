import { analyze } from '../retrieval/text-analysis.ts';

/** A word of a sentence with its character range in the passage (end exclusive). */
export interface SentenceToken {
  start: number;
  end: number;
  text: string;
  /** Index term (stemmed, lower case), or null for a stop word or bare punctuation. */
  term: string | null;
  /** Whether the word starts with a capital letter (or is a number, for names like "Henry V"). */
  capitalised: boolean;
  /** Whether punctuation follows the word before the next one (a clause boundary: , ; : ( ). */
  clauseEnd: boolean;
  /** Whether punctuation precedes the word (an opening bracket or quote). */
  clauseStart: boolean;
}

const WORD_CORE = /[\p{L}\p{N}](?:[\p{L}\p{N}'’.,\-–&]*[\p{L}\p{N}])?\.?/u;
const CLAUSE_END = /[,;:()[\]"“”]/;
const CLAUSE_START = /[(["“]/;

/** The words of `text[start, end)` with their positions in `text`. */
export function tokenize(text: string, start: number, end: number): SentenceToken[] {
  const tokens: SentenceToken[] = [];
  for (const match of text.slice(start, end).matchAll(/\S+/g)) {
    const chunk = match[0];
    const core = WORD_CORE.exec(chunk);
    if (!core) continue;
    const coreText = keepAbbreviationDot(core[0]);
    const tokenStart = start + match.index + core.index;
    tokens.push({
      start: tokenStart,
      end: tokenStart + coreText.length,
      text: coreText,
      term: analyze(coreText)[0] ?? null,
      capitalised: /^[\p{Lu}\p{N}]/u.test(coreText),
      clauseEnd: CLAUSE_END.test(chunk.slice(core.index + coreText.length)),
      clauseStart: CLAUSE_START.test(chunk.slice(0, core.index)),
    });
  }
  return tokens;
}

/** "U.S." and "J." keep their dot; a sentence's full stop ("1998.") does not. */
function keepAbbreviationDot(word: string): string {
  if (!word.endsWith('.')) return word;
  return /^(?:\p{L}\.)+$/u.test(word) ? word : word.slice(0, -1);
}
