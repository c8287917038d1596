import type { TextRange } from './clients/library-client.ts';

export interface TextSegment {
  text: string;
  marked: boolean;
}

/**
 * Splits `text` into plain and marked runs at `ranges` (overlapping or unsorted ranges are
 * merged), for rendering as text nodes: document text is never turned into HTML.
 */
export function segmentText(text: string, ranges: readonly TextRange[]): TextSegment[] {
  const ordered = [...ranges]
    .map(({ start, end }) => ({ start: clamp(start, text), end: clamp(end, text) }))
    .filter(({ start, end }) => end > start)
    .sort((left, right) => left.start - right.start);
  const merged: TextRange[] = [];
  for (const range of ordered) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push(range);
  }
  const segments: TextSegment[] = [];
  let position = 0;
  for (const range of merged) {
    if (range.start > position)
      segments.push({ text: text.slice(position, range.start), marked: false });
    segments.push({ text: text.slice(range.start, range.end), marked: true });
    position = range.end;
  }
  if (position < text.length) segments.push({ text: text.slice(position), marked: false });
  return segments;
}

function clamp(offset: number, text: string): number {
  return Math.min(Math.max(offset, 0), text.length);
}
