/**
 * Trace events as lines a person reads: what the run decided, retrieved, kept and dropped, and
 * what it cost. Events with nothing to say on their own (a call starting) give no line.
 */
import type { TraceEvent } from './clients/library-client.ts';
import { countOf, formatInteger } from './format.ts';
import { describeThoroughStep } from './thorough-trace-lines.ts';
import { candidateIn } from './trace-data.ts';

export interface TraceLine {
  /** The event's time, milliseconds since the run began. */
  at: number;
  title: string;
  detail?: string;
  /** Something went wrong or was thrown away: a drop, a fallback, a spent budget, a failure. */
  warning?: boolean;
}

export interface LiveTotals {
  llmCalls: number;
  tokens: number;
  ms: number;
}

type Names = ReadonlyMap<string, string>;
type Data = Readonly<Record<string, unknown>>;

export function traceLine(event: TraceEvent, names: Names): TraceLine | undefined {
  const described = describe(event, names);
  if (!described) return undefined;
  return { at: event.at, ...described };
}

/** Calls, tokens and time so far (the whole run once it ended). */
export function liveTotals(events: readonly TraceEvent[]): LiveTotals {
  let llmCalls = 0;
  let tokens = 0;
  for (const event of events) {
    if (event.type === 'llm-call-end' && 'promptTokens' in event) {
      llmCalls += 1;
      tokens += event.promptTokens + event.completionTokens;
    }
  }
  return { llmCalls, tokens, ms: events.at(-1)?.at ?? 0 };
}

function describe(event: TraceEvent, names: Names): Omit<TraceLine, 'at'> | undefined {
  if ('data' in event) return describeStep(event.type, event.data, names);
  switch (event.type) {
    case 'run-start':
      return { title: 'Question received', detail: `Strategy setting: ${event.strategy}` };
    case 'run-end':
      return {
        title: `Run ${event.outcome}`,
        ...(event.error ? { detail: event.error.message } : {}),
      };
    case 'llm-call-end':
      return {
        title: `LLM call ${event.call} (${event.step})`,
        detail: `${formatInteger(event.promptTokens + event.completionTokens)} tokens · ${Math.round(event.ms)} ms`,
      };
    case 'llm-call-repair':
      return { title: `Malformed output repaired (${event.step})`, detail: event.error };
    case 'llm-call-fallback':
      return {
        title: `Fallback (${event.step}): ${event.reason}`,
        detail: event.error,
        warning: true,
      };
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

function describeStep(type: string, data: Data, names: Names): Omit<TraceLine, 'at'> | undefined {
  const collection = (key = 'collectionId') => names.get(String(data[key])) ?? 'a collection';
  const list = (key: string) => (Array.isArray(data[key]) ? (data[key] as unknown[]) : []);
  switch (type) {
    case 'strategy-choose':
      return {
        title: `Strategy: ${String(data.strategy)} (chosen by ${String(data.by)})`,
        detail: String(data.reason ?? ''),
      };
    case 'question-rewrite':
      return data.by === 'model'
        ? { title: 'Follow-up rewritten', detail: String(data.standalone) }
        : {
            title: 'Follow-up searched with the previous question’s words',
            detail: list('searchTerms').join(' '),
          };
    case 'strategy-fallback':
      return { title: `Strategy: ${String(data.running)} instead`, detail: String(data.reason) };
    case 'collections-route':
      return {
        title: `Routed to ${countOf(list('selected').length, 'collection')}`,
        detail: list('selected')
          .map((id) => names.get(String(id)) ?? String(id))
          .join(', '),
      };
    case 'retrieval-end': {
      const candidate = candidateIn(data);
      const from = data.collectionId === undefined ? '' : ` from ${collection()}`;
      const forCandidate = candidate ? ` for candidate ${candidate}` : '';
      const query = candidate && typeof data.query === 'string' ? data.query : '';
      return {
        title: `Retrieved ${countOf(list('passages').length, 'passage')}${from}${forCandidate}`,
        ...(query ? { detail: query } : {}),
      };
    }
    case 'evidence-filter': {
      const offered = list('offered').length;
      const kept = list('kept').length;
      return {
        title: `Evidence: kept ${kept} of ${offered}, dropped ${offered - kept}`,
        detail: `Decided by ${String(data.decidedBy)}`,
      };
    }
    case 'filter-skip':
      return { title: `Evidence filter skipped for ${collection()}`, detail: 'Budget' };
    case 'specialist-answer':
      return {
        title: `Specialist ${collection()}: ${data.answer ? 'answered' : 'does not know'}`,
        detail: `${countOf(Number(data.quotes), 'quote')} kept, ${Number(data.droppedQuotes)} dropped`,
      };
    case 'response-rate':
      return { title: `Responses rated: ${String(data.status)}` };
    case 'citation-drop':
      return {
        title: `Citation${data.number === undefined ? '' : ` [${String(data.number)}]`} dropped`,
        detail: String(data.reason),
        warning: true,
      };
    case 'subquestion-split':
      return {
        title: `Sub-questions proposed: ${list('candidates').length}`,
        detail: list('candidates').map(String).join(' · '),
      };
    case 'subquestion-select':
      return { title: 'Sub-question', detail: String(data.subQuestion) };
    case 'subanswer-end':
      return {
        title: 'Sub-answer',
        detail: `${String(data.subQuestion)} → ${String(data.answer)}`,
      };
    case 'knowledge-update':
      return {
        title: `Known: ${list('known').length} facts · Required: ${list('required').length} open`,
        detail: list('required').map(String).join(' · '),
      };
    case 'judge-end':
      return {
        title: `Judge: ${data.answerable ? 'answerable' : 'not answerable yet'}`,
        detail: String(data.reason ?? ''),
      };
    case 'round-start':
      return { title: `Planning round ${String(data.round)}` };
    case 'plan-end':
      return { title: `Planning stopped: ${String(data.reason)}` };
    case 'defender-end':
      return { title: `Final answer written: ${String(data.status)}` };
    default:
      return describeThoroughStep(type, data);
  }
}
