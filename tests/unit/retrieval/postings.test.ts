import { describe, expect, it } from 'vitest';
import { packPair } from '../../../src/core/retrieval/packed-pairs.ts';
import { invertingPairs, invertPairs } from '../../../src/core/retrieval/postings.ts';
import { runGivingWay } from '../../../src/core/time-slices.ts';

describe('invertPairs', () => {
  it('turns documents term-major, pausing now and then when run in slices', async () => {
    // 4,000 documents of 100 terms each, term t of document d with frequency 1 + (d + t) % 7.
    const documents = 4_000;
    const termsEach = 100;
    const pairs = new Uint32Array(documents * termsEach);
    const pairEnds = new Int32Array(documents);
    for (let document = 0; document < documents; document += 1) {
      for (let term = 0; term < termsEach; term += 1) {
        const termId = (document * 7 + term * 13) % 1_000;
        pairs[document * termsEach + term] = packPair(termId, 1 + ((document + term) % 7));
      }
      pairEnds[document] = (document + 1) * termsEach;
    }
    let pauses = 0;
    const sliced = await runGivingWay(invertingPairs(1_000, pairs, pairEnds), async () => {
      pauses += 1;
    });
    expect(pauses).toBeGreaterThan(2);
    const atOnce = invertPairs(1_000, pairs, pairEnds);
    expect(sliced).toEqual(atOnce);
    expect(atOnce.holders.reduce((sum, count) => sum + count, 0)).toBe(pairs.length);
    // Each list names its documents in rising order.
    let start = 0;
    for (const count of atOnce.holders) {
      const list = [...atOnce.pairs.subarray(start, start + count)].map((pair) => pair >>> 8);
      expect(list).toEqual([...list].sort((left, right) => left - right));
      start += count;
    }
  });
});
