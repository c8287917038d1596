/**
 * Which entities of the first hop's best passages are worth a second search: those the question
 * does not name, mentioned by the best-ranked files, in a sentence that shares words with the
 * question, and mentioned by some other retrieved file too.
 */
import { extractEntities, passageTitle, type EntityKind } from './bridge-entities.ts';
import { analyze } from './text-analysis.ts';

/** What entity ranking needs of a retrieved passage. */
export interface SourcePassage {
  /** The file the passage comes from: passages of one document share it. */
  fileKey: string;
  text: string;
  /** The document's title, when the caller knows it (else a leading `# Title` line is used). */
  title?: string;
}

/** A candidate bridge, with what the second hop needs to search for it. */
export interface BridgeEntity {
  /** The entity as written. */
  text: string;
  kind: EntityKind;
  /** Its index terms (`analyze`). */
  terms: string[];
  score: number;
  /** The text of the best-ranked passage that mentions it. */
  sourceText: string;
  /** The files of the source passages that mention it. */
  sourceFiles: ReadonlySet<string>;
}

/**
 * Weight of an entity that no other retrieved file mentions. Measured on shared/eval/dev: 1% of
 * such entities led to a gold file the first hop had missed, against 12% of the others (the
 * passage a bridge leads to is often retrieved too, lower down, and names the bridge).
 */
const MENTIONED_ONCE_WEIGHT = 0.1;

interface Candidate extends Omit<BridgeEntity, 'score' | 'sourceFiles'> {
  /** Sum of 1 / (file rank) over the source files that mention it. */
  support: number;
  /** Largest share of the question's terms in a sentence that mentions it. */
  context: number;
  sourceFiles: Set<string>;
}

/**
 * Candidate bridge entities for `question`, best first. Entities are taken from the passages of
 * the `sourceFiles` best-ranked files of `passages` (a first hop, best first); one whose every
 * term is in the question is not a bridge. Score: support (1 / file rank, summed over the files
 * mentioning it) × (1 + the share of question terms in its sentence), lowered for an entity that
 * no other file of `passages` mentions.
 */
export function rankBridgeEntities(
  question: string,
  passages: readonly SourcePassage[],
  sourceFiles: number,
): BridgeEntity[] {
  const questionTerms = new Set(analyze(question));
  const fileRanks = new Map<string, number>();
  for (const passage of passages) {
    if (!fileRanks.has(passage.fileKey)) fileRanks.set(passage.fileKey, fileRanks.size + 1);
  }
  const candidates = new Map<string, Candidate>();
  for (const passage of passages) {
    const rank = fileRanks.get(passage.fileKey)!;
    if (rank > sourceFiles) continue;
    const title = passageTitle(passage.text, passage.title);
    for (const mention of extractEntities(passage.text, title)) {
      if (mention.terms.every((term) => questionTerms.has(term))) continue;
      const key = mention.terms.join(' ');
      let candidate = candidates.get(key);
      if (!candidate) {
        candidate = {
          text: mention.text,
          kind: mention.kind,
          terms: mention.terms,
          sourceText: passage.text,
          support: 0,
          context: 0,
          sourceFiles: new Set(),
        };
        candidates.set(key, candidate);
      }
      const shared = [...new Set(mention.context)].filter((term) => questionTerms.has(term));
      candidate.context = Math.max(
        candidate.context,
        shared.length / Math.max(1, questionTerms.size),
      );
      if (!candidate.sourceFiles.has(passage.fileKey)) {
        candidate.sourceFiles.add(passage.fileKey);
        candidate.support += 1 / rank;
      }
    }
  }
  const passageTerms = passages.map((passage) => new Set(analyze(passage.text)));
  const ranked = [...candidates.values()].map(({ support, context, ...candidate }) => {
    const mentionedElsewhere = passages.some(
      (passage, index) =>
        !candidate.sourceFiles.has(passage.fileKey) &&
        candidate.terms.every((term) => passageTerms[index]!.has(term)),
    );
    const score =
      support *
      (1 + context) *
      (mentionedElsewhere || candidate.sourceFiles.size > 1 ? 1 : MENTIONED_ONCE_WEIGHT);
    return { ...candidate, score };
  });
  return ranked.sort((left, right) => right.score - left.score);
}
