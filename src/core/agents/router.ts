/**
 * The reasoning router: one short JSON call decides whether a question needs the documents
 * (`single`, with the search query it writes), several steps of research (`plan`), careful
 * reasoning over several passages (`thorough`, also with a query), or none at all (`direct`:
 * small talk and general knowledge). Its fallback, and the extractive engine's
 * schema-default reply, is `single` with the question itself as the query.
 */
import * as schema from '../llm/json-schema.ts';
import type { LlmClient } from '../llm/llm-client.ts';
import type { Trace } from '../llm/trace.ts';

export interface RouterContext {
  llm: LlmClient;
  trace: Trace;
}

const STEP = 'router';

/**
 * The reply: `single` first, the schema's default value, what an engine without a model returns.
 * Exported for the tests of the model-reply reader.
 */
export const ROUTE_SCHEMA = schema.object({
  strategy: schema.enumeration(['single', 'thorough', 'direct', 'plan']),
  reason: schema.string(),
  /** The search query, for `single` and `thorough`; the question when the router wrote none. */
  query: schema.string(),
});

export type RouterDecision = schema.SchemaValue<typeof ROUTE_SCHEMA>;

const SYSTEM = [
  "You decide how an assistant answers a question about the user's own documents.",
  'Choose one strategy:',
  '- "direct": greetings, thanks, small talk, or general knowledge any encyclopedia holds; no search.',
  '- "single": one fact or topic that one search of the documents can find; write that search query.',
  '- "plan": the answer needs several facts found in turn (a comparison, a chain such as "the author of the book that ..."); several searches.',
  '- "thorough": a hard question that needs careful reasoning across several passages (why or how something happens, reconciling sources that disagree, a calculation); write the search query.',
  'When unsure whether the documents are needed, choose "single".',
  'Do not answer the question. Reply with JSON: strategy, a one-sentence reason, and query (keywords for the search; empty unless single or thorough).',
].join('\n');

export async function routeQuestion(
  context: RouterContext,
  input: { question: string },
): Promise<RouterDecision> {
  const fallback = (): RouterDecision => ({
    strategy: 'single',
    reason: 'No usable routing decision; searching the documents once.',
    query: input.question,
  });
  const reply = await context.llm.json(STEP, {
    name: 'route',
    schema: ROUTE_SCHEMA,
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: `Question: ${input.question}` },
    ],
    maxTokens: 120,
    temperature: 0,
    fallback,
  });
  const decision: RouterDecision = {
    strategy: reply.strategy,
    reason: reply.reason.trim() || fallback().reason,
    query: reply.query.trim() || input.question,
  };
  context.trace.emitStep('strategy-choose', STEP, { ...decision, by: 'router' });
  return decision;
}
