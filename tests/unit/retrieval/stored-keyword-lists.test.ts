import { describe, expect, it } from 'vitest';
import type { KeywordBaseReader } from '../../../src/core/ports/store.ts';
import { Bm25Index } from '../../../src/core/retrieval/bm25.ts';
import { encodeBaseParts } from '../../../src/core/retrieval/keyword-base-format.ts';
import { joinBytes } from '../../../src/core/retrieval/keyword-segment-format.ts';
import { openListsOnDemand } from '../../../src/core/retrieval/stored-keyword-lists.ts';
import { analyze } from '../../../src/core/retrieval/text-analysis.ts';

/** Enough pairs (3,000 chunks of 100 words) that checking them all pauses at least once. */
function largeIndex(): Bm25Index {
  const index = new Bm25Index();
  index.add(
    Array.from({ length: 3000 }, (_, chunk) => ({
      id: `file${chunk}.md#0`,
      text: Array.from({ length: 100 }, (_, at) => `word${(chunk * 7 + at * 13) % 4000}`).join(' '),
    })),
  );
  return index;
}

describe('openListsOnDemand', () => {
  it('takes a search’s lists from the pairs read behind while they are checked, not from the store', async () => {
    const whole = largeIndex();
    const bytes = joinBytes(encodeBaseParts(whole.toBase()));
    const reads: [number, number][] = [];
    let pairsRead = false;
    const reader: KeywordBaseReader = {
      chunkCount: whole.size,
      generation: 1,
      size: bytes.length,
      held: undefined,
      read: async (start, end) => {
        reads.push([start, end]);
        pairsRead ||= end - start > bytes.length / 2; // the read behind: every pair in one read
        return bytes.slice(start, end);
      },
    };
    // Holds the read behind at its first pause after the pairs are in: checking them.
    let checking = () => {};
    const paused = new Promise<void>((resolve) => (checking = resolve));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const giveWay = async () => {
      if (!pairsRead) return;
      checking();
      await held;
    };
    const index = (await openListsOnDemand(
      reader,
      () => Promise.reject(new Error('damaged')),
      giveWay,
    ))!;
    const listReads = reads.length;
    await index.loadTerms(analyze('word1'));
    expect(reads.length).toBe(listReads + 1); // its own list; the rest now read behind
    await paused;
    await index.loadTerms(analyze('word2 word3999'));
    expect(reads.length).toBe(listReads + 2);
    expect(index.search('word2 word3999', 10)).toEqual(whole.search('word2 word3999', 10));
    release();
    await index.prepareChanges(async () => undefined);
    expect(index.search('word1 word7', 10)).toEqual(whole.search('word1 word7', 10));
  });
});
