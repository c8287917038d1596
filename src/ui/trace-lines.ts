/**
 * Trace events as lines a person reads: what the run decided, retrieved, kept and dropped, and
 * what it cost. Events with nothing to say on their own (a call starting) give no line.
 */
import type { TraceEvent } from './clients/library-client.ts';
import { countOf, formatInteger } from './format.ts';
import { confidenceWords } from './passage-reading.ts';
import { describeThoroughStep } from './thorough-trace-lines.ts';
import { candidateIn, countIn, numberIn, textIn, textsIn, truncate } from './trace-data.ts';
import { isRecord } from '../core/is-record.ts';

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
type Data = Readonly<Record<string, unknown>>;

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
    if ('data' in event) steps += 1;
    else if (event.type === 'llm-call-end' && 'promptTokens' in event) {
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

function describe(event: TraceEvent, names: Names): Omit<TraceLine, 'at'> | undefined {
  if ('data' in event)
    return describeStep(event.type, isRecord(event.data) ? event.data : {}, names);
  switch (event.type) {
    case 'run-start':
      return {
        title: 'Question received',
        ...detailOf(event.strategy ? `Strategy setting: ${event.strategy}` : ''),
      };
    case 'run-end':
      return {
        title: `Run ${event.outcome || 'ended'}`,
        ...detailOf(event.error?.message ?? ''),
      };
    case 'llm-call-end':
      return {
        title: `LLM call ${event.call} (${event.step})`,
        detail: `${formatInteger(event.promptTokens + event.completionTokens)} tokens · ${Math.round(event.ms)} ms`,
      };
    case 'llm-call-repair':
      return { title: `Malformed output repaired (${event.step})`, ...detailOf(event.error ?? '') };
    case 'llm-call-fallback': {
      const why = FALLBACK_REASONS[event.reason] ?? 'its reply could not be used';
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
    default:
      return undefined;
  }
}

/** Why a step took its default instead of the model's reply. */
const FALLBACK_REASONS: Readonly<Record<string, string>> = {
  malformed: 'the reply could not be read, so the step took its default',
  'budget-exhausted': 'no model calls were left, so the step took its default',
  'context-overflow': 'the prompt did not fit the model, so the step took its default',
};

const CHOSEN_BY: Readonly<Record<string, string>> = {
  engine: 'no language model',
};

const PLAN_STOPS: Readonly<Record<string, string>> = {
  'no-gaps': 'nothing left to find out',
  answerable: 'the judge found it answerable',
  'no-new-subquestion': 'no new sub-question to ask',
  rounds: 'no rounds left',
  calls: 'no model calls left',
};

const NEEDS_MODEL_REASONS: Readonly<Record<string, string>> = {
  'multi-part': 'they look relevant, but combining them needs a language model',
  comparison: 'they look relevant, but comparing them needs a language model',
  'low-confidence': 'they look relevant, but no single short answer stands out',
};

function describeStep(type: string, data: Data, names: Names): Omit<TraceLine, 'at'> | undefined {
  const collection = (key = 'collectionId') => names.get(textIn(data, key)) ?? 'a collection';
  switch (type) {
    case 'strategy-choose': {
      const strategy = textIn(data, 'strategy');
      const by = textIn(data, 'by');
      const chosen = CHOSEN_BY[by] ?? (by ? `chosen by ${by}` : '');
      const reason = truncate(textIn(data, 'reason'), TEXT_LENGTH);
      return {
        title: `Strategy: ${strategy || 'unknown'}${chosen ? ` (${chosen})` : ''}`,
        ...detailOf(reason || (strategy === 'passages' ? 'Read without a language model' : '')),
        ...(by === 'fallback' ? { info: true } : {}),
      };
    }
    case 'question-rewrite':
      if (data.by === 'model') {
        return { title: 'Follow-up rewritten', ...detailOf(textIn(data, 'standalone')) };
      }
      if (data.by === 'as-asked') {
        return {
          title: 'Follow-up searched as asked',
          ...detailOf(textIn(data, 'reason')),
          info: true,
        };
      }
      return {
        title: 'Follow-up searched with the previous question’s words',
        ...detailOf(textsIn(data, 'searchTerms').join(' ')),
        info: true,
      };
    case 'strategy-fallback': {
      const running = textIn(data, 'running');
      return {
        title:
          running === 'passages'
            ? 'No language model: answered from the passages directly'
            : `Strategy: ${running || 'another'} instead`,
        ...detailOf(textIn(data, 'reason')),
        info: true,
      };
    }
    case 'collections-route':
      return {
        title: `Routed to ${countOf(countIn(data, 'selected'), 'collection')}`,
        ...detailOf(
          textsIn(data, 'selected')
            .map((id) => names.get(id) ?? id)
            .join(', '),
        ),
      };
    case 'retrieval-end': {
      const candidate = candidateIn(data);
      const from = data.collectionId === undefined ? '' : ` from ${collection()}`;
      const forCandidate = candidate ? ` for candidate ${candidate}` : '';
      const query = candidate ? textIn(data, 'query') : '';
      return {
        title: `Retrieved ${countOf(countIn(data, 'passages'), 'passage')}${from}${forCandidate}`,
        ...detailOf(query),
      };
    }
    case 'reading-end':
      return describeReading(data);
    case 'evidence-filter': {
      const offered = countIn(data, 'offered');
      const kept = countIn(data, 'kept');
      const decidedBy = textIn(data, 'decidedBy');
      return {
        title: `Evidence: kept ${kept} of ${offered}, dropped ${Math.max(0, offered - kept)}`,
        ...detailOf(
          decidedBy === 'fallback'
            ? 'Kept the best-ranked passages (the filter gave no usable reply)'
            : decidedBy
              ? `Decided by ${decidedBy}`
              : '',
        ),
        ...(decidedBy === 'fallback' ? { info: true } : {}),
      };
    }
    case 'filter-skip':
      return {
        title: `Evidence filter skipped for ${collection()}`,
        detail: 'No model calls left: the best-ranked passages were kept',
        info: true,
      };
    case 'specialist-answer':
      return {
        title: `Specialist ${collection()}: ${textIn(data, 'answer') ? 'answered' : 'does not know'}`,
        detail: `${countOf(countIn(data, 'quotes'), 'quote')} kept, ${countIn(data, 'droppedQuotes')} dropped`,
      };
    case 'response-rate': {
      const status = textIn(data, 'status');
      return { title: status ? `Responses rated: ${status}` : 'Responses rated' };
    }
    case 'citation-drop': {
      const number = numberIn(data, 'number');
      return {
        title: `Citation${number === undefined ? '' : ` [${number}]`} dropped`,
        ...detailOf(textIn(data, 'reason')),
        warning: true,
      };
    }
    case 'subquestion-split': {
      const candidates = textsIn(data, 'candidates');
      return {
        title: `Sub-questions proposed: ${candidates.length}`,
        ...detailOf(candidates.join(' · ')),
      };
    }
    case 'subquestion-select': {
      const subQuestion = textIn(data, 'subQuestion').trim();
      return subQuestion
        ? { title: 'Sub-question', detail: subQuestion }
        : { title: 'No new sub-question to ask', info: true };
    }
    case 'subanswer-end': {
      const subQuestion = textIn(data, 'subQuestion').trim();
      const answer = textIn(data, 'answer').trim();
      return {
        title: answer ? 'Sub-answer' : 'Sub-question not answered',
        ...detailOf(
          subQuestion && answer
            ? `${subQuestion} → ${truncate(answer, TEXT_LENGTH)}`
            : subQuestion || truncate(answer, TEXT_LENGTH),
        ),
      };
    }
    case 'knowledge-update':
      return {
        title: `Known: ${countOf(countIn(data, 'known'), 'fact')} · Required: ${countIn(data, 'required')} open`,
        ...detailOf(textsIn(data, 'required').join(' · ')),
      };
    case 'judge-end':
      return {
        title: `Judge: ${data.answerable === true ? 'answerable' : 'not answerable yet'}`,
        ...detailOf(textIn(data, 'reason')),
      };
    case 'round-start': {
      const round = numberIn(data, 'round');
      return { title: round === undefined ? 'Planning round' : `Planning round ${round}` };
    }
    case 'plan-end': {
      const reason = textIn(data, 'reason');
      return {
        title: reason ? `Planning stopped: ${PLAN_STOPS[reason] ?? reason}` : 'Planning stopped',
      };
    }
    case 'defender-end': {
      const status = textIn(data, 'status');
      return {
        title: status ? `Final answer written: ${status}` : 'Final answer written',
        ...(data.fallback === true
          ? { detail: 'Listed the facts found (no model calls left)', info: true }
          : {}),
      };
    }
    default:
      return describeThoroughStep(type, data);
  }
}

/** The `passages` strategy's reading: what it found without a model, in words. */
function describeReading(data: Data): Omit<TraceLine, 'at'> {
  const outcome = textIn(data, 'outcome');
  const read = `Read ${countOf(countIn(data, 'passages'), 'passage')} without a model`;
  if (outcome === 'nothing') {
    return { title: 'Nothing matched above the relevance floor', info: true };
  }
  if (outcome === 'answer') {
    const answer = truncate(textIn(data, 'answer'), TEXT_LENGTH);
    const confidence = numberIn(data, 'confidence');
    const sure = confidence === undefined ? '' : ` (${confidenceWords(confidence)})`;
    return { title: answer ? `${read}: likely answer “${answer}”${sure}` : read };
  }
  if (outcome === 'needs-model') {
    const reason =
      NEEDS_MODEL_REASONS[textIn(data, 'reason')] ?? NEEDS_MODEL_REASONS['low-confidence'];
    const guess = truncate(textIn(data, 'answer'), TEXT_LENGTH);
    const confidence = numberIn(data, 'confidence');
    const sure = confidence === undefined ? '' : ` (${confidenceWords(confidence)})`;
    return {
      title: `${read}: ${reason}`,
      ...detailOf(guess ? `Best guess, not stated: “${guess}”${sure}` : ''),
      info: true,
    };
  }
  return { title: read };
}

function detailOf(detail: string): { detail?: string } {
  return detail.trim() === '' ? {} : { detail };
}
