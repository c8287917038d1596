/**
 * What thorough mode works on: candidate answers, each a full answer written by the model (its
 * reasoning citing passages as `[n]`, then one `Answer:` line), with the evidence notes spliced
 * into it while it was generated and, once the evaluator has read it, its quality score.
 */

/** The rule every step that writes a candidate gives the model (the scripted server keys on it). */
export const ANSWER_LINE_RULE =
  'Finish with one last line of the form "Answer: <short answer>", or "Answer: unknown" when the passages do not hold it.';

/** An evidence note spliced into a candidate's context by the monitor's injector. */
export interface InjectedNote {
  /** The uncertain span that triggered it. */
  span: string;
  /** The querier's keyword queries. */
  queries: string[];
  /** Pool numbers (see EvidencePool) of the passages the note was written from. */
  passageNumbers: number[];
  /** The compressed note, citing those passages as `[n]`. */
  text: string;
}

/** Where a candidate's current text came from. */
export type CandidateStage = 'proposal' | 'correction' | 'refinement' | 'rework';

export interface CandidateScore {
  /** Each 0-5. */
  logic: number;
  answer: number;
  explanation: number;
  /** {@link qualityScore} of the three. */
  q: number;
  /** What the evaluator says to fix; empty when it gave none. */
  suggestions: string;
  /** `fallback`: no usable evaluation (malformed, or no budget left); see the evaluator. */
  decidedBy: 'evaluator' | 'fallback';
}

export interface Candidate {
  /** 1-based, stable for the whole run (the trace names candidates by it). */
  id: number;
  /** The full text as the model wrote it: reasoning, then the `Answer:` line. */
  text: string;
  /** The text without its `Answer:` line. */
  reasoning: string;
  /** The short answer; null when the candidate has none or says it does not know. */
  answer: string | null;
  notes: InjectedNote[];
  stage: CandidateStage;
  /** The latest score, once evaluated. */
  score?: CandidateScore;
}

/** The weights of QAIR's composite score: logic, answer, explanation. */
export const QUALITY_WEIGHTS = { logic: 0.2, answer: 0.6, explanation: 0.2 } as const;
/** Candidates scoring below this go back to the corrector. */
export const QUALITY_THRESHOLD = 3;

/** q = 0.2 logic + 0.6 answer + 0.2 explanation, each clamped to 0-5. */
export function qualityScore(scores: {
  logic: number;
  answer: number;
  explanation: number;
}): number {
  const clamp = (value: number) => (Number.isFinite(value) ? Math.min(5, Math.max(0, value)) : 0);
  return (
    QUALITY_WEIGHTS.logic * clamp(scores.logic) +
    QUALITY_WEIGHTS.answer * clamp(scores.answer) +
    QUALITY_WEIGHTS.explanation * clamp(scores.explanation)
  );
}

const ANSWER_LINE = /^[ \t>*_#-]*(?:final\s+)?answer\s*[:：]\s*(.*)$/gim;
const NO_ANSWER =
  /^(?:unknown|none|n\/?a|i do(?: not|n'?t) know|not (?:found|stated|mentioned|given|in the (?:passages|documents)))\b/i;

/**
 * Splits a candidate's text at its last `Answer:` line (Markdown emphasis tolerated). Without
 * one, the answer is null and the whole text is reasoning; "unknown" and the like mean null.
 */
export function parseCandidateText(text: string): { reasoning: string; answer: string | null } {
  const matches = [...text.matchAll(ANSWER_LINE)];
  const last = matches.at(-1);
  if (!last) return { reasoning: text.trim(), answer: null };
  const reasoning = (text.slice(0, last.index) + text.slice(last.index + last[0].length)).trim();
  const answer = (last[1] ?? '')
    .replace(/^[*_\s]+|[*_\s]+$/g, '')
    .replace(/\s*\[\d+\]/g, '')
    .trim();
  return { reasoning, answer: answer.length === 0 || NO_ANSWER.test(answer) ? null : answer };
}
