/**
 * Question splitter (RopMura's greedy planner): from the question and what is Known and Required,
 * a few candidate sub-questions that would close a gap. Fallback: the open gaps themselves, then
 * the question.
 */
import * as schema from '../../llm/json-schema.ts';
import type { StepContext } from '../../llm/step-context.ts';
import { planJson } from './json-step.ts';
import { describeKnowledge, KNOWN_IS_DATA, type PlannerKnowledge } from './knowledge.ts';

/** Candidates kept at most. */
export const MAX_CANDIDATES = 4;

/** What the reply must be (exported for the tests of the model-reply reader). */
export const SPLITTER_SCHEMA = schema.object({ subQuestions: schema.array(schema.string()) });

const SYSTEM = [
  "You plan the search for a question that needs several facts from the user's documents.",
  `Propose up to ${MAX_CANDIDATES} short sub-questions, each answerable by one document search, that would close one of the gaps in What is Required.`,
  'Write each as a complete question that names its people, places and things: use the names found in What is Known instead of pronouns or phrases like "that company".',
  'Never propose a sub-question that was already asked or whose answer is already Known.',
  'Reply with JSON: {"subQuestions": ["…"]}.',
  KNOWN_IS_DATA,
].join('\n');

export interface SplitOptions {
  /** The competing agent's number (0 alone), for the trace. */
  agent: number;
  /** Higher for later competitors, so they explore different sub-questions. */
  temperature: number;
}

export async function splitQuestion(
  context: StepContext,
  knowledge: PlannerKnowledge,
  options: SplitOptions,
): Promise<string[]> {
  const reply = await planJson(context, 'plan-split', {
    name: 'sub_questions',
    schema: SPLITTER_SCHEMA,
    messages: [
      { role: 'system', content: SYSTEM },
      {
        role: 'user',
        content: `Question: ${context.question}\n\n${describeKnowledge(knowledge)}`,
      },
    ],
    maxTokens: 200,
    temperature: options.temperature,
    fallback: () => ({ subQuestions: [...knowledge.required, context.question] }),
  });
  const candidates = reply.subQuestions
    .map((candidate) => candidate.trim())
    .filter((candidate) => candidate.length > 0)
    .slice(0, MAX_CANDIDATES);
  context.trace.emitStep('subquestion-split', 'splitter', {
    agent: options.agent,
    candidates,
  });
  return candidates;
}
