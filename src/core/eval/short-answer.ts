/**
 * The short answer scored by EM and F1, from an answer's Markdown: the first bolded span (the
 * coordinator and the extractive engine put the short answer in bold first), else the first
 * non-empty line; citation markers and Markdown escapes are removed. A `not-found` answer scores
 * as the empty answer.
 */
export function shortAnswer(text: string, status: string): string {
  if (status !== 'answered') return '';
  const bold = /\*\*((?:\\.|[^*])+?)\*\*/.exec(text)?.[1];
  const line = bold ?? text.split('\n').find((candidate) => candidate.trim().length > 0) ?? '';
  return line
    .replace(/\s*\[\d+\]/g, '')
    .replace(/\\(.)/g, '$1')
    .trim();
}
