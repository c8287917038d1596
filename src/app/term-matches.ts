import {
  analyze,
  compatibilityForm,
  rememberedFormTerms,
  WORD,
} from '../core/retrieval/text-analysis.ts';
import type { TextRange } from './library-types.ts';

/**
 * Where the words of `query` occur in `text`, compared the way keyword search compares them
 * (lower case, accents and possessives dropped, stemmed; Chinese, Japanese and Korean by pairs of
 * characters), so "stations" marks "station" and 東京 marks it inside 東京駅. Sorted; overlapping
 * or touching marks are merged.
 */
export function findTermMatches(query: string, text: string, within?: TextRange): TextRange[] {
  const terms = new Set(analyze(query));
  if (terms.size === 0) return [];
  const start = within?.start ?? 0;
  const end = within?.end ?? text.length;
  const matches: TextRange[] = [];
  for (const match of text.slice(start, end).matchAll(WORD)) {
    const at = start + match.index;
    const whole = { start: at, end: at + match[0].length };
    const lower = match[0].toLowerCase();
    const form = compatibilityForm(lower);
    const found = rememberedFormTerms(form);
    if (typeof found === 'string') {
      if (terms.has(found)) matches.push(whole);
      continue;
    }
    // Offsets inside the form hold in the text only when neither step changed a character's
    // length (İ lower-cases to two, ﾃﾞ composes into one): else the whole word is marked.
    const exact = lower.length === match[0].length && form === lower;
    for (const span of found ?? []) {
      if (!terms.has(span.term)) continue;
      matches.push(exact ? { start: at + span.start, end: at + span.end } : whole);
    }
  }
  return merged(matches);
}

function merged(ranges: readonly TextRange[]): TextRange[] {
  const result: TextRange[] = [];
  for (const range of ranges) {
    const last = result.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else result.push({ ...range });
  }
  return result;
}
