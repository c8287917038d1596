/**
 * The information filter: of the passages a search returned, keep those that help answer the
 * (sub-)question, or report that none does. Without a usable decision (malformed output, a spent
 * budget, or an engine that returns the schema's default: no numbers and no "none") it keeps the
 * top three by rank.
 */
import * as schema from '../llm/json-schema.ts';
import type { LlmClient } from '../llm/llm-client.ts';
import type { Evidence } from '../ports/retriever.ts';
import type { Trace } from '../llm/trace.ts';

export interface EvidenceFilterContext {
  llm: LlmClient;
  trace: Trace;
}

export interface EvidenceFilterInput {
  question: string;
  /** The current objective, when the filter serves one step of a larger plan. */
  objective?: string;
  /** Ranked, best first. */
  evidence: readonly Evidence[];
}

export interface EvidenceFilterOutput {
  kept: Evidence[];
  /** `filter`: the model decided; `fallback`: the top passages were kept without a decision. */
  decidedBy: 'filter' | 'fallback';
}

const STEP = 'evidence-filter';
/** Passages kept when there is no usable decision. */
export const FALLBACK_KEPT = 3;

/** What the reply must be (exported for the tests of the model-reply reader). */
export const EVIDENCE_FILTER_SCHEMA = schema.object({
  keep: schema.array(schema.integer()),
  nothingRelevant: schema.boolean(),
});

const SYSTEM = [
  'You filter search results for a question-answering assistant.',
  'Read each passage and decide whether it helps answer the question: it states the answer, or a fact the answer needs.',
  'Reply with JSON: keep (the numbers of the helpful passages, most useful first) and nothingRelevant (true only when no passage helps).',
  'Do not answer the question.',
].join('\n');

export async function filterEvidence(
  context: EvidenceFilterContext,
  input: EvidenceFilterInput,
): Promise<EvidenceFilterOutput> {
  const topPassages = (): EvidenceFilterOutput => ({
    kept: input.evidence.slice(0, FALLBACK_KEPT),
    decidedBy: 'fallback',
  });
  if (input.evidence.length === 0) return { kept: [], decidedBy: 'filter' };
  const objective = input.objective ? `Current objective: ${input.objective}\n\n` : '';
  const prompt = context.llm.fitPrompt(
    {
      system: SYSTEM,
      instructions: `${objective}Which passages help answer the question below?`,
      question: input.question,
      passages: input.evidence,
    },
    80,
  );
  const reply = await context.llm.json(STEP, {
    name: 'filter',
    schema: EVIDENCE_FILTER_SCHEMA,
    messages: prompt.messages,
    maxTokens: 80,
    temperature: 0,
    fallback: () => undefined,
  });
  const byNumber = (number: number) =>
    prompt.passages[number - 1] &&
    input.evidence.find(({ id }) => id === prompt.passages[number - 1]?.id);
  let output: EvidenceFilterOutput;
  if (!reply || (reply.keep.length === 0 && !reply.nothingRelevant)) output = topPassages();
  else {
    const kept = [...new Set(reply.keep)].flatMap((number) => byNumber(number) ?? []);
    output = { kept, decidedBy: 'filter' };
  }
  context.trace.emitStep('evidence-filter', STEP, {
    question: input.question,
    offered: input.evidence.map(({ id }) => id),
    kept: output.kept.map(({ id }) => id),
    decidedBy: output.decidedBy,
  });
  return output;
}
