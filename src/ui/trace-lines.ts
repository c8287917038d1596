/**
 * Trace events as lines a person reads: what the run decided, retrieved, kept and dropped, and
 * what it cost. Events with nothing to say on their own (a call starting) give no line.
 */
import type { TraceEvent } from './clients/library-client.ts';
import { countOf, formatInteger, truncate } from './format.ts';
import { confidenceWords } from './passage-reading.ts';
import { describeThoroughStep, type Described } from './thorough-trace-lines.ts';
import { CHOSEN_BY, FALLBACK_REASONS, NEEDS_MODEL_REASONS, PLAN_STOPS } from './trace-words.ts';
import { isCoreEvent, type TraceEventOf } from '../core/llm/trace-events.ts';
import { engineName } from './engine-name.ts';

export interface TraceLine {
  /** The event's time, milliseconds since the run began. */
  at: number;
  title: string;
  detail?: string;
  /** Something went wrong or was thrown away: a drop, a spent budget, a failure. */
  warning?: boolean;
  /**
   * A fallback or a skip the run took as designed (a step went on without a model's reply, or
   * answered from the passages directly): information, not a fault.
   */
  info?: boolean;
}

export interface LiveTotals {
  llmCalls: number;
  tokens: number;
  /** Steps the run's agents and the engine reported (step events). */
  steps: number;
  ms: number;
}

type Names = ReadonlyMap<string, string>;

/** How much of a question, answer or reason a line shows. */
const TEXT_LENGTH = 200;

export function traceLine(event: TraceEvent, names: Names): TraceLine | undefined {
  const described = describe(event, names);
  if (!described) return undefined;
  return { at: event.at, ...described };
}

/** Calls, tokens, steps and time so far (the whole run once it ended). */
export function liveTotals(events: readonly TraceEvent[]): LiveTotals {
  let llmCalls = 0;
  let tokens = 0;
  let steps = 0;
  for (const event of events) {
    if (!isCoreEvent(event)) steps += 1;
    else if (event.type === 'llm-call-end') {
      llmCalls += 1;
      tokens += event.promptTokens + event.completionTokens;
    }
  }
  return { llmCalls, tokens, steps, ms: events.at(-1)?.at ?? 0 };
}

/**
 * Whether a turn's run used no language model: no model call ended and it was answered from the
 * passages (the `passages` strategy ran, or it left a reading), or, while it runs, no model
 * answers now (`answersWithoutModel`). A run with a model that has made no call yet is not one.
 */
export function ranWithoutModel(
  turn: {
    events: readonly TraceEvent[];
    strategyRun?: string | undefined;
    reading?: unknown;
    status: string;
  },
  answersWithoutModel = false,
): boolean {
  if (liveTotals(turn.events).llmCalls > 0) return false;
  if (turn.strategyRun === 'passages' || turn.reading !== undefined) return true;
  if (turn.events.some(({ type }) => type === 'reading-end')) return true;
  return turn.status === 'running' && answersWithoutModel;
}

/**
 * What a run cost, in one line: model calls, tokens and time; for a run without a model, its
 * steps and time (no model calls or tokens to count).
 */
export function costLine(totals: LiveTotals, withoutModel: boolean, running = false): string {
  const time = `${(totals.ms / 1000).toFixed(1)} s${running ? ' so far' : ''}`;
  if (withoutModel) return `No language model · ${countOf(totals.steps, 'step')} · ${time}`;
  return `${countOf(totals.llmCalls, 'LLM call')} · ${formatInteger(totals.tokens)} tokens · ${time}`;
}

function describe(event: TraceEvent, names: Names): Described | undefined {
  const collection = (id: string | undefined) => names.get(id ?? '') ?? 'a collection';
  switch (event.type) {
    case 'run-start':
      return {
        title: 'Question received',
        ...detailOf(
          [
            event.strategy ? `Strategy setting: ${event.strategy}` : '',
            event.engine ? `Answering with ${engineName(event.engine)}` : '',
          ]
            .filter((part) => part !== '')
            .join(' · '),
        ),
      };
    case 'run-end':
      return { title: `Run ${event.outcome}`, ...detailOf(event.error?.message ?? '') };
    case 'llm-call-end':
      return {
        title: `LLM call ${event.call} (${event.step})`,
        detail: `${formatInteger(event.promptTokens + event.completionTokens)} tokens · ${Math.round(event.ms)} ms`,
      };
    case 'llm-call-repair':
      return { title: `Malformed output repaired (${event.step})`, ...detailOf(event.error) };
    case 'llm-call-fallback': {
      const why = FALLBACK_REASONS[event.reason];
      return {
        title: `Went on without the model${event.step ? ` (${event.step})` : ''}`,
        detail: event.error ? `${why}: ${event.error}` : why,
        info: true,
      };
    }
    case 'budget-exhausted':
      return {
        title: 'Budget spent',
        detail: `${event.limit}: ${event.max} (${event.step})`,
        warning: true,
      };
    case 'strategy-choose': {
      const reason = truncate(event.reason, TEXT_LENGTH);
      return {
        title: `Strategy: ${event.strategy} (${CHOSEN_BY[event.by]})`,
        ...detailOf(
          reason || (event.strategy === 'passages' ? 'Read without a language model' : ''),
        ),
      };
    }
    case 'question-rewrite':
      return describeRewrite(event);
    case 'strategy-fallback':
      return {
        title:
          event.running === 'passages'
            ? 'No language model: answered from the passages directly'
            : `Strategy: ${event.running} instead`,
        ...detailOf(event.reason),
        info: true,
      };
    case 'collections-route':
      return {
        title: `Routed to ${countOf(event.selected.length, 'collection')}`,
        ...detailOf(event.selected.map((id) => names.get(id) ?? id).join(', ')),
      };
    case 'retrieval-end': {
      const from =
        event.collectionId === undefined ? '' : ` from ${collection(event.collectionId)}`;
      const forCandidate = event.candidate === undefined ? '' : ` for candidate ${event.candidate}`;
      return {
        title: `Retrieved ${countOf(event.passages.length, 'passage')}${from}${forCandidate}`,
        ...detailOf(event.candidate === undefined ? '' : (event.query ?? '')),
      };
    }
    case 'reading-end':
      return describeReading(event);
    case 'evidence-filter': {
      const offered = event.offered.length;
      const kept = event.kept.length;
      const fallback = event.decidedBy === 'fallback';
      return {
        title: `Evidence: kept ${kept} of ${offered}, dropped ${Math.max(0, offered - kept)}`,
        detail: fallback
          ? 'Kept the best-ranked passages (the filter gave no usable reply)'
          : `Decided by ${event.decidedBy}`,
        ...(fallback ? { info: true } : {}),
      };
    }
    case 'filter-skip':
      return {
        title: `Evidence filter skipped for ${collection(event.collectionId)}`,
        detail: 'No model calls left: the best-ranked passages were kept',
        info: true,
      };
    case 'specialist-answer':
      return {
        title: `Specialist ${collection(event.collectionId)}: ${event.answer ? 'answered' : 'does not know'}`,
        detail: `${countOf(event.quotes, 'quote')} kept, ${event.droppedQuotes} dropped`,
      };
    case 'response-rate':
      return { title: `Responses rated: ${event.status}` };
    case 'citation-drop':
      return {
        title: `Citation${event.number === undefined ? '' : ` [${event.number}]`} dropped`,
        ...detailOf(event.reason),
        warning: true,
      };
    case 'subquestion-split':
      return {
        title: `Sub-questions proposed: ${event.candidates.length}`,
        ...detailOf(event.candidates.join(' · ')),
      };
    case 'subquestion-select': {
      const subQuestion = event.subQuestion?.trim() ?? '';
      return subQuestion
        ? { title: 'Sub-question', detail: subQuestion }
        : { title: 'No new sub-question to ask', info: true };
    }
    case 'subanswer-end':
      return describeSubAnswer(event);
    case 'knowledge-update':
      return {
        title: `Known: ${countOf(event.known.length, 'fact')} · Required: ${event.required.length} open`,
        ...detailOf(event.required.join(' · ')),
      };
    case 'judge-end':
      return {
        title: `Judge: ${event.answerable ? 'answerable' : 'not answerable yet'}`,
        ...detailOf(event.reason),
      };
    case 'round-start':
      return { title: `Planning round ${event.round}` };
    case 'plan-end':
      return { title: `Planning stopped: ${PLAN_STOPS[event.reason]}` };
    case 'defender-end':
      return {
        title: `Final answer written: ${event.status}`,
        ...(event.fallback
          ? { detail: 'Listed the facts found (no model calls left)', info: true }
          : {}),
      };
    // Nothing to say on their own: a start, or a step whose outcome a later event reports.
    case 'llm-call-start':
    case 'retrieval-start':
    case 'plan-start':
    case 'leader-select':
    case 'unified-start':
    case 'thought-end':
    case 'memory-update':
    case 'unified-end':
    case 'answer-end':
      return undefined;
    default:
      return describeThoroughStep(event);
  }
}

function describeRewrite(event: TraceEventOf<'question-rewrite'>): Described {
  switch (event.by) {
    case 'model':
      return { title: 'Follow-up rewritten', ...detailOf(event.standalone) };
    case 'as-asked':
      return { title: 'Follow-up searched as asked', ...detailOf(event.reason), info: true };
    case 'fallback':
      return {
        title: 'Follow-up searched with the previous question’s words',
        ...detailOf(event.searchTerms.join(' ')),
        info: true,
      };
  }
}

function describeSubAnswer(event: TraceEventOf<'subanswer-end'>): Described {
  const subQuestion = event.subQuestion.trim();
  const answer = event.answer?.trim() ?? '';
  return {
    title: answer ? 'Sub-answer' : 'Sub-question not answered',
    ...detailOf(
      subQuestion && answer
        ? `${subQuestion} → ${truncate(answer, TEXT_LENGTH)}`
        : subQuestion || truncate(answer, TEXT_LENGTH),
    ),
  };
}

/** The `passages` strategy's reading: what it found without a model, in words. */
function describeReading(event: TraceEventOf<'reading-end'>): Described {
  const read = `Read ${countOf(event.passages, 'passage')} without a model`;
  const answer = truncate(event.answer ?? '', TEXT_LENGTH);
  const sure = event.confidence === undefined ? '' : ` (${confidenceWords(event.confidence)})`;
  switch (event.outcome) {
    case 'nothing':
      return { title: 'Nothing matched above the relevance floor', info: true };
    case 'answer':
      return { title: answer ? `${read}: likely answer “${answer}”${sure}` : read };
    case 'needs-model':
      return {
        title: `${read}: ${NEEDS_MODEL_REASONS[event.reason ?? 'low-confidence']}`,
        ...detailOf(answer ? `Best guess, not stated: “${answer}”${sure}` : ''),
        info: true,
      };
  }
}

function detailOf(detail: string): { detail?: string } {
  return detail.trim() === '' ? {} : { detail };
}
