/**
 * Properties of keyword search (BM25 with incremental add and remove, query expansion), rank
 * fusion and the hybrid search over several collections, on arbitrary documents and queries.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findTermMatches } from '../../src/app/term-matches.ts';
import { ExactIndex } from '../../src/adapters/vector/exact-index.ts';
import { Bm25Index } from '../../src/core/retrieval/bm25.ts';
import { CollectionIndex } from '../../src/core/retrieval/collection-index.ts';
import type { KeywordSegment } from '../../src/core/ports/lexical-index.ts';
import { analyzeDocuments } from '../../src/core/retrieval/keyword-segment.ts';
import { reciprocalRankFusion, type RankedList } from '../../src/core/retrieval/fusion.ts';
import { searchIndexes, type SearchMode } from '../../src/core/retrieval/hybrid-search.ts';
import { analyze } from '../../src/core/retrieval/text-analysis.ts';
import { topHits } from '../../src/core/retrieval/top-hits.ts';
import type { Chunk, SearchHit } from '../../src/core/types.ts';
import { anyText, PROSE, textOf } from './arbitraries.ts';
import { checkAsyncProperty, checkProperty, testTimeout } from './runs.ts';

/** A small vocabulary, so documents and queries share terms; stop words and inflections too. */
const VOCABULARY = [
  'lake',
  'lakes',
  'station',
  'stations',
  'founded',
  'found',
  'the',
  'of',
  'VH-7',
  '312',
  'Café',
  'cafe',
  'naïve',
  "heron's",
  'ΩMEGA',
  '中文',
  'running',
  'a',
];

const words = fc
  .array(fc.constantFrom(...VOCABULARY), { maxLength: 30 })
  .map((parts) => parts.join(' '));
const documentText = fc.oneof({ weight: 4, arbitrary: words }, { weight: 1, arbitrary: anyText });
const query = fc.oneof({ weight: 4, arbitrary: words }, { weight: 1, arbitrary: anyText });
const id = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'B', 'a#1') },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
);
const k = fc.oneof(fc.integer({ min: -2, max: 12 }), fc.constant(1_000));

type Operation = { add: { id: string; text: string }[] } | { remove: string[] };

const operations: fc.Arbitrary<Operation[]> = fc.array(
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        add: fc.array(fc.record({ id, text: documentText }), { maxLength: 8 }),
      }),
    },
    { weight: 1, arbitrary: fc.record({ remove: fc.array(id, { maxLength: 4 }) }) },
  ),
  { maxLength: 8 },
);

/** Runs the operations on a new index; returns it with the documents it should now hold. */
function build(steps: Operation[]): { index: Bm25Index; documents: Map<string, string> } {
  const index = new Bm25Index();
  const documents = new Map<string, string>();
  for (const step of steps) {
    if ('add' in step) {
      index.add(step.add);
      for (const document of step.add) {
        documents.delete(document.id);
        documents.set(document.id, document.text);
      }
    } else {
      index.remove(step.remove);
      for (const removed of step.remove) documents.delete(removed);
    }
  }
  return { index, documents };
}

/** BM25 computed from scratch over `documents`, as the index should: k1 1.2, b 0.75. */
function referenceScores(
  documents: Map<string, string>,
  terms: ReadonlyMap<string, number>,
): Map<string, number> {
  const analyzed = new Map([...documents].map(([key, text]) => [key, analyze(text)]));
  const count = analyzed.size;
  let total = 0;
  for (const tokens of analyzed.values()) total += tokens.length;
  const average = total / count || 1;
  const scores = new Map<string, number>();
  for (const [term, weight] of terms) {
    const holders = [...analyzed].filter(([, tokens]) => tokens.includes(term));
    if (holders.length === 0) continue;
    const idf = weight * Math.log(1 + (count - holders.length + 0.5) / (holders.length + 0.5));
    for (const [key, tokens] of holders) {
      const frequency = tokens.filter((token) => token === term).length;
      const norm = 1.2 * (1 - 0.75 + (0.75 * tokens.length) / average);
      scores.set(key, (scores.get(key) ?? 0) + (idf * frequency * 2.2) / (frequency + norm));
    }
  }
  return scores;
}

/** Best first, ties by id; unique ids; finite scores; at most `k` (none for k <= 0). */
function expectRanking(
  hits: readonly SearchHit[],
  limit: number,
  known: ReadonlySet<string>,
): void {
  expect(hits.length).toBeLessThanOrEqual(Math.max(0, limit));
  expect(new Set(hits.map((hit) => hit.id)).size).toBe(hits.length);
  for (const [position, hit] of hits.entries()) {
    expect(known.has(hit.id)).toBe(true);
    expect(Number.isFinite(hit.score)).toBe(true);
    const next = hits[position + 1];
    if (next) {
      expect(hit.score > next.score || (hit.score === next.score && hit.id < next.id)).toBe(true);
    }
  }
}

/** The documents of `ids` that `documents` holds, counted as feedback (what a search reads). */
function counted(documents: ReadonlyMap<string, string>, ids: readonly string[]): KeywordSegment {
  return analyzeDocuments(
    ids.flatMap((id) => (documents.has(id) ? [{ id, text: documents.get(id)! }] : [])),
  );
}

function sameScores(actual: Map<string, number>, expected: Map<string, number>): void {
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [key, score] of expected) {
    expect(actual.get(key)).toBeCloseTo(score, 9);
  }
}

describe('BM25 (property)', () => {
  it(
    'search ranks the held documents by the BM25 score, best first, at most k, deterministically',
    () => {
      checkProperty(fc.tuple(operations, query, k), ([steps, text, limit]) => {
        const { index, documents } = build(steps);
        expect(index.size).toBe(documents.size);
        const hits = index.search(text, limit);
        expectRanking(hits, limit, new Set(documents.keys()));
        for (const hit of hits) expect(hit.score).toBeGreaterThan(0);
        const expected = referenceScores(
          documents,
          new Map(analyze(text).map((term) => [term, 1])),
        );
        const all = index.search(text, documents.size + 1);
        sameScores(new Map(all.map((hit) => [hit.id, hit.score])), expected);
        expect(hits).toEqual(all.slice(0, Math.max(0, limit)));
        expect(index.search(text, limit)).toEqual(hits);
      });
    },
    testTimeout(),
  );

  it(
    'an index built by adds and removes ranks as one built from its final documents',
    () => {
      checkProperty(fc.tuple(operations, query), ([steps, text]) => {
        const { index, documents } = build(steps);
        const fresh = new Bm25Index();
        fresh.add([...documents].map(([key, value]) => ({ id: key, text: value })));
        const incremental = index.search(text, 1_000);
        const rebuilt = fresh.search(text, 1_000);
        expect(incremental.map((hit) => hit.id)).toEqual(rebuilt.map((hit) => hit.id));
        for (const [position, hit] of incremental.entries()) {
          expect(hit.score).toBeCloseTo(rebuilt[position]!.score, 9);
        }
        const feedback = counted(documents, [...documents.keys()].slice(0, 3));
        expect(index.expandQuery(text, feedback)).toEqual(fresh.expandQuery(text, feedback));
      });
    },
    testTimeout(),
  );

  it(
    'compact changes no ranking, score or expansion, then and after more adds and removes',
    () => {
      checkProperty(fc.tuple(operations, operations, query), ([steps, later, text]) => {
        const { index: compacted, documents } = build(steps);
        const { index: grown } = build(steps);
        compacted.compact();
        const feedback = counted(documents, [...documents.keys()].slice(0, 3));
        const same = () => {
          expect(compacted.size).toBe(grown.size);
          expect(compacted.search(text, 1_000)).toEqual(grown.search(text, 1_000));
          expect(compacted.expandQuery(text, feedback)).toEqual(grown.expandQuery(text, feedback));
        };
        same();
        for (const step of later) {
          for (const index of [compacted, grown]) {
            if ('add' in step) index.add(step.add);
            else index.remove(step.remove);
          }
        }
        same();
      });
    },
    testTimeout(),
  );

  it(
    'expandQuery keeps the query terms at weight 1 and adds terms weighted in (0, 1]; searchTerms ranks with them',
    () => {
      const feedback = fc.array(id, { maxLength: 4 });
      checkProperty(fc.tuple(operations, query, feedback, k), ([steps, text, ids, limit]) => {
        const { index, documents } = build(steps);
        const terms = index.expandQuery(text, counted(documents, ids));
        for (const term of analyze(text)) expect(terms.get(term)).toBe(1);
        for (const weight of terms.values()) {
          expect(Number.isFinite(weight) && weight > 0 && weight <= 1).toBe(true);
        }
        expect(index.expandQuery(text, counted(documents, ids))).toEqual(terms);
        const hits = index.searchTerms(terms, limit);
        expectRanking(hits, limit, new Set(documents.keys()));
        for (const hit of hits) expect(hit.score).toBeGreaterThan(0);
        const all = index.searchTerms(terms, documents.size + 1);
        sameScores(
          new Map(all.map((hit) => [hit.id, hit.score])),
          referenceScores(documents, terms),
        );
      });
    },
    testTimeout(),
  );
});

const ids = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j');

/** Words of several scripts and forms: CJK runs, kana with voicing marks, accents, full width. */
const WORLD_TEXT = textOf([
  ...PROSE,
  '東京駅',
  '日本語の',
  '文書',
  'データ',
  'ﾃﾞｰﾀ',
  '서울특별시',
  'naïve',
  'e\u0301',
  'Ｆｕｌｌ',
  'ﬁle',
  "heron's",
  'ケース',
  '中',
  '。',
  ' ',
  '\ud800',
]);

describe('text analysis (property)', () => {
  it(
    'turns any text into non-empty terms; the marks of any query lie in the text, sorted, apart, each holding a query term',
    () => {
      const text = fc.oneof(anyText, WORLD_TEXT);
      checkProperty(fc.tuple(text, text), ([document, query]) => {
        const terms = analyze(document);
        for (const term of terms) expect(term.length).toBeGreaterThan(0);
        expect(analyze(document)).toEqual(terms);
        const queryTerms = new Set(analyze(query));
        let previousEnd = -1;
        for (const { start, end } of findTermMatches(query, document)) {
          expect(start).toBeGreaterThan(previousEnd);
          expect(end).toBeGreaterThan(start);
          expect(end).toBeLessThanOrEqual(document.length);
          expect(analyze(document.slice(start, end)).some((term) => queryTerms.has(term))).toBe(
            true,
          );
          previousEnd = end;
        }
      });
    },
    testTimeout(),
  );
});

describe('top hits (property)', () => {
  it(
    'keeps what sorting every entry (score down, then id) and taking the first k keeps',
    () => {
      const scores = fc.array(fc.tuple(ids, fc.constantFrom(0, 0.5, 1, 2, -1, 1e-9)), {
        maxLength: 12,
      });
      checkProperty(fc.tuple(scores, k), ([entries, limit]) => {
        const map = new Map(entries);
        const sorted = [...map]
          .map(([id, score]) => ({ id, score }))
          .sort((left, right) => right.score - left.score || (left.id < right.id ? -1 : 1));
        expect(topHits(map, limit)).toEqual(sorted.slice(0, Math.max(0, limit)));
      });
    },
    testTimeout(),
  );
});

/** A ranked list: unique ids with falling scores, and a weight (or the default 1). */
const rankedList: fc.Arbitrary<RankedList> = fc
  .record(
    {
      ids: fc.uniqueArray(ids, { maxLength: 10 }),
      weight: fc.double({ min: 0.01, max: 10, noNaN: true }),
    },
    { requiredKeys: ['ids'] },
  )
  .map(({ ids: ranked, weight }) => {
    const hits = ranked.map((hit, index) => ({ id: hit, score: 1 - index / 10 }));
    return weight === undefined ? { hits } : { hits, weight };
  });

const fusionCase = fc.record({
  lists: fc.array(rankedList, { maxLength: 5 }),
  k,
  constant: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
});

function fuse(lists: readonly RankedList[], limit: number, constant?: number): SearchHit[] {
  return constant === undefined
    ? reciprocalRankFusion(lists, limit)
    : reciprocalRankFusion(lists, limit, constant);
}

describe('reciprocal rank fusion (property)', () => {
  it(
    'ranks the union of the lists by the sum of weight / (constant + rank), best first, at most k',
    () => {
      checkProperty(fusionCase, ({ lists, k: limit, constant }) => {
        const union = new Set(lists.flatMap((list) => list.hits.map((hit) => hit.id)));
        const fused = fuse(lists, limit, constant);
        expectRanking(fused, limit, union);
        expect(fused).toHaveLength(Math.min(Math.max(0, limit), union.size));
        const expected = new Map<string, number>();
        for (const list of lists) {
          list.hits.forEach((hit, index) => {
            const score = (list.weight ?? 1) / ((constant ?? 60) + index + 1);
            expected.set(hit.id, (expected.get(hit.id) ?? 0) + score);
          });
        }
        for (const hit of fused) {
          expect(hit.score).toBeGreaterThan(0);
          expect(hit.score).toBeCloseTo(expected.get(hit.id)!, 12);
        }
        expect(fuse(lists, limit, constant)).toEqual(fused);
      });
    },
    testTimeout(),
  );

  it(
    'a list of weight 0 changes no score: its new ids come last with score 0',
    () => {
      checkProperty(
        fc.tuple(fusionCase, fc.uniqueArray(ids, { maxLength: 10 })),
        ([{ lists, constant }, extra]) => {
          const zero: RankedList = { hits: extra.map((hit) => ({ id: hit, score: 1 })), weight: 0 };
          const before = fuse(lists, 1_000, constant);
          const after = fuse([...lists, zero], 1_000, constant);
          expect(after.slice(0, before.length)).toEqual(before);
          for (const hit of after.slice(before.length)) expect(hit.score).toBe(0);
        },
      );
    },
    testTimeout(),
  );

  it(
    'a document every list ranks first comes first',
    () => {
      checkProperty(fc.tuple(fusionCase, ids), ([{ lists, k: limit, constant }, champion]) => {
        const led = lists.map((list) => ({
          ...list,
          hits: [{ id: champion, score: 2 }, ...list.hits.filter((hit) => hit.id !== champion)],
        }));
        const fused = fuse(led, Math.max(1, limit), constant);
        expect(fused[0]?.id).toBe(led.length > 0 ? champion : undefined);
      });
    },
    testTimeout(),
  );
});

const DIM = 4;

const collectionCase = fc.record({
  chunks: fc.array(
    fc.record({
      text: documentText,
      vector: fc.array(fc.double({ min: -1, max: 1, noNaN: true }), {
        minLength: DIM,
        maxLength: DIM,
      }),
    }),
    { maxLength: 12 },
  ),
  /** The query vector of this collection's model, if it has one. */
  model: fc.constantFrom(0, 1, undefined),
});

const searchCase = fc.record({
  collections: fc.array(collectionCase, { maxLength: 3 }),
  query,
  queryVectors: fc.array(
    fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: DIM, maxLength: DIM }),
    { minLength: 2, maxLength: 2 },
  ),
  mode: fc.constantFrom<SearchMode>('bm25', 'dense', 'hybrid'),
  k: fc.integer({ min: 0, max: 15 }),
});

describe('hybrid search (property)', () => {
  it(
    'returns at most k chunks, each once, from the collection that holds it, best first',
    async () => {
      await checkAsyncProperty(
        searchCase,
        async ({ collections, query: text, queryVectors, mode, k: limit }) => {
          const vectors = queryVectors.map((vector) => Float32Array.from(vector));
          const owners = new Map<string, string>();
          const stored = new Map<string, Chunk>();
          const indexes = collections.map((collection, number) => {
            const collectionId = `c${number}`;
            const index = new CollectionIndex(collectionId, new ExactIndex(DIM), new Bm25Index());
            collection.chunks.forEach((piece, ordinal) => {
              const fileId = `${collectionId}/f${ordinal}`;
              const chunk: Chunk = {
                id: `${fileId}#0`,
                collectionId,
                fileId,
                path: `f${ordinal}.txt`,
                ordinal: 0,
                text: piece.text,
                start: 0,
                end: piece.text.length,
                headingPath: [],
              };
              owners.set(chunk.id, collectionId);
              stored.set(chunk.id, chunk);
              index.putFile(fileId, [chunk], Float32Array.from(piece.vector));
            });
            return index;
          });
          const models = new Map(
            collections.map((collection, number) => [`c${number}`, collection.model]),
          );
          const vectorFor = (collectionId: string): Float32Array | undefined => {
            const model = models.get(collectionId);
            return model === undefined ? undefined : vectors[model];
          };
          const readChunks = async (ids: readonly string[]) => ids.map((id) => stored.get(id));
          const request = { text, vectorFor, mode, k: limit, readChunks };
          const results = await searchIndexes(indexes, request);
          expect(results.length).toBeLessThanOrEqual(limit);
          expect(new Set(results.map((result) => result.id)).size).toBe(results.length);
          for (const [position, result] of results.entries()) {
            expect(result.collectionId).toBe(owners.get(result.id));
            expect(Number.isFinite(result.score)).toBe(true);
            const next = results[position + 1];
            if (next) expect(result.score).toBeGreaterThanOrEqual(next.score);
            for (const rank of [result.lexicalRank, result.denseRank]) {
              if (rank !== undefined) expect(Number.isInteger(rank) && rank >= 1).toBe(true);
            }
            if (mode === 'bm25') expect(result.lexicalRank).toBe(position + 1);
            if (mode === 'dense') expect(result.denseRank).toBeDefined();
          }
          expect(await searchIndexes(indexes, request)).toEqual(results);
        },
      );
    },
    testTimeout(),
  );
});
