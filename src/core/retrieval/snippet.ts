export interface CharacterRange {
  start: number;
  end: number;
}

export interface Snippet {
  text: string;
  /** The matches that fall inside the snippet, relative to its text. */
  matches: CharacterRange[];
  /** Whether text was left out before or after the snippet. */
  clippedStart: boolean;
  clippedEnd: boolean;
}

/** Characters of context kept before the first match in the window. */
const LEAD = 80;
/** Share of the window within which a match counts as shown early. */
const EARLY_SHARE = 0.4;

/**
 * The part of `text` (at most `maxChars` long) that shows the most distinct matched words,
 * starting at a sentence or word boundary shortly before them: a result shows why it matched,
 * not just how the passage begins.
 */
export function focusSnippet(
  text: string,
  matches: readonly CharacterRange[],
  maxChars = 280,
): Snippet {
  if (text.length <= maxChars) {
    return { text, matches: [...matches], clippedStart: false, clippedEnd: false };
  }
  let bestStart = 0;
  // From the top only when the words show early: a match near the end of the window could be
  // cut off by a narrow screen's line clamp.
  const firstMatch = matches[0]?.start ?? 0;
  let bestCount =
    distinctWords(text, matches, 0, maxChars) - (firstMatch > maxChars * EARLY_SHARE ? 0.5 : 0);
  for (const match of matches) {
    const start = Math.max(0, match.start - LEAD);
    const count = distinctWords(text, matches, start, start + maxChars);
    if (count > bestCount) {
      bestCount = count;
      bestStart = start;
    }
  }
  const start = bestStart === 0 ? 0 : boundaryAfter(text, bestStart, matches);
  const end = wordEndBefore(text, Math.min(text.length, start + maxChars));
  return {
    text: text.slice(start, end),
    matches: matches
      .filter((match) => match.start >= start && match.end <= end)
      .map((match) => ({ start: match.start - start, end: match.end - start })),
    clippedStart: start > 0,
    clippedEnd: end < text.length,
  };
}

function distinctWords(
  text: string,
  matches: readonly CharacterRange[],
  start: number,
  end: number,
): number {
  const words = new Set<string>();
  for (const match of matches) {
    if (match.start >= start && match.end <= end) {
      words.add(text.slice(match.start, match.end).toLowerCase());
    }
  }
  return words.size;
}

/** The last sentence start between `from` and the first match it must keep, else a word start. */
function boundaryAfter(text: string, from: number, matches: readonly CharacterRange[]): number {
  const firstMatch = matches.find((match) => match.start >= from)?.start ?? text.length;
  const sentence = /[.!?]\s+|\n/g;
  sentence.lastIndex = from;
  let boundary = -1;
  for (let found = sentence.exec(text); found; found = sentence.exec(text)) {
    const next = found.index + found[0].length;
    if (next > firstMatch) break;
    boundary = next;
  }
  if (boundary >= 0) return boundary;
  const space = text.indexOf(' ', from);
  return space >= 0 && space < firstMatch ? space + 1 : from;
}

function wordEndBefore(text: string, end: number): number {
  if (end >= text.length) return text.length;
  const space = text.lastIndexOf(' ', end);
  return space > 0 ? space : end;
}
