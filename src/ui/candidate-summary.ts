/**
 * Thorough mode's candidates at a glance: the trace's candidate events folded into one row per
 * candidate, with its latest text's stage and answer, its evidence notes, its latest score and
 * whether it was chosen. Runs of other strategies have no rows.
 */
import { QUALITY_THRESHOLD } from '../core/agents/refine/candidate.ts';
import type { TraceEventOf } from '../core/llm/trace-events.ts';
import type { TraceEvent } from './clients/library-client.ts';

/** `writing` until the candidate's first text ends; then the stage that wrote its latest text. */
export type CandidateRowStage = 'writing' | TraceEventOf<'candidate-end'>['stage'];

export interface CandidateRowScore {
  q: number;
  logic: number;
  answer: number;
  explanation: number;
  passed: boolean;
  /** The evaluator gave nothing usable; the score is a stand-in. */
  fallback: boolean;
}

export interface CandidateRow {
  id: number;
  stage: CandidateRowStage;
  /** The latest short answer; null while writing or when the candidate has none. */
  answer: string | null;
  /** Evidence notes spliced into it. */
  notes: number;
  score?: CandidateRowScore;
  chosen: boolean;
}

const STAGE_LABELS: Readonly<Record<CandidateRowStage, string>> = {
  writing: 'Writing…',
  proposal: 'Proposed',
  correction: 'Corrected',
  refinement: 'Refined',
  rework: 'Reworked',
};

export function stageLabel(stage: CandidateRowStage): string {
  return STAGE_LABELS[stage];
}

/** "passed", "below 3", or "not evaluated" when the evaluator gave nothing usable (a stand-in). */
export function scoreVerdict(score: Pick<CandidateRowScore, 'passed' | 'fallback'>): string {
  if (score.fallback) return 'not evaluated';
  return score.passed ? 'passed' : `below ${QUALITY_THRESHOLD}`;
}

/** One row per candidate, by id; empty when the events name no candidate. */
export function summarizeCandidates(events: readonly TraceEvent[]): CandidateRow[] {
  const rows = new Map<number, CandidateRow>();
  let chosen: number | undefined;
  const rowOf = (id: number): CandidateRow => {
    let row = rows.get(id);
    if (!row) {
      row = { id, stage: 'writing', answer: null, notes: 0, chosen: false };
      rows.set(id, row);
    }
    return row;
  };
  for (const event of events) {
    switch (event.type) {
      case 'rank-end':
      case 'thorough-end':
        chosen = event.chosen ?? chosen;
        break;
      case 'rank-override':
        chosen = event.to;
        break;
      case 'candidate-start':
        rowOf(event.candidate);
        break;
      case 'candidate-end': {
        const row = rowOf(event.candidate);
        row.stage = event.stage;
        row.answer = event.answer?.trim() || null;
        row.notes = event.injections;
        break;
      }
      case 'injection-end':
        rowOf(event.candidate).notes += 1;
        break;
      case 'candidate-score':
        rowOf(event.candidate).score = scoreOf(event);
        break;
      default:
        break;
    }
  }
  return [...rows.values()]
    .map((row) => ({ ...row, chosen: row.id === chosen }))
    .sort((first, second) => first.id - second.id);
}

function scoreOf(event: TraceEventOf<'candidate-score'>): CandidateRowScore {
  const { q, logic, answer, explanation, passed } = event;
  return { q, logic, answer, explanation, passed, fallback: event.decidedBy === 'fallback' };
}
