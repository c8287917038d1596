/**
 * What the two steps that rewrite a candidate (the corrector and the anchor refiner) share: the
 * context they run in, the text call with the prompt fitted around the passages, and the rule
 * that decides whether the rewrite replaces the candidate. A rewrite that is empty, or has no
 * `Answer:` line where the original had an answer (or was cut at the token limit), is malformed:
 * the original stays as it was (`candidate-keep`). A prompt that cannot fit, or no call left,
 * keeps it too; an abort propagates.
 */
import { BudgetExhaustedError, ContextOverflowError } from '../../errors.ts';
import type { PromptParts } from '../../llm/prompt-fit.ts';
import type { StepContext } from '../../llm/step-context.ts';
import { parseCandidateText, type Candidate, type CandidateStage } from './candidate.ts';

/** What a refinement step needs of the strategy's context. */
export type RefineContext = Pick<StepContext, 'llm' | 'trace'>;

export type KeepReason = 'malformed' | 'budget' | 'context-overflow';

export interface RewriteRequest {
  step: string;
  stage: CandidateStage;
  question: string;
  /** The candidate being rewritten: it keeps its id, and is returned as is when kept. */
  candidate: Candidate;
  /** Prompt variants, most complete first: the first that fits is sent. */
  prompts: readonly PromptParts[];
  /** The notes the rewrite carries. */
  notes: Candidate['notes'];
  temperature: number;
}

/**
 * Sends the first prompt that fits and returns the rewritten candidate (same id, no score: the
 * old one is stale), or `request.candidate` itself when it is kept.
 */
export async function rewriteCandidate(
  context: RefineContext,
  request: RewriteRequest,
): Promise<Candidate> {
  const { candidate, stage, step } = request;
  const keep = (reason: KeepReason): Candidate => {
    context.trace.emitStep('candidate-keep', step, { candidate: candidate.id, stage, reason });
    return candidate;
  };
  const prompt = firstFitting(context, request.prompts);
  if (!prompt) return keep('context-overflow');
  let reply: Awaited<ReturnType<RefineContext['llm']['text']>>;
  try {
    reply = await context.llm.text(step, {
      messages: prompt.messages,
      purpose: { kind: 'answer', question: request.question, passages: prompt.passages },
      temperature: request.temperature,
    });
  } catch (error) {
    if (error instanceof BudgetExhaustedError) return keep('budget');
    if (error instanceof ContextOverflowError) return keep('context-overflow');
    throw error;
  }
  const text = reply.text.trim();
  const parsed = parseCandidateText(text);
  const answerLine = hasAnswerLine(text);
  const needsAnswerLine = candidate.answer !== null || reply.finishReason === 'length';
  if (text.length === 0 || (!answerLine && needsAnswerLine)) return keep('malformed');
  const rewritten: Candidate = {
    id: candidate.id,
    text,
    reasoning: parsed.reasoning,
    answer: parsed.answer,
    notes: request.notes,
    stage,
  };
  context.trace.emitStep('candidate-end', step, {
    candidate: candidate.id,
    stage,
    answer: rewritten.answer ?? undefined,
    text,
    injections: rewritten.notes.length,
  });
  return rewritten;
}

/** Whether `text` has an `Answer:` line (parseCandidateText removes the line when it finds one). */
export function hasAnswerLine(text: string): boolean {
  return parseCandidateText(text).reasoning !== text.trim();
}

function firstFitting(context: RefineContext, prompts: readonly PromptParts[]) {
  for (const parts of prompts) {
    try {
      return context.llm.fitPrompt(parts);
    } catch (error) {
      if (!(error instanceof ContextOverflowError)) throw error;
    }
  }
  return undefined;
}
