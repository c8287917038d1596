/**
 * Multi-hop retrieval without a language model. A question such as "What team was Anna Benson's
 * husband on?" shares few words with the passage that answers it (Kris Benson's); that passage is
 * reachable through an entity ("Kris Benson") that the first hop's best passages mention and the
 * question does not. The second hop searches for such bridge entities and fuses what it finds with
 * the first hop by weighted reciprocal rank, the first hop weighing most.
 */
import { passageTitle } from './bridge-entities.ts';
import { rankBridgeEntities, type BridgeEntity, type SourcePassage } from './bridge-ranking.ts';
import { bestRankFusion, reciprocalRankFusion, type RankedList } from './fusion.ts';
import { WORD, analyze } from './text-analysis.ts';

/** A passage as a search returns it; what the bridge needs of it. */
export interface RankedPassage extends SourcePassage {
  id: string;
  score: number;
}

/** A search of the library: the best `k` passages for `query`, best first. */
export type PassageSearch<Passage extends RankedPassage> = (
  query: string,
  k: number,
  signal?: AbortSignal,
) => Promise<Passage[]>;

export interface BridgeSearchOptions {
  /** Passages wanted. */
  k: number;
  signal?: AbortSignal;
}

/*
 * Constants, measured with `npm run eval -- retrieval --mode bridge` on shared/eval/dev; the figures
 * are allAt10 on musique / 2wiki at the chosen values (0.60 / 0.72, hybrid: 0.43 / 0.50) and with
 * the value named instead.
 */
/** Entities come from the passages of the best first-hop files (3: 0.59 / 0.70; 8: 0.61 / 0.71). */
const SOURCE_FILES = 5;
/** Entities searched per question: the bound on the work (4: 0.58 / 0.65; 10: the same). */
const ENTITIES = 8;
/** Passages kept per entity search (3: 0.58 / 0.71). */
const PER_ENTITY = 5;
/** The first hop is at least this deep, so that entity ranking sees which other files name one. */
const MIN_FIRST_HOP = 30;
/**
 * Second-hop passages that merely name an entity, kept after those about one (whose title names
 * it): 1% of the former were files a question needed, against 42% of the latter. None: 0.50 /
 * 0.70; 4: 0.64 / 0.71, but hotpotqa recallAt10 fell from 0.97 to 0.96 (the first hop's: 0.953).
 */
const MENTIONING_PASSAGES = 2;
/**
 * Weight of the second hop. Below 1, so the first hop's best passage stays first: at 0.95 the
 * second hop's first passage ranks after the first hop's fourth (0.95 / 61 = 1 / 64.2). 0.9:
 * 0.57 / 0.71; 0.99: the same allAt10, with MRR on musique down from 0.778 to 0.764.
 */
const SECOND_HOP_WEIGHT = 0.95;
/*
 * The hops are fused by each passage's best place (`bestRankFusion`), not the sum of its places:
 * with the sum, the same recall, but a passage found by both hops jumped above the first hop's
 * best: MRR fell from 0.78 to 0.50 on musique and from 0.94 to 0.44 on squad2.
 */

/**
 * The first hop (`search(question)`) fused with second-hop searches for the bridge entities its
 * best passages mention. Returns at most `k` passages, best first, each with its fused score.
 * Throws the signal's reason when aborted.
 */
export async function bridgeSearch<Passage extends RankedPassage>(
  search: PassageSearch<Passage>,
  question: string,
  options: BridgeSearchOptions,
): Promise<Passage[]> {
  const { k, signal } = options;
  signal?.throwIfAborted();
  const firstHop = await search(question, Math.max(k, MIN_FIRST_HOP), signal);
  const secondHop = await searchBridges(search, question, firstHop, signal);
  const byId = new Map<string, Passage>();
  for (const passage of [...firstHop, ...secondHop]) {
    if (!byId.has(passage.id)) byId.set(passage.id, passage);
  }
  return bestRankFusion(
    [{ hits: firstHop }, { hits: secondHop, weight: SECOND_HOP_WEIGHT }],
    k,
  ).map(({ id, score }) => ({ ...byId.get(id)!, score }));
}

/**
 * The second hop: each bridge entity searched with the question's words its source passage
 * lacks, keeping the passages of other files that name it. The entities' lists are fused by
 * reciprocal rank (the better-ranked entity weighing more); passages about an entity come first,
 * then the best few that only mention one.
 */
async function searchBridges<Passage extends RankedPassage>(
  search: PassageSearch<Passage>,
  question: string,
  firstHop: readonly Passage[],
  signal?: AbortSignal,
): Promise<Passage[]> {
  const entities = rankBridgeEntities(question, firstHop, SOURCE_FILES).slice(0, ENTITIES);
  const lists: RankedList[] = [];
  const byId = new Map<string, Passage>();
  const about = new Set<string>();
  for (const [position, entity] of entities.entries()) {
    signal?.throwIfAborted();
    // Twice as many as kept: some are the source's own file or do not name the entity.
    const found = await search(secondHopQuery(question, entity), 2 * PER_ENTITY, signal);
    const hits = found.filter((hit) => names(hit, entity)).slice(0, PER_ENTITY);
    for (const hit of hits) {
      byId.set(hit.id, hit);
      if (isAbout(hit, entity)) about.add(hit.id);
    }
    // Weights falling as 1 / sqrt(entity rank): equal weights measured 0.54 / 0.71.
    lists.push({ hits, weight: 1 / Math.sqrt(1 + position) });
  }
  signal?.throwIfAborted();
  const merged = reciprocalRankFusion(lists, byId.size).map(({ id }) => byId.get(id)!);
  return [
    ...merged.filter((hit) => about.has(hit.id)),
    ...merged.filter((hit) => !about.has(hit.id)).slice(0, MENTIONING_PASSAGES),
  ];
}

/**
 * The search for one entity: the entity and the question's words that the passage it came from
 * lacks ("Kris Benson team husband"). The entity alone measured 0.57 / 0.71.
 */
export function secondHopQuery(question: string, entity: BridgeEntity): string {
  const known = new Set(analyze(entity.sourceText));
  const missing = (question.match(WORD) ?? []).filter((word) =>
    analyze(word).some((term) => !known.has(term)),
  );
  return [entity.text, ...missing].join(' ');
}

/** Whether a second-hop passage leads somewhere new: another file, naming every entity term. */
function names(passage: RankedPassage, entity: BridgeEntity): boolean {
  if (entity.sourceFiles.has(passage.fileKey)) return false;
  const terms = new Set(analyze(`${passage.title ?? ''} ${passage.text}`));
  return entity.terms.every((term) => terms.has(term));
}

/** Whether a passage's document is about the entity: its title, less a trailing "(…)", names it. */
function isAbout(passage: RankedPassage, entity: BridgeEntity): boolean {
  const title = passageTitle(passage.text, passage.title);
  if (!title) return false;
  const terms = analyze(title.replace(/\s*\([^)]*\)\s*$/, ''));
  return (
    terms.length === entity.terms.length &&
    terms.every((term, index) => term === entity.terms[index])
  );
}
