/**
 * Question selector (RopMura): one candidate that was not asked before and is unambiguous (its
 * people, places and things named, from what is Known), rewritten where it is not. Without a new
 * candidate the question itself is asked, once; null when even that was asked: nothing new is left.
 * Fallback for an unusable choice: the first new candidate.
 */
import * as schema from '../../llm/json-schema.ts';
import type { StepContext } from '../../llm/step-context.ts';
import { planJson } from './json-step.ts';
import {
  describeKnowledge,
  isRepeat,
  KNOWN_IS_DATA,
  normaliseStatement,
  type PlannerKnowledge,
} from './knowledge.ts';

/** What the reply must be (exported for the tests of the model-reply reader). */
export const SELECTOR_SCHEMA = schema.object({
  choice: schema.integer(),
  subQuestion: schema.string(),
});

const SYSTEM = [
  "You choose the next sub-question to search the user's documents for.",
  'Choose the candidate that best closes a gap in What is Required and can be searched now: every person, place or thing it refers to is named, not referred to as "he", "it" or "that film".',
  'If the chosen candidate still refers to something unnamed that What is Known names, rewrite it with the name. Do not add facts that are not Known.',
  'Reply with JSON: {"choice": <candidate number>, "subQuestion": "<the sub-question, rewritten if needed>"}.',
  KNOWN_IS_DATA,
].join('\n');

export async function selectSubQuestion(
  context: StepContext,
  knowledge: PlannerKnowledge,
  candidates: readonly string[],
  agent: number,
): Promise<string | null> {
  const fresh = distinct(candidates.filter((candidate) => !isRepeat(knowledge, candidate)));
  const selected = await choose(context, knowledge, fresh);
  context.trace.emitStep('subquestion-select', 'selector', {
    agent,
    subQuestion: selected ?? undefined,
    newCandidates: fresh.length,
  });
  return selected;
}

async function choose(
  context: StepContext,
  knowledge: PlannerKnowledge,
  fresh: readonly string[],
): Promise<string | null> {
  const first = fresh[0];
  if (first === undefined) return isRepeat(knowledge, context.question) ? null : context.question;
  if (fresh.length === 1) return first;
  const numbered = fresh.map((candidate, index) => `${index + 1}. ${candidate}`).join('\n');
  const reply = await planJson(context, 'plan-select', {
    name: 'sub_question_choice',
    schema: SELECTOR_SCHEMA,
    messages: [
      { role: 'system', content: SYSTEM },
      {
        role: 'user',
        content: `Question: ${context.question}\n\n${describeKnowledge(knowledge)}\n\nCandidates:\n${numbered}`,
      },
    ],
    maxTokens: 120,
    fallback: () => ({ choice: 1, subQuestion: first }),
  });
  const rewritten = reply.subQuestion.trim();
  if (rewritten.length > 0 && !isRepeat(knowledge, rewritten)) return rewritten;
  return fresh[reply.choice - 1] ?? first;
}

/** Without repeats among themselves (as worded after normalising). */
function distinct(candidates: readonly string[]): string[] {
  const seen = new Set<string>();
  return candidates.filter((candidate) => {
    const key = normaliseStatement(candidate);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
