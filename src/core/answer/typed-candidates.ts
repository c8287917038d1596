import type { SentenceToken } from './sentence-tokens.ts';

/** A character range in the passage text, end exclusive. */
export interface Span {
  start: number;
  end: number;
}

const MONTH =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December|' +
  'Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\\.?';
const YEAR = '\\d{3,4}(?:\\s?(?:AD|BC|BCE|CE))?';
const DATE = new RegExp(
  [
    `\\b\\d{1,2}\\s+${MONTH},?\\s+${YEAR}\\b`,
    `\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+${YEAR}\\b`,
    `\\b${MONTH}\\s+(?:of\\s+)?${YEAR}\\b`,
    `\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?\\b`,
    `\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}`,
    `\\b(?:early|mid|late)[\\s-]\\d{3,4}s?\\b`,
    `\\b\\d{1,2}(?:st|nd|rd|th)[\\s-]century\\b`,
    `\\b\\d{3,4}s\\b`,
    `\\b(?:1\\d{3}|20\\d{2})\\b`,
    `\\b\\d{2,4}\\s?(?:AD|BC|BCE|CE)\\b`,
    `\\b${MONTH}\\b`,
  ].join('|'),
  'g',
);

const NUMBER_WORD =
  '(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|' +
  'sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|' +
  'hundred|thousand|dozen|several|half)';
const NUMBER = new RegExp(
  `(?:[$£€]\\s?)?(?:\\b\\d(?:[\\d,]*\\d)?(?:\\.\\d+)?|\\b${NUMBER_WORD}(?:[\\s-]${NUMBER_WORD})*\\b)` +
    `(?:\\s?(?:%|percent\\b|per\\s?cent\\b))?` +
    `(?:\\s(?:million|billion|trillion|thousand|hundred)\\b)?`,
  'gi',
);

/** Lower-case words that join the parts of a name: "Ludwig van Beethoven", "House of Commons". */
const NAME_JOINERS: ReadonlySet<string> = new Set(
  'van von der de da di del la le bin of upon on &'.split(' '),
);
/** Capitalised words that start a sentence or a clause; they end a name rather than join it. */
const NOT_NAMES =
  /^(?:The|A|An|In|On|At|By|For|From|Of|To|With|As|It|He|She|They|This|These|That|Those|His|Her|Its|Their|After|Before|During|While|When|Since|However|Although|But|And|Or|There|Many|Some|Most|Other|Such)$/;

/** Date spans of the sentence ("1 October 1998", "the 1990s", "May"), outermost only. */
export function dateSpans(text: string, sentence: Span): Span[] {
  return outermost(patternSpans(text, sentence, DATE));
}

/** Number spans of the sentence with a unit when one follows ("63 days", "$5 million"). */
export function numberSpans(
  text: string,
  sentence: Span,
  tokens: readonly SentenceToken[],
): Span[] {
  return outermost(patternSpans(text, sentence, NUMBER)).map((span) => withUnit(span, tokens));
}

/** Runs of capitalised words joined by name particles ("Ludwig van Beethoven", "Bank of England"). */
export function nameSpans(tokens: readonly SentenceToken[]): Span[] {
  return capitalisedRuns(tokens, NAME_JOINERS);
}

function patternSpans(text: string, sentence: Span, pattern: RegExp): Span[] {
  const body = text.slice(sentence.start, sentence.end);
  return [...body.matchAll(pattern)].map((match) => ({
    start: sentence.start + match.index,
    end: sentence.start + match.index + match[0].trimEnd().length,
  }));
}

/** Drops spans inside a longer one ("1998" inside "1 October 1998"). */
function outermost(spans: Span[]): Span[] {
  return spans.filter(
    (span) =>
      !spans.some(
        (other) =>
          other !== span &&
          other.start <= span.start &&
          other.end >= span.end &&
          other.end - other.start > span.end - span.start,
      ),
  );
}

/** "63" becomes "63 days" when a lower-case content word follows in the same clause. */
function withUnit(span: Span, tokens: readonly SentenceToken[]): Span {
  const last = tokens.findIndex((token) => token.end >= span.end);
  const current = tokens[last];
  const next = tokens[last + 1];
  if (!current || !next || current.clauseEnd || current.end !== span.end) return span;
  if (next.term === null || next.capitalised) return span;
  return { start: span.start, end: next.end };
}

/** Runs of capitalised words (joined by name particles), without function words or lone initials. */
function capitalisedRuns(tokens: readonly SentenceToken[], joiners: ReadonlySet<string>): Span[] {
  const runs: Span[] = [];
  let run: SentenceToken[] = [];
  const close = () => {
    while (run.length > 0 && joiners.has(run.at(-1)?.text ?? '')) run.pop();
    const first = run[0];
    const last = run.at(-1);
    const worded = run.some((token) => /\p{L}{2}/u.test(token.text));
    if (first && last && worded) runs.push({ start: first.start, end: last.end });
    run = [];
  };
  for (const token of tokens) {
    const name = /^\p{Lu}/u.test(token.text) && !NOT_NAMES.test(token.text);
    const joiner = run.length > 0 && joiners.has(token.text);
    if (token.clauseStart) close();
    if (name || joiner) run.push(token);
    else close();
    if (token.clauseEnd) close();
  }
  close();
  return runs;
}
