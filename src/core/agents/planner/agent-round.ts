/**
 * One round of one planner agent: split the question into candidates, select a new unambiguous
 * sub-question, answer it through the injected single-retrieval path, and extract facts and gaps.
 */
import { BudgetExhaustedError } from '../../errors.ts';
import type { Evidence } from '../../ports/retriever.ts';
import type { StepContext } from '../../llm/step-context.ts';
import { extractFacts } from './fact-extractor.ts';
import { recordSubQuestion, type PlannerKnowledge } from './knowledge.ts';
import { selectSubQuestion } from './selector.ts';
import { splitQuestion } from './splitter.ts';

export interface SubAnswer {
  /** Null when the library holds no answer. */
  answer: string | null;
  /** The passages the answer cites (or the retrieved ones), best first. */
  evidence: Evidence[];
}

/** Routes and answers one sub-question (the driver passes the single-retrieval specialist path). */
export type AnswerSubQuestion = (context: StepContext, subQuestion: string) => Promise<SubAnswer>;

export interface PlannerAgent {
  /** 0-based; 0 is the only agent outside competition mode. */
  number: number;
  knowledge: PlannerKnowledge;
  /** No new sub-question was left to ask: the agent cannot advance any more. */
  stuck: boolean;
}

/** Splitter temperature of the first agent, and the step between competitors. */
const BASE_TEMPERATURE = 0.2;
const TEMPERATURE_STEP = 0.3;

export async function advanceAgent(
  context: StepContext,
  agent: PlannerAgent,
  answerSubQuestion: AnswerSubQuestion,
): Promise<PlannerAgent> {
  const candidates = await splitQuestion(context, agent.knowledge, {
    agent: agent.number,
    temperature: BASE_TEMPERATURE + TEMPERATURE_STEP * agent.number,
  });
  const subQuestion = await selectSubQuestion(context, agent.knowledge, candidates, agent.number);
  if (subQuestion === null) return { ...agent, stuck: true };

  const subAnswer = await answerWithinBudget(context, subQuestion, answerSubQuestion);
  context.trace.emitStep('subanswer-end', 'planner', {
    agent: agent.number,
    subQuestion,
    answer: subAnswer.answer ?? undefined,
    evidence: subAnswer.evidence.map((passage) => passage.id),
  });
  const asked = recordSubQuestion(agent.knowledge, subQuestion, subAnswer.answer);
  const knowledge = await extractFacts(context, asked, subQuestion, subAnswer, agent.number);
  return { ...agent, knowledge };
}

/** A sub-answer that ran out of calls is no answer; the loop's own checks then end it. */
async function answerWithinBudget(
  context: StepContext,
  subQuestion: string,
  answerSubQuestion: AnswerSubQuestion,
): Promise<SubAnswer> {
  try {
    return await answerSubQuestion(context, subQuestion);
  } catch (error) {
    if (!(error instanceof BudgetExhaustedError)) throw error;
    return { answer: null, evidence: [] };
  }
}
