/**
 * The `plan` strategy, for multi-hop questions: a greedy planner (RopMura) over What is Known /
 * What is Required (knowledge-aware iterative retrieval). Each round every agent splits, selects
 * a new sub-question, answers it and extracts facts; then the leading agent (fewest open gaps) is
 * judged. The loop stops when an agent has no gap left, the judge finds the question answerable,
 * no agent has a new sub-question, or the rounds or calls run out (one call is always kept for the
 * defender); the defender then answers from the leader's Known facts.
 */
import {
  advanceAgent,
  type AnswerSubQuestion,
  type PlannerAgent,
} from '../../agents/planner/agent-round.ts';
import { defendAnswer } from '../../agents/planner/defender.ts';
import { DEFENDER_CALLS } from '../../agents/planner/json-step.ts';
import { judgeKnowledge } from '../../agents/planner/judge.ts';
import { createKnowledge } from '../../agents/planner/knowledge.ts';
import type { Strategy } from '../strategy.ts';
import type { StepContext } from '../../llm/step-context.ts';

export interface PlanStrategyOptions {
  answerSubQuestion: AnswerSubQuestion;
  /** Competing agents, each with its own Known and Required (default 1: no competition). */
  competitors?: 1 | 2 | 3;
}

/** The fewest calls one agent's round takes: split, sub-answer, fact extraction. */
const CALLS_PER_AGENT_ROUND = 3;

type StopReason = 'no-gaps' | 'answerable' | 'no-new-subquestion' | 'rounds' | 'calls';

export function createPlanStrategy(options: PlanStrategyOptions): Strategy {
  const competitors = options.competitors ?? 1;
  return async (context) => {
    let agents: PlannerAgent[] = Array.from({ length: competitors }, (_unused, number) => ({
      number,
      knowledge: createKnowledge(context.question),
      stuck: false,
    }));
    context.trace.emitStep('plan-start', 'planner', {
      competitors,
      maxRounds: context.budget.budget.maxRounds,
    });
    let leader = agents[0] as PlannerAgent;
    let reason: StopReason | undefined;
    while (reason === undefined) {
      context.signal?.throwIfAborted();
      reason = roundBlocked(context, agents);
      if (reason !== undefined) break;
      const round = context.budget.startRound('plan');
      context.trace.emitStep('round-start', 'planner', { round });
      agents = await advanceAll(context, agents, options.answerSubQuestion);
      leader = pickLeader(agents);
      if (competitors > 1) {
        context.trace.emitStep('leader-select', 'planner', {
          round,
          leader: leader.number,
          gaps: agents.map((agent) => agent.knowledge.required.length),
        });
      }
      reason = await roundOutcome(context, agents, leader);
    }
    context.trace.emitStep('plan-end', 'planner', {
      reason,
      rounds: context.budget.roundsStarted,
      leader: leader.number,
      known: leader.knowledge.known.length,
      required: [...leader.knowledge.required],
    });
    return defendAnswer(context, leader.knowledge);
  };
}

/** Why no further round can start, if none can. */
function roundBlocked(
  context: StepContext,
  agents: readonly PlannerAgent[],
): StopReason | undefined {
  if (!context.budget.canStartRound()) return 'rounds';
  const active = agents.filter((agent) => !agent.stuck).length;
  const needed = DEFENDER_CALLS + CALLS_PER_AGENT_ROUND * active;
  return context.budget.remainingCalls < needed ? 'calls' : undefined;
}

/** Each agent that can still advance takes one round, in turn; the first without gaps ends it. */
async function advanceAll(
  context: StepContext,
  agents: readonly PlannerAgent[],
  answerSubQuestion: AnswerSubQuestion,
): Promise<PlannerAgent[]> {
  const advanced = [...agents];
  for (const [index, agent] of agents.entries()) {
    if (agent.stuck) continue;
    const next = await advanceAgent(context, agent, answerSubQuestion);
    advanced[index] = next;
    if (next.knowledge.required.length === 0) break;
  }
  return advanced;
}

/** Fewest open gaps, then most Known facts, then the earliest agent. */
function pickLeader(agents: readonly PlannerAgent[]): PlannerAgent {
  return agents.reduce((best, agent) => {
    const gaps = agent.knowledge.required.length - best.knowledge.required.length;
    const facts = agent.knowledge.known.length - best.knowledge.known.length;
    return gaps < 0 || (gaps === 0 && facts > 0) ? agent : best;
  });
}

async function roundOutcome(
  context: StepContext,
  agents: readonly PlannerAgent[],
  leader: PlannerAgent,
): Promise<StopReason | undefined> {
  if (leader.knowledge.required.length === 0) return 'no-gaps';
  if (agents.every((agent) => agent.stuck)) return 'no-new-subquestion';
  if (context.budget.remainingCalls <= DEFENDER_CALLS) return 'calls';
  const judgement = await judgeKnowledge(context, leader.knowledge, leader.number);
  return judgement.answerable ? 'answerable' : undefined;
}
