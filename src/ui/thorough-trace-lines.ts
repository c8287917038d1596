/**
 * Trace lines of thorough mode: candidates written, watched by the monitor, given evidence
 * notes, scored, refined and reworked, and the one chosen. Model output (answers, notes, spans,
 * suggestions, reasons) is only ever returned as plain text.
 */
import { scoreVerdict } from './candidate-summary.ts';
import { countOf, formatScore, truncate } from './format.ts';
import {
  INJECTION_SKIP_REASONS,
  KEEP_REASONS,
  MONITOR_REASONS,
  QUALITY_STOP_REASONS,
  STAGE_NAMES,
  STAGE_SKIP_REASONS,
  STAGE_VERBS,
} from './trace-words.ts';
import type { ThoroughTraceEvent, TraceEventOf } from '../core/llm/trace-events.ts';

/** A trace line without its time (see TraceLine in trace-lines.ts). */
export interface Described {
  title: string;
  detail?: string;
  warning?: boolean;
  /** A fallback or a skip taken as designed: information, not a fault. */
  info?: boolean;
}

/** How much of a note, an answer or a span a line shows. */
const NOTE_LENGTH = 200;
const SPAN_LENGTH = 120;

/** The line of a thorough-mode event. */
export function describeThoroughStep(event: ThoroughTraceEvent): Described {
  switch (event.type) {
    case 'thorough-start':
      return describeStart(event);
    case 'candidate-start':
      return {
        title: `Candidate ${event.candidate}: writing`,
        detail: `Temperature ${formatScore(event.temperature)}`,
      };
    case 'candidate-end':
      return {
        title: `Candidate ${event.candidate} ${STAGE_VERBS[event.stage]}: ${answerOf(event.answer)}`,
        detail: countOf(event.injections, 'evidence note'),
      };
    case 'candidate-keep':
      return {
        title: `Candidate ${event.candidate} kept as it was (${event.stage} ${KEEP_REASONS[event.reason]})`,
        warning: true,
      };
    case 'monitor-check':
      return describeMonitorCheck(event);
    case 'query-write': {
      const span = spanOf(event.span);
      return {
        title: `Search queries: ${event.queries.join('; ') || 'none'}`,
        ...detailOf(span && `For candidate ${event.candidate}: ${span}`),
      };
    }
    case 'injection-end':
      return {
        title: `Evidence note spliced into candidate ${event.candidate}`,
        ...detailOf(truncate(event.note, NOTE_LENGTH)),
      };
    case 'injection-skip':
      return {
        title: `No evidence note for candidate ${event.candidate}`,
        detail: INJECTION_SKIP_REASONS[event.reason],
        ...(event.reason === 'budget' ? { info: true } : {}),
      };
    case 'retrieval-explicit':
      return {
        title: `Searched for candidate ${event.candidate}: ${countOf(event.passages.length, 'passage')}`,
        ...detailOf(event.queries.join('; ')),
      };
    case 'anchor-refine': {
      const anchor = `Refining candidate ${event.anchor}`;
      const { references } = event;
      if (references.length === 0) return { title: anchor };
      const noun = references.length === 1 ? 'candidate' : 'candidates';
      return { title: `${anchor} with ${noun} ${references.join(', ')}` };
    }
    case 'candidate-score':
      return describeScore(event);
    case 'candidate-rework':
      return { title: `Reworking candidate ${event.candidate} (round ${event.round})` };
    case 'qair-end':
      return {
        title: `Quality checks done: ${QUALITY_STOP_REASONS[event.reason]}`,
        ...detailOf(
          event.failed.length > 0 ? `Still failing: candidates ${event.failed.join(', ')}` : '',
        ),
        ...(event.failed.length > 0 ? { warning: true } : {}),
      };
    case 'rank-end':
      return { title: `Chose candidate ${event.chosen}`, ...detailOf(event.reason) };
    case 'rank-override':
      return {
        title: `Choice overruled: candidate ${event.to} instead of candidate ${event.from}`,
        ...detailOf(event.reason),
        warning: true,
      };
    case 'stage-skip': {
      const candidate = event.candidate === undefined ? '' : ` of candidate ${event.candidate}`;
      return {
        title: `Skipped ${STAGE_NAMES[event.stage]}${candidate}: ${STAGE_SKIP_REASONS[event.reason]}`,
        ...(event.reason === 'budget' ? { info: true } : {}),
      };
    }
    case 'thorough-end':
      return {
        title:
          event.chosen === undefined
            ? 'Thorough done: no candidate chosen'
            : `Thorough done: chose candidate ${event.chosen} of ${event.candidates}`,
        detail: countOf(event.rounds, 'rework round'),
      };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

function describeStart(event: TraceEventOf<'thorough-start'>): Described {
  return {
    title: `Thorough mode: ${countOf(event.candidates, 'candidate')}`,
    detail: [
      countOf(event.passages, 'passage'),
      `retrieval: ${event.retrieval}`,
      ...(event.hsr ? [] : ['no refinement']),
      ...(event.qair ? [] : ['no scoring']),
    ].join(' · '),
  };
}

function describeMonitorCheck(event: TraceEventOf<'monitor-check'>): Described {
  const detail = [
    event.signals.length > 0 ? `Signals: ${event.signals.join(', ')}` : '',
    spanOf(event.span),
    event.reason ? MONITOR_REASONS[event.reason] : '',
  ].filter((part) => part !== '');
  return {
    title: `Monitor: ${event.gap ? 'knowledge gap' : 'no gap'} in candidate ${event.candidate}`,
    ...detailOf(detail.join(' · ')),
    ...(event.decidedBy === 'fallback' ? { info: true } : {}),
  };
}

function describeScore(event: TraceEventOf<'candidate-score'>): Described {
  const fallback = event.decidedBy === 'fallback';
  const parts = [
    `logic ${formatScore(event.logic)}`,
    `answer ${formatScore(event.answer)}`,
    `explanation ${formatScore(event.explanation)}`,
  ].join(' · ');
  const notes = [event.suggestions, fallback ? 'no usable evaluation' : ''].filter(
    (note) => note !== '',
  );
  const verdict = scoreVerdict({ passed: event.passed, fallback });
  return {
    title: `Candidate ${event.candidate} scored q = ${formatScore(event.q)} (${verdict})`,
    detail: notes.length > 0 ? `${parts} — ${notes.join(' · ')}` : parts,
    ...(fallback ? { info: true } : event.passed ? {} : { warning: true }),
  };
}

function answerOf(answer: string | undefined): string {
  const trimmed = answer?.trim() ?? '';
  return trimmed === '' ? 'no answer' : truncate(trimmed, NOTE_LENGTH);
}

/** The uncertain span, quoted and cut short; '' when none. */
function spanOf(span: string | undefined): string {
  const trimmed = span?.trim() ?? '';
  return trimmed === '' ? '' : `“${truncate(trimmed, SPAN_LENGTH)}”`;
}

function detailOf(detail: string): { detail?: string } {
  return detail === '' ? {} : { detail };
}
