/**
 * The answer's Markdown-ish text as blocks of runs, for rendering as text nodes (never as HTML):
 * paragraphs split at blank lines, `> ` quotes, `**bold**` spans, backslash escapes and `[n]`
 * citations. Anything else stays literal text.
 */

export type AnswerRun =
  { kind: 'text'; text: string; bold: boolean } | { kind: 'citation'; number: number };

export interface AnswerBlock {
  kind: 'paragraph' | 'quote';
  runs: AnswerRun[];
}

const QUOTE_PREFIX = /^>\s?/;

export function parseAnswer(text: string): AnswerBlock[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block.length > 0)
    .map((block) => {
      const lines = block.split('\n');
      const quote = lines.every((line) => QUOTE_PREFIX.test(line));
      const body = quote ? lines.map((line) => line.replace(QUOTE_PREFIX, '')).join('\n') : block;
      return { kind: quote ? 'quote' : 'paragraph', runs: parseRuns(body) };
    });
}

/** Escapes, bold markers and citations, scanned left to right. */
function parseRuns(text: string): AnswerRun[] {
  const runs: AnswerRun[] = [];
  let bold = false;
  let pending = '';
  const flush = () => {
    if (pending.length > 0) runs.push({ kind: 'text', text: pending, bold });
    pending = '';
  };
  let position = 0;
  while (position < text.length) {
    const rest = text.slice(position);
    const citation = /^\[(\d+)\]/.exec(rest);
    if (rest.startsWith('\\') && rest.length > 1) {
      pending += rest[1];
      position += 2;
    } else if (rest.startsWith('**') && (bold || rest.indexOf('**', 2) > 2)) {
      flush();
      bold = !bold;
      position += 2;
    } else if (citation) {
      flush();
      runs.push({ kind: 'citation', number: Number(citation[1]) });
      position += citation[0].length;
    } else {
      pending += rest[0];
      position += 1;
    }
  }
  flush();
  return runs;
}
