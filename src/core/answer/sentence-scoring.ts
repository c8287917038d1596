import { analyze } from '../retrieval/text-analysis.ts';
import { splitSentences } from '../retrieval/sentences.ts';

/** A passage to answer from, with the id a citation uses. */
export interface AnswerPassage {
  id: string;
  text: string;
}

/** A sentence of one of the passages, with how well it matches the question. */
export interface ScoredSentence {
  /** Position of its passage in the ranked list (0 is the best passage). */
  passageIndex: number;
  /** Character range in the passage text, end exclusive. */
  start: number;
  end: number;
  /** Share of the question's idf weight found among the sentence's words, 0-1. */
  coverage: number;
  /** Coverage with the bonuses for an early position and a high passage rank. */
  score: number;
  /** The sentence's index terms. */
  terms: ReadonlySet<string>;
}

/** The sentences of the passages, best first, and the weight of each of the question's terms. */
export interface SentenceScores {
  sentences: ScoredSentence[];
  /** Idf of each question term over the sentences read: a word found nowhere weighs most. */
  weights: ReadonlyMap<string, number>;
  /** Sum of the weights. */
  total: number;
}

/** Passages read, best first; the rest of the ranking adds little and costs time. */
export const MAX_PASSAGES = 5;
/** Added to the first sentence of a passage or of a section (right after a heading). */
const LEADING_SENTENCE_BONUS = 0.03;
/** Each step down the passage ranking scales the score by 1 / (1 + this × rank). */
const RANK_DECAY = 0.05;

interface SentenceEntry {
  passageIndex: number;
  start: number;
  end: number;
  leading: boolean;
  terms: Set<string>;
}

/**
 * Scores every sentence of the top passages by the idf-weighted share of the question's terms it
 * holds (idf over those sentences, so a word found everywhere counts little and a word found
 * nowhere counts most), best first; ties keep passage rank, then reading order.
 */
export function scoreSentences(
  question: string,
  passages: readonly AnswerPassage[],
): SentenceScores {
  const questionTerms = [...new Set(analyze(question))];
  const entries = passages.slice(0, MAX_PASSAGES).flatMap(sentencesOf);
  const weights = new Map<string, number>();
  for (const term of questionTerms) {
    const frequency = entries.filter((sentence) => sentence.terms.has(term)).length;
    weights.set(term, Math.log((entries.length + 1) / (frequency + 0.5)));
  }
  const total = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  if (questionTerms.length === 0 || entries.length === 0) return { sentences: [], weights, total };
  const sentences = entries
    .map((sentence) => {
      const coverage = total > 0 ? weightOf(sentence.terms, weights) / total : 0;
      const bonus = sentence.leading && coverage > 0 ? LEADING_SENTENCE_BONUS : 0;
      const score = coverage / (1 + RANK_DECAY * sentence.passageIndex) + bonus;
      const { passageIndex, start, end, terms } = sentence;
      return { passageIndex, start, end, coverage, score, terms };
    })
    .sort((left, right) => right.score - left.score);
  return { sentences, weights, total };
}

/** The summed weight of the weighted terms found among `terms`. */
export function weightOf(terms: ReadonlySet<string>, weights: ReadonlyMap<string, number>): number {
  let found = 0;
  for (const [term, weight] of weights) if (terms.has(term)) found += weight;
  return found;
}

/** Sentences of a passage line by line; a Markdown heading is no sentence but marks a section. */
function sentencesOf(passage: AnswerPassage, passageIndex: number): SentenceEntry[] {
  const entries: SentenceEntry[] = [];
  let leading = true;
  let lineStart = 0;
  for (const line of passage.text.split('\n')) {
    if (/^\s*#{1,6}\s/.test(line)) leading = true;
    else {
      for (const range of splitSentences(line, lineStart)) {
        const terms = new Set(analyze(passage.text.slice(range.start, range.end)));
        entries.push({ passageIndex, ...range, leading, terms });
        leading = false;
      }
    }
    lineStart += line.length + 1;
  }
  return entries;
}
