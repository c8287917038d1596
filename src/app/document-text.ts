import type { Chunk } from '../core/types.ts';
import type { TextRange } from './library-types.ts';

/** Put where the stored chunks leave a stretch of the parsed text out (blocks are joined so). */
const GAP = '\n\n';
/** Chunks end where their text ends: the blank line between blocks is the only stretch they skip. */
const SEPARATOR_LENGTH = 2;

export interface RebuiltDocument {
  text: string;
  /** Where each chunk's text lies in `text`, by chunk id. */
  ranges: Map<string, TextRange>;
  /** Whether a stretch of the parsed text was in no chunk. */
  hasGaps: boolean;
}

/**
 * Rebuilds a document's parsed text from its chunks: chunks carry their `start`/`end` offsets into
 * that text, so their union is the text wherever a chunk covers it (overlaps are taken once) and a
 * blank line stands for each stretch no chunk covers (normally just the blank line between blocks).
 */
export function rebuildDocument(chunks: readonly Chunk[]): RebuiltDocument {
  const ordered = [...chunks].sort(
    (left, right) => left.start - right.start || right.end - left.end,
  );
  const pieces: string[] = [];
  const ranges = new Map<string, TextRange>();
  /** Offset into the parsed text up to which the output covers it, and the output's length. */
  let covered = ordered[0]?.start ?? 0;
  let length = 0;
  let hasGaps = covered > 0;
  for (const chunk of ordered) {
    if (chunk.start > covered) {
      hasGaps ||= chunk.start - covered > SEPARATOR_LENGTH;
      pieces.push(GAP);
      length += GAP.length;
      covered = chunk.start;
    }
    const shift = length - covered;
    const fresh = chunk.text.slice(Math.max(0, covered - chunk.start));
    pieces.push(fresh);
    length += fresh.length;
    covered = Math.max(covered, chunk.start + chunk.text.length);
    ranges.set(chunk.id, {
      start: chunk.start + shift,
      end: chunk.start + shift + chunk.text.length,
    });
  }
  return { text: pieces.join(''), ranges, hasGaps };
}
