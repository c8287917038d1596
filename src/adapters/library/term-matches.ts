import { analyze, stem } from '../../core/retrieval/text-analysis.ts';
import type { TextRange } from './library-types.ts';

/** Words as keyword search splits them (see `core/retrieval/text-analysis.ts`). */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/**
 * Where the words of `query` occur in `text`, compared the way keyword search compares them
 * (lower case, accents and possessives dropped, stemmed), so "stations" marks "station".
 */
export function findTermMatches(query: string, text: string, within?: TextRange): TextRange[] {
  const terms = new Set(analyze(query));
  if (terms.size === 0) return [];
  const start = within?.start ?? 0;
  const end = within?.end ?? text.length;
  const matches: TextRange[] = [];
  for (const match of text.slice(start, end).matchAll(WORD)) {
    const word = match[0]
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/['’][\p{L}]+$/u, '');
    if (terms.has(stem(word))) {
      const matchStart = start + match.index;
      matches.push({ start: matchStart, end: matchStart + match[0].length });
    }
  }
  return matches;
}
