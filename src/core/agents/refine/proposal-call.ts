/**
 * The proposer's model call: one candidate answer written from the initial passages and the
 * candidate's evidence notes, or, given the text written so far, its continuation (the partial
 * answer as the assistant's own message, then a request to go on). Every prompt carries
 * `ANSWER_LINE_RULE` verbatim, and asks the model to say when it is unsure rather than guess: the
 * monitor reads that hedging as the sign of a gap to look up.
 */
import type { ChatMessage, ChatPurpose } from '../../ports/chat-engine.ts';
import type { TextReply } from '../../llm/llm-client.ts';
import type { StepContext } from '../../llm/step-context.ts';
import { ANSWER_LINE_RULE, type InjectedNote } from './candidate.ts';
import { renderNotes } from './candidate-prompt.ts';
import type { EvidencePool } from './evidence-pool.ts';
import type { ThoroughOptions } from './thorough-options.ts';

export interface ProposeInput {
  question: string;
  candidateId: number;
  pool: EvidencePool;
  /** Passages 1..initialCount of the pool are the initial search's, listed in every prompt. */
  initialCount: number;
  /** The collections the initial search used (the monitor's retrieval searches them too). */
  collectionIds: readonly string[];
  options: ThoroughOptions;
  /** Model calls to leave unused for the stages after this proposal (the strategy computes it). */
  reserveCalls: number;
  /** Proposals differ by temperature (the strategy passes e.g. 0.3, 0.7, 0.9). */
  temperature: number;
}

export const PROPOSER_STEP = 'proposer';

export const PROPOSER_SYSTEM = [
  "You answer questions from excerpts of the user's documents.",
  'Reason step by step in short sentences, and cite the passage behind each fact as [n].',
  'Use only facts from the passages and the evidence notes; never invent names, numbers or dates.',
  'When you are not sure of a fact, say so plainly instead of guessing.',
  ANSWER_LINE_RULE,
].join('\n');

/** The request after a partial answer, to continue it. */
export const CONTINUE_REQUEST = `Continue your answer exactly where it stops, without repeating it; use the evidence notes. ${ANSWER_LINE_RULE}`;

const INSTRUCTIONS = 'Answer the question below from these passages.';

export interface ProposalCall {
  notes: readonly InjectedNote[];
  /** The answer written so far, to be continued; '' for a new one. */
  partial: string;
  onDelta?: (piece: string) => void;
  /** Stops the stream (the monitor found a gap); the reply is then `interrupted`. */
  interrupt?: AbortSignal;
}

/**
 * A new answer asks with the `answer` purpose (the extractive engine then answers with its
 * span); a continuation with a `control` one, so that the extractive engine adds nothing.
 */
export async function callProposer(
  context: StepContext,
  input: ProposeInput,
  call: ProposalCall,
): Promise<TextReply> {
  const followUp: ChatMessage[] = call.partial
    ? [
        { role: 'assistant', content: call.partial },
        { role: 'user', content: CONTINUE_REQUEST },
      ]
    : [];
  const prompt = context.llm.fitPrompt({
    system: PROPOSER_SYSTEM,
    instructions: INSTRUCTIONS,
    question: input.question,
    passages: input.pool.promptPassages(input.initialCount),
    context: renderNotes(call.notes),
    followUp,
  });
  const purpose: ChatPurpose = call.partial
    ? { kind: 'control', step: PROPOSER_STEP }
    : { kind: 'answer', question: input.question, passages: prompt.passages };
  return context.llm.text(PROPOSER_STEP, {
    messages: prompt.messages,
    purpose,
    temperature: input.temperature,
    onDelta: call.onDelta,
    interrupt: call.interrupt,
  });
}
