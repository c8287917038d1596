/**
 * Markdown that is still arriving (an answer streaming in): the inline text that ends it is
 * open-ended. There a half-written `**bold`, `` `code `` or `[link](https://exa` already reads as
 * what it will be, and a marker that more text may complete (`**`, `` ` ``, `\`, `[1`) is held
 * back, so nothing flickers between updates. A markdown-it plugin, active when the parse's
 * environment says `streaming`; every other inline text reads as usual.
 */
import type { Env, MarkdownIt, StateCore, StateInline, Token } from 'markdown-it';

/** The environment key that asks for an open-ended end. */
export const STREAMING = 'streaming';
/** The environment key holding the source of the inline text being read when it is open-ended. */
const OPEN_ENDED_SOURCE = 'openEndedSource';

const BACKTICK = 0x60;
const STAR = 0x2a;
const UNDERSCORE = 0x5f;
const OPENING_BRACKET = 0x5b;
const OPENING_PARENTHESIS = 0x28;
/** A destination longer than this, still being written, is not read as a link yet. */
const MAXIMUM_DESTINATION_CHARACTERS = 2048;

export function openEnded(markdown: MarkdownIt): void {
  markdown.core.ruler.at('inline', readInlines);
  markdown.inline.ruler.before('backticks', 'code_to_end', codeToEnd);
  markdown.inline.ruler.after('link', 'link_to_end', linkToEnd);
  markdown.inline.ruler2.before('emphasis', 'emphasis_to_end', closeEmphasisAtEnd);
}

/** markdown-it's own inline step, marking the open-ended text and holding back its last marker. */
function readInlines(state: StateCore): void {
  const open = state.env[STREAMING] === true ? openEndedInline(state.tokens) : undefined;
  if (open) open.content = withoutPendingMarker(open.content);
  for (const token of state.tokens) {
    if (token.type !== 'inline') continue;
    state.env[OPEN_ENDED_SOURCE] = token === open ? token.content : undefined;
    token.children ??= [];
    state.md.inline.parse(token.content, state.md, state.env, token.children);
  }
  state.env[OPEN_ENDED_SOURCE] = undefined;
}

/** The last inline text, when nothing but the ends of its blocks follows it. */
function openEndedInline(tokens: readonly Token[]): Token | undefined {
  for (let index = tokens.length - 1; index >= 0; index -= 1) {
    const token = tokens[index];
    if (token?.type === 'inline') return token;
    if (token?.nesting !== -1) return undefined;
  }
  return undefined;
}

function isOpenEnded(state: StateInline): boolean {
  return (state.env as Env)[OPEN_ENDED_SOURCE] === state.src;
}

/** A backtick run that nothing closes: code to the end. */
function codeToEnd(state: StateInline, silent: boolean): boolean {
  if (!isOpenEnded(state) || state.src.charCodeAt(state.pos) !== BACKTICK) return false;
  let end = state.pos;
  while (end < state.posMax && state.src.charCodeAt(end) === BACKTICK) end += 1;
  if (hasClosingRun(state.src, end - state.pos, end, state.posMax)) return false;
  if (!silent) {
    const token = state.push('code_inline', 'code', 0);
    token.content = codeSpanText(state.src.slice(end, state.posMax));
  }
  state.pos = state.posMax;
  return true;
}

/** `[text](url` with no `)` yet and no space in the URL, reaching the end: a link to the end. */
function linkToEnd(state: StateInline, silent: boolean): boolean {
  if (!isOpenEnded(state) || state.src.charCodeAt(state.pos) !== OPENING_BRACKET) return false;
  if (state.posMax !== state.src.length || lastLabelEnd(state.src) < state.pos) return false;
  const labelEnd = state.md.helpers.parseLinkLabel(state, state.pos, true);
  if (labelEnd < 0 || state.src.charCodeAt(labelEnd + 1) !== OPENING_PARENTHESIS) return false;
  // Measured before it is sliced: a long run of `[a](` stays linear.
  if (state.posMax - labelEnd - 2 > MAXIMUM_DESTINATION_CHARACTERS) return false;
  const destination = state.src.slice(labelEnd + 2).trim();
  if (/\s/.test(destination)) return false;
  if (!silent) {
    const end = state.posMax;
    state.pos += 1;
    state.posMax = labelEnd;
    state.push('link_open', 'a', 1).attrs = [['href', destination.replace(/^</, '')]];
    state.linkLevel += 1;
    state.md.inline.tokenize(state);
    state.linkLevel -= 1;
    state.push('link_close', 'a', -1);
    state.posMax = end;
  }
  state.pos = state.posMax;
  return true;
}

/** Closes every `*` and `_` opener left open, innermost first, as if the text went on. */
function closeEmphasisAtEnd(state: StateInline): boolean {
  if (!isOpenEnded(state)) return false;
  const delimiters = state.delimiters;
  const openers = delimiters.filter(
    (delimiter) =>
      (delimiter.marker === STAR || delimiter.marker === UNDERSCORE) &&
      delimiter.open &&
      delimiter.end === -1,
  );
  for (const opener of openers.reverse()) {
    state.push('text', '', 0).content = String.fromCharCode(opener.marker);
    opener.end = delimiters.length;
    delimiters.push({
      marker: opener.marker,
      length: 0,
      token: state.tokens.length - 1,
      end: -1,
      open: false,
      close: true,
    });
  }
  return true;
}

/** Whether a run of exactly `length` backticks starts in `[from, to)` of `source`. */
function hasClosingRun(source: string, length: number, from: number, to: number): boolean {
  const starts = backtickRuns(source).get(length) ?? [];
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((starts[middle] ?? 0) < from) low = middle + 1;
    else high = middle;
  }
  return (starts[low] ?? to) < to;
}

let labelEndCache: { source: string; index: number } | undefined;

/** Where the last `](` of `source` is (-1 when none): no link can start after it. */
function lastLabelEnd(source: string): number {
  if (labelEndCache?.source !== source) {
    labelEndCache = { source, index: source.lastIndexOf('](') };
  }
  return labelEndCache.index;
}

let runsCache: { source: string; runs: Map<number, number[]> } | undefined;

/** Where each maximal run of backticks in `source` starts, by its length (kept for one source). */
function backtickRuns(source: string): Map<number, number[]> {
  if (runsCache?.source === source) return runsCache.runs;
  const runs = new Map<number, number[]>();
  for (let index = 0; index < source.length;) {
    if (source.charCodeAt(index) !== BACKTICK) {
      index += 1;
      continue;
    }
    const start = index;
    while (source.charCodeAt(index) === BACKTICK) index += 1;
    const starts = runs.get(index - start) ?? [];
    starts.push(start);
    runs.set(index - start, starts);
  }
  runsCache = { source, runs };
  return runs;
}

/** A code span's text: line ends as spaces, one space stripped from each side when both have one. */
function codeSpanText(raw: string): string {
  const text = raw.replaceAll('\n', ' ');
  const padded = text.length >= 2 && text.startsWith(' ') && text.endsWith(' ');
  return padded && text.trim() !== '' ? text.slice(1, -1) : text;
}

/**
 * The text without a marker at its very end that more text may still complete: `*`, `_`,
 * backticks, a backslash, a citation being written (`[`, `[1`), or a last line of only `|` (a
 * table's first row, no cell yet).
 */
function withoutPendingMarker(text: string): string {
  const lastLine = text.lastIndexOf('\n') + 1;
  if (/^[ |]+$/.test(text.slice(lastLine))) return text.slice(0, lastLine).trimEnd();
  let end = text.length;
  while (end > 0 && '*_`\\'.includes(text[end - 1] ?? '')) end -= 1;
  let digits = end;
  while (digits > 0 && isDigit(text[digits - 1] ?? '')) digits -= 1;
  if (digits > 0 && text[digits - 1] === '[' && end - digits <= 4) end = digits - 1;
  return text.slice(0, end);
}

function isDigit(character: string): boolean {
  return character >= '0' && character <= '9';
}
