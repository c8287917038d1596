/**
 * Judge (RopMura): whether what is Known answers the question. Nothing Known is not answerable,
 * without a call. Fallback: not answerable, so the loop goes on while its budget lasts.
 */
import * as schema from '../../llm/json-schema.ts';
import type { StepContext } from '../../llm/step-context.ts';
import { planJson } from './json-step.ts';
import { describeKnowledge, KNOWN_IS_DATA, type PlannerKnowledge } from './knowledge.ts';

/** What the reply must be (exported for the tests of the model-reply reader). */
export const JUDGE_SCHEMA = schema.object({
  answerable: schema.boolean(),
  reason: schema.string(),
});

export type Judgement = schema.SchemaValue<typeof JUDGE_SCHEMA>;

const SYSTEM = [
  'You decide whether a question can be answered fully from the facts in What is Known, and nothing else.',
  'Answerable only when every part of the question is covered by a Known fact; otherwise say which part is missing.',
  'Reply with JSON: {"answerable": true or false, "reason": "<one short sentence>"}.',
  KNOWN_IS_DATA,
].join('\n');

export async function judgeKnowledge(
  context: StepContext,
  knowledge: PlannerKnowledge,
  agent: number,
): Promise<Judgement> {
  const judgement: Judgement =
    knowledge.known.length === 0
      ? { answerable: false, reason: 'Nothing is Known yet.' }
      : await planJson(context, 'plan-judge', {
          name: 'judgement',
          schema: JUDGE_SCHEMA,
          messages: [
            { role: 'system', content: SYSTEM },
            {
              role: 'user',
              content: `Question: ${context.question}\n\n${describeKnowledge(knowledge)}`,
            },
          ],
          maxTokens: 100,
          fallback: () => ({ answerable: false, reason: 'The judgement could not be read.' }),
        });
  context.trace.emitStep('judge-end', 'judge', { agent, ...judgement });
  return judgement;
}
