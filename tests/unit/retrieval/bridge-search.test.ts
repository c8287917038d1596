/**
 * Multi-hop retrieval through bridge entities (`bridgeSearch`), over a fake search: entity
 * extraction and ranking, a passage only the second hop finds, the first hop kept on top, the
 * bound on the work, and abort.
 */
import { describe, expect, it } from 'vitest';
import {
  extractEntities,
  nameRuns,
  passageTitle,
} from '../../../src/core/retrieval/bridge-entities.ts';
import { rankBridgeEntities } from '../../../src/core/retrieval/bridge-ranking.ts';
import {
  bridgeSearch,
  secondHopQuery,
  type RankedPassage,
} from '../../../src/core/retrieval/bridge-search.ts';
import { analyze } from '../../../src/core/retrieval/text-analysis.ts';

/** One passage per file, the file named after the title. */
function passage(title: string, body: string): RankedPassage {
  const file = title.toLowerCase().replace(/\W+/g, '-');
  return { id: `${file}#0`, fileKey: `${file}.md`, text: `# ${title}\n\n${body}`, score: 0 };
}

const CORPUS = [
  passage(
    'Mira Castellan',
    'Mira Castellan is a Portuguese painter. In 2004 she married the conductor Tobias Wendt.',
  ),
  passage('Tobias Wendt', 'Tobias Wendt led the Halvorsen Philharmonic from 1998 to 2010.'),
  passage('Castellan family', 'The Castellan family were wine merchants; husband and wife ran it.'),
  passage('Orchestra', 'An orchestra is a large ensemble; a conductor directs the orchestra.'),
  passage('Conducting', 'To conduct an orchestra is to direct it with a baton.'),
  passage('Orchestra seating', 'Which seats does an orchestra use? Strings sit at the front.'),
  passage('Marriage customs', 'A husband and a wife exchange rings in many customs.'),
  passage('Halvorsen', 'Halvorsen is a town on the coast with a small harbour.'),
];

const QUESTION = 'Which orchestra did the husband of Mira Castellan conduct?';

/** Keyword search over `corpus`: passages sharing terms with the query, most shared first. */
function fakeSearch(calls: string[] = [], corpus = CORPUS) {
  return async (query: string, k: number, signal?: AbortSignal) => {
    signal?.throwIfAborted();
    calls.push(query);
    const terms = new Set(analyze(query));
    return corpus
      .map((item) => ({
        ...item,
        score: new Set(analyze(item.text).filter((term) => terms.has(term))).size,
      }))
      .filter((item) => item.score > 0)
      .sort((left, right) => right.score - left.score || left.id.localeCompare(right.id))
      .slice(0, k);
  };
}

describe('extractEntities', () => {
  it('finds names, quoted titles, dates and the title', () => {
    const text =
      'Anna Benson (born February 12, 1976) married pitcher Kris Benson. She read "The Hobbit" ' +
      'in the Liberal Party of Australia offices in 1999.';
    const found = extractEntities(text, 'Anna Benson').map(({ kind, text }) => `${kind}:${text}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'title:Anna Benson',
        'name:Anna Benson',
        'date:February 12, 1976',
        'name:Kris Benson',
        'quoted:Hobbit',
        'name:Liberal Party of Australia',
        'date:1999',
      ]),
    );
  });

  it('leaves out a sentence-initial word alone, leading stop words and bare months', () => {
    expect(nameRuns('Shortly after, The Beatles played Miracle on 34th Street.')).toEqual([
      'Beatles',
      'Miracle on 34th Street',
    ]);
    expect(nameRuns('In October the band, Tom Benson said, split up.')).toEqual(['Tom Benson']);
  });

  it('keeps the words of the sentence around a mention as its context', () => {
    const [kris] = extractEntities('She married pitcher Kris Benson.');
    expect(kris!.terms).toEqual(['kris', 'benson']);
    expect(kris!.context).toEqual(analyze('She married pitcher'));
  });

  it('reads a Markdown heading as the title when none is given', () => {
    expect(passageTitle('# Kris Benson\n\nText')).toBe('Kris Benson');
    expect(passageTitle('Plain text', 'Given')).toBe('Given');
    expect(passageTitle('Plain text')).toBeUndefined();
  });
});

describe('rankBridgeEntities', () => {
  it('skips entities the question names and ranks the best-placed, question-near ones first', () => {
    const ranked = rankBridgeEntities(QUESTION, CORPUS, 5).map((entity) => entity.text);
    expect(ranked).not.toContain('Mira Castellan');
    expect(ranked[0]).toBe('Tobias Wendt');
  });

  it('searches an entity with the question words its source passage lacks', () => {
    const [entity] = rankBridgeEntities(QUESTION, CORPUS, 5);
    // "Which" and "did" are stop words; "Mira Castellan" is in the source passage.
    expect(secondHopQuery(QUESTION, entity!)).toBe('Tobias Wendt orchestra husband conduct');
  });
});

describe('bridgeSearch', () => {
  it('brings in a passage that only the bridge entity leads to', async () => {
    const firstHop = await fakeSearch()(QUESTION, 5);
    expect(firstHop.map((item) => item.fileKey)).not.toContain('tobias-wendt.md');
    const fused = await bridgeSearch(fakeSearch(), QUESTION, { k: 6 });
    expect(fused.map((item) => item.fileKey)).toContain('tobias-wendt.md');
  });

  it('keeps the first hop on top, in its order', async () => {
    const firstHop = await fakeSearch()(QUESTION, 30);
    const fused = await bridgeSearch(fakeSearch(), QUESTION, { k: 30 });
    expect(fused.slice(0, 4).map((item) => item.id)).toEqual(
      firstHop.slice(0, 4).map((item) => item.id),
    );
    const firstHopIds = new Set(firstHop.map((item) => item.id));
    const kept = fused.filter((item) => firstHopIds.has(item.id)).map((item) => item.id);
    expect(kept).toEqual(firstHop.map((item) => item.id));
    expect(fused.length).toBeLessThanOrEqual(30);
  });

  it('returns the first hop when no entity leads to another file', async () => {
    const corpus = [
      passage('Halvorsen', 'Halvorsen is a town on the coast with a small harbour.'),
      passage('Harbours', 'A harbour shelters boats; the harbour of Halvorsen is small.'),
      passage('Fishing', 'Boats leave the harbour at dawn.'),
    ];
    const calls: string[] = [];
    const question = 'How large is the harbour of Halvorsen?';
    const firstHop = await fakeSearch([], corpus)(question, 30);
    const fused = await bridgeSearch(fakeSearch(calls, corpus), question, { k: 2 });
    expect(fused.map((item) => item.id)).toEqual(firstHop.slice(0, 2).map((item) => item.id));
    expect(calls).toHaveLength(2); // the title "Harbours" was searched, and led nowhere new
  });

  it('bounds the searches: the first hop and at most eight entities', async () => {
    const calls: string[] = [];
    await bridgeSearch(fakeSearch(calls), QUESTION, { k: 5 });
    expect(calls[0]).toBe(QUESTION);
    expect(calls.length).toBeGreaterThan(1);
    expect(calls.length).toBeLessThanOrEqual(9);
  });

  it('stops when aborted, before or between searches', async () => {
    const aborted = new AbortController();
    aborted.abort(new Error('stopped'));
    await expect(
      bridgeSearch(fakeSearch(), QUESTION, { k: 5, signal: aborted.signal }),
    ).rejects.toThrow('stopped');

    const controller = new AbortController();
    const calls: string[] = [];
    const search = fakeSearch(calls);
    const abortingSearch = async (query: string, k: number, signal?: AbortSignal) => {
      const found = await search(query, k, signal);
      controller.abort(new Error('stopped midway'));
      return found;
    };
    await expect(
      bridgeSearch(abortingSearch, QUESTION, { k: 5, signal: controller.signal }),
    ).rejects.toThrow('stopped midway');
    expect(calls).toEqual([QUESTION]);
  });
});
