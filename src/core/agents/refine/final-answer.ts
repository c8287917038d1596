/**
 * Thorough mode's answer, from the chosen candidate without another call: its short answer in
 * bold with the citations of its `Answer:` line, a blank line, then its reasoning (which is the
 * whole text when it already opens with the answer in bold, as the extractive engine writes it). Its `[n]` are
 * pool numbers, resolved to chunks and renumbered 1, 2, …; a number the pool does not know is
 * dropped and reported (`citation-drop`). A chosen candidate without an answer gives way to the
 * best answered one (`rank-override`); when none has an answer, the documents do not hold it.
 */
import { NOT_FOUND_TEXT } from '../coordinator.ts';
import { reportDrops, resolveCitations } from '../citations.ts';
import type { StrategyAnswer } from '../../answer/strategy-answer.ts';
import type { Candidate } from './candidate.ts';
import type { EvidencePool } from './evidence-pool.ts';
import { compareCandidates } from './ranker.ts';
import type { RefineContext } from './rewrite.ts';
import { escapeMarkdown } from '../../markdown-escape.ts';

export interface ComposeInput {
  /** The ranker's choice. */
  chosen: Candidate;
  /** Every candidate, for the override. */
  candidates: readonly Candidate[];
  pool: EvidencePool;
}

export interface ComposedAnswer extends StrategyAnswer {
  /** The candidate the answer was written from. */
  candidate: number;
}

const STEP = 'thorough';
const ANSWER_LINE = /^[ \t>*_#-]*(?:final\s+)?answer\s*[:：](.*)$/gim;

export function composeAnswer(
  context: Pick<RefineContext, 'trace'>,
  input: ComposeInput,
): ComposedAnswer {
  const candidate = withAnswer(context, input);
  if (candidate.answer === null) {
    return { text: NOT_FOUND_TEXT, citations: [], status: 'not-found', candidate: candidate.id };
  }
  const bold = `**${escapeMarkdown(candidate.answer)}**`;
  const cited = answerLineCitations(candidate.text)
    .map((number) => ` [${number}]`)
    .join('');
  // The extractive engine's text already opens with its answer in bold: not repeated.
  const draft = candidate.reasoning.trimStart().startsWith(bold)
    ? candidate.reasoning.trim()
    : [`${bold}${cited}`, candidate.reasoning]
        .filter((part) => part.trim().length > 0)
        .join('\n\n');
  const resolved = resolveCitations(draft, input.pool.citations());
  reportDrops(context.trace, STEP, resolved.dropped);
  return {
    text: resolved.text,
    citations: resolved.citations,
    status: 'answered',
    candidate: candidate.id,
  };
}

/** The chosen candidate, or the best answered one when the chosen has no answer. */
function withAnswer(context: Pick<RefineContext, 'trace'>, input: ComposeInput): Candidate {
  if (input.chosen.answer !== null) return input.chosen;
  const answered = input.candidates
    .filter((candidate) => candidate.answer !== null)
    .sort(compareCandidates)[0];
  if (!answered) return input.chosen;
  context.trace.emitStep('rank-override', STEP, {
    from: input.chosen.id,
    to: answered.id,
    reason: 'The chosen candidate has no answer; another one has.',
  });
  return answered;
}

/** The distinct `[n]` on the text's last `Answer:` line, in order. */
export function answerLineCitations(text: string): number[] {
  const line = [...text.matchAll(ANSWER_LINE)].at(-1)?.[1] ?? '';
  const numbers = [...line.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]));
  return [...new Set(numbers)];
}
