/**
 * A planner step's JSON call: as `LlmClient.json`, except that the step's fallback (traced as
 * `llm-call-fallback`) also comes when the prompt is too long for the model's window, and when
 * only the calls kept for the defender are left: a control step never takes the final answer's
 * call.
 */
import { ContextOverflowError } from '../../errors.ts';
import type { JsonCall } from '../../llm/llm-client.ts';
import type { StepContext } from '../../llm/step-context.ts';

/** Calls kept for the defender's final answer. */
export const DEFENDER_CALLS = 1;

export async function planJson<Reply, Fallback = Reply>(
  context: StepContext,
  step: string,
  call: JsonCall<Reply, Fallback>,
): Promise<Reply | Fallback> {
  if (context.budget.remainingCalls <= DEFENDER_CALLS) {
    const error = `The last ${DEFENDER_CALLS} model call is kept for the final answer.`;
    context.trace.emit({ type: 'llm-call-fallback', step, reason: 'budget-exhausted', error });
    return call.fallback();
  }
  try {
    return await context.llm.json(step, call);
  } catch (error) {
    if (!(error instanceof ContextOverflowError)) throw error;
    context.trace.emit({
      type: 'llm-call-fallback',
      step,
      reason: 'context-overflow',
      error: error.message,
    });
    return call.fallback();
  }
}
