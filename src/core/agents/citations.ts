/**
 * Citation checks, pure: a quote must appear verbatim (modulo whitespace) in the chunk it cites,
 * and an answer's `[n]` must name a verified quote; what fails is dropped, and the caller reports
 * it with {@link reportDrops} as `citation-drop` trace events.
 */
import { neutralisePassageText } from '../llm/prompt-fit.ts';
import type { Citation } from '../answer/strategy-answer.ts';
import type { Trace } from '../llm/trace.ts';

export interface ClaimedQuote {
  /** The chunk the quote claims to come from; undefined when it named no known passage. */
  chunkId: string | undefined;
  quote: string;
}

export interface VerifiedQuote {
  chunkId: string;
  quote: string;
}

export interface DroppedCitation {
  chunkId: string | undefined;
  quote?: string;
  number?: number;
  reason: 'unknown-passage' | 'not-in-passage' | 'empty-quote' | 'unknown-number';
}

/** Quote marks and ellipses a model may wrap a quote in. */
const WRAPPING = /^[\s"'“”‘’«»…]+|[\s"'“”‘’«»…]+$/g;

function comparable(text: string): string {
  return neutralisePassageText(text).replace(/\s+/g, ' ').trim();
}

/**
 * Keeps the quotes found in their chunk's text (`sources`, by chunk id). Both sides are
 * neutralised as passage text is in prompts, so a quote of a `<` the model saw as `‹` matches.
 */
export function verifyQuotes(
  quotes: readonly ClaimedQuote[],
  sources: ReadonlyMap<string, string>,
): { verified: VerifiedQuote[]; dropped: DroppedCitation[] } {
  const verified: VerifiedQuote[] = [];
  const dropped: DroppedCitation[] = [];
  for (const { chunkId, quote } of quotes) {
    const span = quote.replace(WRAPPING, '');
    const source = chunkId === undefined ? undefined : sources.get(chunkId);
    if (source === undefined) dropped.push({ chunkId, quote, reason: 'unknown-passage' });
    else if (comparable(span).length === 0) dropped.push({ chunkId, quote, reason: 'empty-quote' });
    else if (!comparable(source).includes(comparable(span))) {
      dropped.push({ chunkId, quote, reason: 'not-in-passage' });
    } else verified.push({ chunkId: chunkId as string, quote: span });
  }
  return { verified, dropped };
}

/**
 * The citations an answer's `[n]` markers name among `available` (by number), renumbered 1, 2, …
 * in order of first use; markers naming no available citation are removed and dropped.
 */
export function resolveCitations(
  text: string,
  available: ReadonlyMap<number, Citation>,
): { text: string; citations: Citation[]; dropped: DroppedCitation[] } {
  const renumbered = new Map<number, number>();
  const citations: Citation[] = [];
  const dropped: DroppedCitation[] = [];
  const rewritten = text.replace(/\s?\[(\d+)\]/g, (marker, digits: string) => {
    const number = Number(digits);
    const citation = available.get(number);
    if (!citation) {
      if (!dropped.some((drop) => drop.number === number)) {
        dropped.push({ chunkId: undefined, number, reason: 'unknown-number' });
      }
      return '';
    }
    let next = renumbered.get(number);
    if (next === undefined) {
      next = citations.length + 1;
      renumbered.set(number, next);
      citations.push({ ...citation, number: next });
    }
    return marker.replace(digits, String(next));
  });
  return { text: rewritten, citations, dropped };
}

/** One `citation-drop` event per dropped citation. */
export function reportDrops(trace: Trace, step: string, dropped: readonly DroppedCitation[]): void {
  for (const drop of dropped) trace.emitStep('citation-drop', step, { ...drop });
}
