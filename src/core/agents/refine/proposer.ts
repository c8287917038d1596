/**
 * The proposer (eigen-agent-monitor-rag): writes one candidate answer, reasoning that cites the
 * initial passages and ends with an `Answer:` line. How it retrieves while writing depends on the
 * thorough options:
 * - `monitor`: implicit retrieval; the monitor watches the stream and splices evidence notes in
 *   where it finds a gap (see monitored-proposal.ts).
 * - `explicit`: before writing, the querier writes queries for the question and the raw hits
 *   (the best three not among the initial passages) are added to the pool. They are shown as
 *   one-passage evidence notes in the context section, citing their pool numbers, rather than
 *   as prompt passages: prompt passages are numbered by position, and the pool numbers of later
 *   passages need not follow the initial ones without a gap. As notes they stay with the
 *   candidate, so the later stages show them too.
 * - `off`: the initial passages only.
 * The extractive engine answers with `**span** [n]` and no Answer line; that span is the answer.
 */
import { parseCandidateText, type Candidate, type InjectedNote } from './candidate.ts';
import type { StepContext } from '../../llm/step-context.ts';
import { writeMonitoredProposal } from './monitored-proposal.ts';
import { callProposer, PROPOSER_STEP, type ProposeInput } from './proposal-call.ts';
import { writeQueries } from './querier.ts';
import { searchQueries } from './query-search.ts';

export type { ProposeInput } from './proposal-call.ts';

/** Hits each explicit query asks for. */
export const EXPLICIT_SEARCH_K = 4;
/** Raw hits an explicit-retrieval candidate gets. */
export const EXPLICIT_PASSAGES = 3;
/** An explicit hit longer than this is cut at a word (a note is always kept whole in prompts). */
const EXPLICIT_PASSAGE_CHARACTERS = 800;

/**
 * Writes candidate `input.candidateId`; emits `candidate-start` and `candidate-end`. The first
 * call is made even when it eats into `reserveCalls` (the strategy leaves room for it); the run's
 * stop rejects with its AbortError at every stage.
 */
export async function proposeCandidate(
  context: StepContext,
  input: ProposeInput,
): Promise<Candidate> {
  const { retrieval } = input.options;
  context.trace.emitStep('candidate-start', PROPOSER_STEP, {
    candidate: input.candidateId,
    temperature: input.temperature,
    retrieval,
  });
  const notes: InjectedNote[] = retrieval === 'explicit' ? await explicitNotes(context, input) : [];
  const text =
    retrieval === 'monitor'
      ? await writeMonitoredProposal(context, input, notes)
      : (await callProposer(context, input, { notes, partial: '' })).text;
  const { reasoning, answer } = parseProposalText(text);
  const candidate: Candidate = {
    id: input.candidateId,
    text,
    reasoning,
    answer,
    notes,
    stage: 'proposal',
  };
  context.trace.emitStep('candidate-end', PROPOSER_STEP, {
    candidate: candidate.id,
    stage: candidate.stage,
    answer: answer ?? undefined,
    text,
    injections: retrieval === 'monitor' ? notes.length : 0,
  });
  return candidate;
}

/**
 * `parseCandidateText`, except that a text with no `Answer:` line which opens with a `**bold**`
 * span (the extractive engine's answer) takes that span as its answer.
 */
export function parseProposalText(text: string): { reasoning: string; answer: string | null } {
  const parsed = parseCandidateText(text);
  // Without an Answer line the whole text is the reasoning.
  const hasAnswerLine = parsed.reasoning !== text.trim();
  if (parsed.answer !== null || hasAnswerLine) return parsed;
  const bold = /^\s*\*\*((?:\\.|[^*\\])+)\*\*/.exec(text)?.[1];
  const answer = bold?.replace(/\\(.)/g, '$1').trim();
  return { reasoning: parsed.reasoning, answer: answer || null };
}

/**
 * Explicit retrieval: queries for the question (written by the querier when the budget leaves
 * its call and the proposal's above the reserve, else made from the question's words), then the
 * raw hits as one-passage notes; emits `retrieval-explicit`.
 */
async function explicitNotes(context: StepContext, input: ProposeInput): Promise<InjectedNote[]> {
  const { pool, initialCount, candidateId } = input;
  const { queries } = await writeQueries(context, {
    question: input.question,
    candidateId,
    modelCall: context.budget.remainingCalls - 2 >= input.reserveCalls,
  });
  const initialIds = Array.from(
    { length: initialCount },
    (_, index) => pool.get(index + 1)?.id ?? '',
  );
  const hits = await searchQueries(context, PROPOSER_STEP, {
    candidateId,
    queries,
    collectionIds: input.collectionIds,
    k: EXPLICIT_SEARCH_K,
    excludedIds: new Set(initialIds),
    limit: EXPLICIT_PASSAGES,
  });
  const notes = hits.map((hit) => ({
    span: '',
    queries,
    passageNumbers: [pool.add(hit)],
    text: cutAtWord(hit.text, EXPLICIT_PASSAGE_CHARACTERS),
  }));
  context.trace.emitStep('retrieval-explicit', PROPOSER_STEP, {
    candidate: candidateId,
    queries,
    passages: notes.flatMap((note) => note.passageNumbers),
  });
  return notes;
}

function cutAtWord(text: string, maxCharacters: number): string {
  if (text.length <= maxCharacters) return text;
  return `${text.slice(0, maxCharacters).replace(/\s+\S*$/, '')} […]`;
}
