/**
 * Thorough mode's candidates at a glance: the trace's candidate events folded into one row per
 * candidate, with its latest text's stage and answer, its evidence notes, its latest score and
 * whether it was chosen. Runs of other strategies have no rows.
 */
import { QUALITY_THRESHOLD } from '../core/agents/refine/candidate.ts';
import type { TraceEvent } from './clients/library-client.ts';
import { candidateIn, chosenIn, countIn, numberIn, textIn } from './trace-data.ts';

/** `writing` until the candidate's first text ends; then the stage that wrote its latest text. */
export type CandidateRowStage = 'writing' | 'proposal' | 'correction' | 'refinement' | 'rework';

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

const STAGES: ReadonlySet<string> = new Set(['proposal', 'correction', 'refinement', 'rework']);

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
    if (!('data' in event)) continue;
    const { data } = event;
    if (['rank-end', 'rank-override', 'thorough-end'].includes(event.type)) {
      chosen = chosenIn(data) ?? chosen;
      continue;
    }
    const id = candidateIn(data);
    if (id === undefined) continue;
    switch (event.type) {
      case 'candidate-start':
        rowOf(id);
        break;
      case 'candidate-end': {
        const row = rowOf(id);
        const stage = textIn(data, 'stage');
        if (STAGES.has(stage)) row.stage = stage as CandidateRowStage;
        row.answer = textIn(data, 'answer').trim() || null;
        if ('injections' in data) row.notes = countIn(data, 'injections');
        break;
      }
      case 'injection-end':
        rowOf(id).notes += 1;
        break;
      case 'candidate-score':
        rowOf(id).score = scoreOf(data);
        break;
      default:
        break;
    }
  }
  return [...rows.values()]
    .map((row) => ({ ...row, chosen: row.id === chosen }))
    .sort((first, second) => first.id - second.id);
}

function scoreOf(data: Readonly<Record<string, unknown>>): CandidateRowScore {
  return {
    q: numberIn(data, 'q') ?? 0,
    logic: numberIn(data, 'logic') ?? 0,
    answer: numberIn(data, 'answer') ?? 0,
    explanation: numberIn(data, 'explanation') ?? 0,
    passed: data.passed === true,
    fallback: textIn(data, 'decidedBy') === 'fallback',
  };
}
