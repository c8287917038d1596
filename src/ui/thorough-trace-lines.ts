/**
 * Trace lines of thorough mode: candidates written, watched by the monitor, given evidence
 * notes, scored, refined and reworked, and the one chosen. Model output (answers, notes, spans,
 * suggestions, reasons) is only ever returned as plain text.
 */
import { scoreVerdict } from './candidate-summary.ts';
import { countOf, formatScore } from './format.ts';
import {
  candidateIn,
  chosenIn,
  countIn,
  listIn,
  numberIn,
  textIn,
  textsIn,
  truncate,
} from './trace-data.ts';
import {
  INJECTION_SKIP_REASONS,
  KEEP_REASONS,
  MONITOR_REASONS,
  QUALITY_STOP_REASONS,
  STAGE_NAMES,
  STAGE_SKIP_REASONS,
  STAGE_VERBS,
  wordFor,
} from './thorough-words.ts';

type Data = Readonly<Record<string, unknown>>;
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

/** The line of a thorough-mode step event; undefined for other events. */
export function describeThoroughStep(type: string, data: Data): Described | undefined {
  const id = candidateIn(data) ?? '?';
  const candidate = `candidate ${id}`;
  switch (type) {
    case 'thorough-start':
      return describeStart(data);
    case 'candidate-start': {
      const temperature = numberIn(data, 'temperature');
      return {
        title: `Candidate ${id}: writing`,
        ...detailOf(temperature === undefined ? '' : `Temperature ${formatScore(temperature)}`),
      };
    }
    case 'candidate-end':
      return {
        title: `Candidate ${id} ${STAGE_VERBS[textIn(data, 'stage')] ?? 'written'}: ${answerOf(data)}`,
        detail: countOf(countIn(data, 'injections'), 'evidence note'),
      };
    case 'candidate-keep': {
      const stage = textIn(data, 'stage') || 'new';
      const reason = KEEP_REASONS[textIn(data, 'reason')] ?? 'output unusable';
      return { title: `Candidate ${id} kept as it was (${stage} ${reason})`, warning: true };
    }
    case 'monitor-check':
      return describeMonitorCheck(data, candidate);
    case 'query-write':
      return {
        title: `Search queries: ${textsIn(data, 'queries').join('; ') || 'none'}`,
        ...detailOf(spanOf(data) && `For ${candidate}: ${spanOf(data)}`),
      };
    case 'injection-end':
      return {
        title: `Evidence note spliced into ${candidate}`,
        ...detailOf(truncate(textIn(data, 'note'), NOTE_LENGTH)),
      };
    case 'injection-skip': {
      const reason = textIn(data, 'reason');
      return {
        title: `No evidence note for ${candidate}`,
        detail: wordFor(INJECTION_SKIP_REASONS, reason),
        ...(reason === 'budget' ? { info: true } : {}),
      };
    }
    case 'retrieval-explicit':
      return {
        title: `Searched for ${candidate}: ${countOf(listIn(data, 'passages').length, 'passage')}`,
        ...detailOf(textsIn(data, 'queries').join('; ')),
      };
    case 'anchor-refine':
      return describeAnchorRefine(data);
    case 'candidate-score':
      return describeScore(data, `Candidate ${id}`);
    case 'candidate-rework':
      return { title: `Reworking ${candidate} (round ${numberIn(data, 'round') ?? '?'})` };
    case 'qair-end':
      return describeQualityEnd(data);
    case 'rank-end':
      return {
        title: `Chose ${chosenOf(data)}`,
        ...detailOf(textIn(data, 'reason')),
        ...(textIn(data, 'decidedBy') === 'fallback' ? { info: true } : {}),
      };
    case 'rank-override': {
      const from = candidateIn(data, 'from');
      return {
        title: `Choice overruled: ${chosenOf(data)}${from ? ` instead of candidate ${from}` : ''}`,
        ...detailOf(textIn(data, 'reason')),
        warning: true,
      };
    }
    case 'stage-skip':
      return describeStageSkip(data);
    case 'thorough-end': {
      const rounds = numberIn(data, 'rounds');
      return {
        title:
          chosenIn(data) === undefined
            ? 'Thorough done: no candidate chosen'
            : `Thorough done: chose ${chosenOf(data)} of ${countIn(data, 'candidates')}`,
        ...detailOf(rounds === undefined ? '' : countOf(rounds, 'rework round')),
      };
    }
    default:
      return undefined;
  }
}

function describeStart(data: Data): Described {
  const retrieval = textIn(data, 'retrieval');
  const switches = [
    data.hsr === false ? 'no refinement' : '',
    data.qair === false ? 'no scoring' : '',
  ].filter((part) => part !== '');
  return {
    title: `Thorough mode: ${countOf(countIn(data, 'candidates'), 'candidate')}`,
    detail: [
      countOf(countIn(data, 'passages'), 'passage'),
      retrieval ? `retrieval: ${retrieval}` : '',
      ...switches,
    ]
      .filter((part) => part !== '')
      .join(' · '),
  };
}

function describeMonitorCheck(data: Data, candidate: string): Described {
  const signals = textsIn(data, 'signals');
  const reason = textIn(data, 'reason');
  const detail = [
    signals.length > 0 ? `Signals: ${signals.join(', ')}` : '',
    spanOf(data),
    reason ? wordFor(MONITOR_REASONS, reason) : '',
  ].filter((part) => part !== '');
  return {
    title: `Monitor: ${data.gap === true ? 'knowledge gap' : 'no gap'} in ${candidate}`,
    ...detailOf(detail.join(' · ')),
    ...(textIn(data, 'decidedBy') === 'fallback' ? { info: true } : {}),
  };
}

function describeAnchorRefine(data: Data): Described {
  const references = listIn(data, 'references').filter(
    (reference): reference is number => typeof reference === 'number',
  );
  const anchor = `Refining candidate ${candidateIn(data, 'anchor') ?? '?'}`;
  if (references.length === 0) return { title: anchor };
  const noun = references.length === 1 ? 'candidate' : 'candidates';
  return { title: `${anchor} with ${noun} ${references.join(', ')}` };
}

function describeScore(data: Data, subject: string): Described {
  const q = numberIn(data, 'q');
  const passed = data.passed === true;
  const fallback = textIn(data, 'decidedBy') === 'fallback';
  const part = (key: string) => {
    const value = numberIn(data, key);
    return `${key} ${value === undefined ? '?' : formatScore(value)}`;
  };
  const parts = [part('logic'), part('answer'), part('explanation')].join(' · ');
  const notes = [textIn(data, 'suggestions'), fallback ? 'no usable evaluation' : ''].filter(
    (note) => note !== '',
  );
  const verdict = scoreVerdict({ passed, fallback });
  return {
    title: `${subject} scored q = ${q === undefined ? '?' : formatScore(q)} (${verdict})`,
    detail: notes.length > 0 ? `${parts} — ${notes.join(' · ')}` : parts,
    ...(fallback ? { info: true } : passed ? {} : { warning: true }),
  };
}

function describeQualityEnd(data: Data): Described {
  const failed = listIn(data, 'failed').filter((id): id is number => typeof id === 'number');
  const reason = textIn(data, 'reason');
  return {
    title: reason
      ? `Quality checks done: ${wordFor(QUALITY_STOP_REASONS, reason)}`
      : 'Quality checks done',
    ...detailOf(failed.length > 0 ? `Still failing: candidates ${failed.join(', ')}` : ''),
    ...(failed.length > 0 ? { warning: true } : {}),
  };
}

function describeStageSkip(data: Data): Described {
  const reason = textIn(data, 'reason');
  const stage = wordFor(STAGE_NAMES, textIn(data, 'stage') || 'a stage');
  const candidate = candidateIn(data);
  return {
    title: `Skipped ${stage}${candidate ? ` of candidate ${candidate}` : ''}${reason ? `: ${wordFor(STAGE_SKIP_REASONS, reason)}` : ''}`,
    ...(reason === 'budget' ? { info: true } : {}),
  };
}

function answerOf(data: Data): string {
  const answer = textIn(data, 'answer').trim();
  return answer === '' ? 'no answer' : truncate(answer, NOTE_LENGTH);
}

function chosenOf(data: Data): string {
  return `candidate ${chosenIn(data) ?? '?'}`;
}

/** The uncertain span, quoted and cut short; '' when none. */
function spanOf(data: Data): string {
  const span = textIn(data, 'span').trim();
  return span === '' ? '' : `“${truncate(span, SPAN_LENGTH)}”`;
}

function detailOf(detail: string): { detail?: string } {
  return detail === '' ? {} : { detail };
}
