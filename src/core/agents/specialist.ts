/**
 * A specialist: answers the (sub-)question from its own collection's filtered passages, with an
 * analysis that quotes them and an answer, or no answer when they do not hold it. Its quotes are
 * checked against the passages (see citations.ts); unverified ones are dropped and reported. It
 * asks with an `answer` purpose, so the extractive engine replies with its span, sentence and
 * passage id, read here as the answer and one quote.
 */
import * as schema from '../llm/json-schema.ts';
import type { LlmClient } from '../llm/llm-client.ts';
import type { Evidence } from '../ports/retriever.ts';
import type { Trace } from '../llm/trace.ts';
import { reportDrops, verifyQuotes, type VerifiedQuote } from './citations.ts';

export interface SpecialistContext {
  llm: LlmClient;
  trace: Trace;
}

export interface SpecialistInput {
  question: string;
  collectionId: string;
  /** Ranked, best first. */
  evidence: readonly Evidence[];
}

export interface SpecialistResponse {
  collectionId: string;
  analysis: string;
  /** Verified quotes only. */
  quotes: VerifiedQuote[];
  /** Null: the passages do not hold the answer. */
  answer: string | null;
}

const STEP = 'specialist';

/** What the reply must be (exported for the tests of the model-reply reader). */
export const SPECIALIST_SCHEMA = schema.object({
  analysis: schema.string(),
  quotes: schema.array(schema.object({ passage: schema.integer(), quote: schema.string() })),
  answer: schema.nullable(schema.string()),
});

/** The reply, and beside the schema's properties the extractive engine's sentence and passage id. */
type SpecialistReply = schema.SchemaValue<typeof SPECIALIST_SCHEMA> & {
  quote?: unknown;
  passageId?: unknown;
};

const SYSTEM = [
  "You answer questions from excerpts of the user's documents, and from nothing else.",
  'First write a short analysis that quotes, word for word, the sentences of the passages that bear on the question.',
  'Then give the answer: a short phrase, as precise as the passages allow.',
  'If the passages do not contain the answer, say so in the analysis and set answer to null; never guess.',
  'Reply with JSON: analysis, quotes (each with the passage number and the exact sentence copied from it), answer.',
].join('\n');

/** Answers that mean "no answer". */
const NO_ANSWER =
  /^(i do(?: not|n'?t) know|unknown|none|n\/?a|not (?:found|stated|mentioned|given))\b/i;

export async function answerFromCollection(
  context: SpecialistContext,
  input: SpecialistInput,
): Promise<SpecialistResponse> {
  const prompt = context.llm.fitPrompt({
    system: SYSTEM,
    instructions: 'Answer the question below from these passages.',
    question: input.question,
    passages: input.evidence,
  });
  const reply = await context.llm.json<SpecialistReply>(STEP, {
    name: 'specialist_answer',
    schema: SPECIALIST_SCHEMA,
    messages: prompt.messages,
    purpose: { kind: 'answer', question: input.question, passages: prompt.passages },
    temperature: 0,
    fallback: () => ({ analysis: '', quotes: [], answer: null }),
  });
  const passageIds = prompt.passages.map(({ id }) => id);
  const claimed = reply.quotes.map(({ passage, quote }) => ({
    chunkId: passageIds[passage - 1],
    quote,
  }));
  if (typeof reply.quote === 'string' && typeof reply.passageId === 'string' && reply.quote) {
    claimed.push({ chunkId: reply.passageId, quote: reply.quote });
  }
  const sources = new Map(input.evidence.map(({ id, text }) => [id, text]));
  const { verified, dropped } = verifyQuotes(claimed, sources);
  reportDrops(context.trace, STEP, dropped);
  const answer = reply.answer?.trim() ?? '';
  const response: SpecialistResponse = {
    collectionId: input.collectionId,
    analysis: reply.analysis,
    quotes: verified,
    answer: answer.length === 0 || NO_ANSWER.test(answer) ? null : answer,
  };
  context.trace.emitStep('specialist-answer', STEP, {
    collectionId: input.collectionId,
    passages: passageIds,
    answer: response.answer ?? undefined,
    quotes: verified.length,
    droppedQuotes: dropped.length,
  });
  return response;
}
