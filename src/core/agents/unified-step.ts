/**
 * One step of the unified agent loop (Agent-UniRAG): a thought, then an action, either a search
 * with a query of its own or the final answer, decided from the question and the working memory
 * (the passages the evidence reflector kept, numbered, and the queries already run). Without a
 * usable decision (malformed output, a spent budget, a search without a query, or an answer before
 * any search has run) the rule decides: search with the question while memory is empty, else
 * answer. Each step is traced as `thought-end`.
 */
import * as schema from '../llm/json-schema.ts';
import type { LlmClient } from '../llm/llm-client.ts';
import type { Evidence } from '../ports/retriever.ts';
import type { Trace } from '../llm/trace.ts';

export interface UnifiedStepContext {
  llm: LlmClient;
  trace: Trace;
}

/** What the loop has gathered so far. */
export interface WorkingMemory {
  /** Passages the reflector kept, in the order they were found; passage n is `passages[n - 1]`. */
  passages: Evidence[];
  /** Search queries already run, in order. */
  queries: string[];
}

export interface UnifiedStepInput {
  question: string;
  /** The query to search with when the rule decides (the router's query, or the question). */
  defaultQuery: string;
  memory: WorkingMemory;
}

export interface UnifiedStepOutput {
  thought: string;
  action: StepReply['action'];
  /** Set when the action is `search`. */
  query?: string;
  /** `model`: the model's decision; `rule`: the fallback rule's. */
  decidedBy: 'model' | 'rule';
}

const STEP = 'unified-step';
/** Completion tokens for a thought and a query. */
const STEP_MAX_TOKENS = 160;

/** What the reply must be (exported for the tests of the model-reply reader). */
export const UNIFIED_STEP_SCHEMA = schema.object({
  thought: schema.string(),
  action: schema.enumeration(['search', 'answer']),
  query: schema.string(),
});

type StepReply = schema.SchemaValue<typeof UNIFIED_STEP_SCHEMA>;

const SYSTEM = [
  "You are a research assistant that answers questions from the user's documents by searching them.",
  'The passages are your working memory: what earlier searches found that helps.',
  'Think in one or two sentences about what the passages already establish and what is still missing.',
  'Then choose one action: "search" with a short keyword query for the missing fact (a new query, never one already run), or "answer" when the passages hold everything the answer needs or further searching is unlikely to help.',
  'Reply with JSON: thought, action ("search" or "answer"), and query (an empty string when answering).',
].join('\n');

export async function decideUnifiedStep(
  context: UnifiedStepContext,
  input: UnifiedStepInput,
): Promise<UnifiedStepOutput> {
  const { memory } = input;
  const history =
    memory.queries.length > 0
      ? `Queries already run:\n${memory.queries.map((query) => `- ${query}`).join('\n')}`
      : 'No search has run yet.';
  const prompt = context.llm.fitPrompt(
    {
      system: SYSTEM,
      instructions: `${history}\n\nWorking memory:`,
      question: input.question,
      passages: memory.passages,
    },
    STEP_MAX_TOKENS,
  );
  const reply = await context.llm.json(STEP, {
    name: 'unified_step',
    schema: UNIFIED_STEP_SCHEMA,
    messages: prompt.messages,
    maxTokens: STEP_MAX_TOKENS,
    temperature: 0,
    fallback: () => undefined,
  });
  const output = usableDecision(reply, memory) ?? ruleDecision(input);
  context.trace.emitStep('thought-end', STEP, {
    thought: output.thought,
    action: output.action,
    query: output.query,
    decidedBy: output.decidedBy,
    memory: memory.passages.length,
  });
  return output;
}

function usableDecision(
  reply: StepReply | undefined,
  memory: WorkingMemory,
): UnifiedStepOutput | undefined {
  if (!reply) return undefined;
  const thought = reply.thought.trim();
  const query = reply.query.trim();
  if (reply.action === 'search' && query.length > 0) {
    return { thought, action: 'search', query, decidedBy: 'model' };
  }
  if (reply.action === 'answer' && memory.queries.length > 0) {
    return { thought, action: 'answer', decidedBy: 'model' };
  }
  return undefined;
}

function ruleDecision(input: UnifiedStepInput): UnifiedStepOutput {
  if (input.memory.passages.length === 0) {
    return {
      thought: 'Nothing is known yet: search with the question.',
      action: 'search',
      query: input.defaultQuery,
      decidedBy: 'rule',
    };
  }
  return {
    thought: 'Answer from the working memory.',
    action: 'answer',
    decidedBy: 'rule',
  };
}
