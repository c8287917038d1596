import { describe, expect, it } from 'vitest';
import { DocumentPairs } from '../../../src/core/retrieval/document-pairs.ts';
import { packPair } from '../../../src/core/retrieval/packed-pairs.ts';

/** (term id, frequency) pairs, two numbers each, packed. */
const pairsOf = (...numbers: number[]) =>
  Uint32Array.from({ length: numbers.length / 2 }, (_, pair) =>
    packPair(numbers[pair * 2]!, numbers[pair * 2 + 1]!),
  );

describe('DocumentPairs', () => {
  it('keeps each slot its own pairs, term ids renamed when asked, across growth', () => {
    const pairs = DocumentPairs.empty();
    const documents = Array.from({ length: 300 }, (_, slot) =>
      pairsOf(...Array.from({ length: slot % 7 }, (__, pair) => [pair, slot + 1]).flat()),
    );
    for (const document of documents) pairs.append(document);
    pairs.append(pairsOf(0, 5, 2, 1), [10, 11, 12]);
    expect(pairs.slots).toBe(301);
    documents.forEach((document, slot) => expect(pairs.get(slot)).toEqual(document));
    expect(pairs.get(300)).toEqual(pairsOf(10, 5, 12, 1));
  });

  it('returns what it placed, and leaves the appended pairs as they were', () => {
    const pairs = DocumentPairs.empty();
    const source = pairsOf(1, 2, 0, 3);
    expect(pairs.append(source, [7, 8])).toEqual(pairsOf(8, 2, 7, 3));
    expect(source).toEqual(pairsOf(1, 2, 0, 3));
  });

  it("takes over a segment's pairs without copying, then appends after them", () => {
    const stored = pairsOf(4, 1, 5, 2, 6, 3);
    const pairs = DocumentPairs.of(stored, Int32Array.from([2, 2, 3]));
    expect(pairs.slots).toBe(3);
    expect(pairs.get(0)).toEqual(pairsOf(4, 1, 5, 2));
    expect(pairs.get(1)).toEqual(pairsOf());
    expect(pairs.get(2)).toEqual(pairsOf(6, 3));
    expect(pairs.get(0)!.buffer).toBe(stored.buffer);
    pairs.append(pairsOf(9, 9));
    expect(pairs.get(3)).toEqual(pairsOf(9, 9));
    expect(pairs.get(2)).toEqual(pairsOf(6, 3));
  });

  it('appends into the room left after the pairs it took over, without a copy', () => {
    const withRoom = new Uint32Array(3 + DocumentPairs.growthOf(3));
    withRoom.set(pairsOf(4, 1, 5, 2, 6, 3));
    const pairs = DocumentPairs.of(withRoom, Int32Array.from([2, 3]), true);
    expect(withRoom).toHaveLength(4);
    pairs.append(pairsOf(9, 9));
    expect(pairs.get(2)).toEqual(pairsOf(9, 9));
    expect(pairs.get(2)!.buffer).toBe(withRoom.buffer);
    pairs.append(pairsOf(8, 8));
    expect(pairs.get(3)!.buffer).not.toBe(withRoom.buffer); // full: grown by a copy
    expect([0, 1, 2, 3].map((slot) => [...pairs.get(slot)])).toEqual(
      [pairsOf(4, 1, 5, 2), pairsOf(6, 3), pairsOf(9, 9), pairsOf(8, 8)].map((each) => [...each]),
    );
  });

  it("rebuilds over its own pool, never over a segment's pairs", () => {
    const own = DocumentPairs.empty();
    own.append(pairsOf(1, 1, 2, 2));
    const target = own.rebuildTarget(2);
    expect(target.length).toBe(2);
    expect(target.buffer).toBe(own.get(0).buffer);

    const stored = pairsOf(4, 1, 5, 2);
    const borrowed = DocumentPairs.of(stored, Int32Array.from([2]));
    expect(borrowed.rebuildTarget(2).buffer).not.toBe(stored.buffer);
    borrowed.append(pairsOf(6, 1));
    expect(borrowed.rebuildTarget(3).buffer).toBe(borrowed.get(1).buffer);
    expect(stored).toEqual(pairsOf(4, 1, 5, 2));
  });
});
