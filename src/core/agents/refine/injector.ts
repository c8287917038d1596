/**
 * The injector (eigen-agent-monitor-rag): searches the querier's queries, keeps the three best
 * passages the candidate has not seen, and compresses them into a short evidence note of only the
 * facts that bear on the uncertain claim, cited by their run-wide pool numbers. The proposer
 * splices the note into the candidate's context before generation continues. The seed found the
 * fusion step, not the query, to be where the gain is: a short note keeps a small model's 4k
 * window free and its reasoning on track. Without a written note (an empty reply, as the
 * extractive engine gives, or no budget left) the note is made mechanically: each passage's first
 * sentence with its number.
 */
import { BudgetExhaustedError, ContextOverflowError } from '../../errors.ts';
import { neutralisePassageText, type FittedPrompt } from '../../llm/prompt-fit.ts';
import type { Evidence } from '../../ports/retriever.ts';
import type { StepContext } from '../../llm/step-context.ts';
import { splitSentences } from '../../retrieval/sentences.ts';
import type { InjectedNote } from './candidate.ts';
import type { EvidencePool } from './evidence-pool.ts';
import { searchQueries } from './query-search.ts';

/** The injector's role; the note's rules follow it. */
export const INJECTOR_SYSTEM = [
  'You compress search results into a short evidence note for an assistant who is writing an answer.',
  'Keep only the facts that bear on the uncertain claim, in at most 80 words, each followed by the number of its passage as [n].',
  'Copy names, numbers and dates exactly, and add nothing the passages do not say.',
  'If no passage bears on the claim, reply with the single word NONE.',
].join('\n');

export interface InjectInput {
  question: string;
  candidateId: number;
  /** 1-based number of this injection within the candidate. */
  injection: number;
  /** The uncertain claim. */
  span: string;
  queries: readonly string[];
  pool: EvidencePool;
  collectionIds: readonly string[];
  /** Chunk ids the candidate's prompt already shows (initial passages, earlier notes'). */
  excludedIds: ReadonlySet<string>;
  /** False: write the mechanical note without a model call (the budget is kept for later). */
  modelCall?: boolean;
}

const STEP = 'injector';
/** Hits each query asks for. */
export const INJECTOR_SEARCH_K = 4;
/** Passages a note is written from. */
export const INJECTOR_PASSAGES = 3;
const MAX_TOKENS = 160;
/** A fallback note's sentence longer than this many words is cut. */
const FALLBACK_SENTENCE_WORDS = 40;

/**
 * The note, or undefined when the search found nothing new (`injection-skip`, reason
 * `no-results`) or the injector judged no passage relevant (reason `irrelevant`). The note's
 * passages are added to the pool; emits `injection-end`.
 */
export async function injectEvidence(
  context: StepContext,
  input: InjectInput,
): Promise<InjectedNote | undefined> {
  const hits = await searchQueries(context, STEP, {
    candidateId: input.candidateId,
    queries: input.queries,
    collectionIds: input.collectionIds,
    k: INJECTOR_SEARCH_K,
    excludedIds: input.excludedIds,
    limit: INJECTOR_PASSAGES,
  });
  const skip = (reason: 'no-results' | 'irrelevant') => {
    context.trace.emitStep('injection-skip', STEP, {
      candidate: input.candidateId,
      reason,
      span: input.span,
      queries: [...input.queries],
    });
    return undefined;
  };
  if (hits.length === 0) return skip('no-results');
  const written = await writeNote(context, input, hits);
  if (written === 'irrelevant') return skip('irrelevant');
  const numbers = written.passages.map((hit) => input.pool.add(hit));
  const renumbered =
    written.decidedBy === 'injector' ? renumberCitations(written.text, numbers) : '';
  const decidedBy = renumbered.length > 0 ? 'injector' : 'fallback';
  const note: InjectedNote = {
    span: input.span,
    queries: [...input.queries],
    passageNumbers: numbers,
    text: renumbered || fallbackNote(written.passages, numbers),
  };
  context.trace.emitStep('injection-end', STEP, {
    candidate: input.candidateId,
    injection: input.injection,
    span: note.span,
    queries: note.queries,
    passages: numbers,
    note: note.text,
    decidedBy,
  });
  return note;
}

type WrittenNote =
  | { decidedBy: 'injector'; text: string; passages: Evidence[] }
  | { decidedBy: 'fallback'; passages: Evidence[] }
  | 'irrelevant';

/** The model's note over the passages its prompt could show (cited 1..m by position). */
async function writeNote(
  context: StepContext,
  input: InjectInput,
  hits: Evidence[],
): Promise<WrittenNote> {
  const fallback: WrittenNote = { decidedBy: 'fallback', passages: hits };
  if (input.modelCall === false || !context.budget.canCall()) return fallback;
  let prompt: FittedPrompt;
  try {
    prompt = context.llm.fitPrompt(
      {
        system: INJECTOR_SYSTEM,
        instructions: 'Search results:',
        question: input.question,
        passages: hits,
        context: `The uncertain claim:\n<claim>\n${neutralisePassageText(input.span)}\n</claim>\nWrite the evidence note for this claim.`,
      },
      MAX_TOKENS,
    );
  } catch (error) {
    if (error instanceof ContextOverflowError) return fallback;
    throw error;
  }
  let reply: string;
  try {
    const answer = await context.llm.text(STEP, {
      messages: prompt.messages,
      purpose: { kind: 'control', step: STEP },
      maxTokens: MAX_TOKENS,
      temperature: 0,
    });
    reply = answer.text.trim();
  } catch (error) {
    if (error instanceof BudgetExhaustedError || error instanceof ContextOverflowError) {
      return fallback;
    }
    throw error;
  }
  if (/^\W*none\W*$/i.test(reply)) return 'irrelevant';
  if (reply.length === 0) return fallback;
  const shown = new Set(prompt.passages.map(({ id }) => id));
  return { decidedBy: 'injector', text: reply, passages: hits.filter(({ id }) => shown.has(id)) };
}

/**
 * `[i]` markers (also `[i, j]`) that cite the prompt's passage i, as `[n]` of the pool number
 * `numbers[i - 1]`; a marker naming no passage is removed.
 */
export function renumberCitations(text: string, numbers: readonly number[]): string {
  return text
    .replace(/\[(\d+(?:\s*,\s*\d+)*)\]/g, (_marker, list: string) =>
      list
        .split(',')
        .map((position) => numbers[Number(position.trim()) - 1])
        .filter((number): number is number => number !== undefined)
        .map((number) => `[${number}]`)
        .join(' '),
    )
    .replace(/[ \t]+([.,;:])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/** Each passage's first sentence (cut at forty words) followed by its pool number. */
export function fallbackNote(hits: readonly Evidence[], numbers: readonly number[]): string {
  return hits
    .map((hit, index) => {
      const first = splitSentences(hit.text)[0];
      const sentence = first ? hit.text.slice(first.start, first.end) : hit.text.trim();
      const words = sentence.split(/\s+/);
      const cut =
        words.length > FALLBACK_SENTENCE_WORDS
          ? `${words.slice(0, FALLBACK_SENTENCE_WORDS).join(' ')}…`
          : sentence;
      // The marker goes before the sentence's closing punctuation.
      return cut.replace(/([.!?…]*)$/, ` [${numbers[index]}]$1`);
    })
    .join(' ');
}
