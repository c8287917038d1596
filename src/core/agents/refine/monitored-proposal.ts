/**
 * Monitor-based implicit retrieval while a candidate streams (eigen-agent-monitor-rag): each
 * window of the streamed text passes the free gap signals; where they fire, and the candidate has
 * room for a note and the budget leaves the calls a note costs, the stream is interrupted (an
 * on-device engine runs one generation at a time, so the monitor cannot run beside it). The
 * monitor's model check confirms the gap, the querier writes keyword queries, the injector turns
 * the hits into a short note, and the text is cut back to the start of the sentence holding the
 * first signal, so that the uncertain claim is written again with the note in view. Generation
 * then continues from there; the monitor keeps reading the continuation, and reads the final
 * tail once the stream ends (a gap found there is handled the same way).
 */
import { ContextOverflowError } from '../../errors.ts';
import type { TextReply } from '../../llm/llm-client.ts';
import type { StepContext } from '../../llm/step-context.ts';
import type { InjectedNote } from './candidate.ts';
import { injectEvidence } from './injector.ts';
import { checkForGap, skipCheck } from './monitor.ts';
import {
  MonitorWindowScanner,
  newGapSignals,
  sentenceStart,
  type GapSignal,
  type MonitorWindow,
} from './monitor-signals.ts';
import { callProposer, type ProposeInput } from './proposal-call.ts';
import { writeQueries } from './querier.ts';

/** What one note costs: the monitor's check, the querier, the injector and the continuation. */
export const CALLS_PER_INJECTION = 4;
const STEP = 'monitor';
const ANSWER_LINE_START = /^[>*_#-]*(?:final\s+)?answer\s*[:：]/i;

interface Trigger {
  window: MonitorWindow;
  signals: GapSignal[];
}

/** Writes the candidate's text; the notes it injects are pushed onto `notes`. */
export async function writeMonitoredProposal(
  context: StepContext,
  input: ProposeInput,
  notes: InjectedNote[],
): Promise<string> {
  return new MonitoredProposal(context, input, notes).run();
}

class MonitoredProposal {
  private text = '';
  /** What joins the text kept after a cut and its continuation: the white space cut off. */
  private separator = ' ';
  private readonly scanner = new MonitorWindowScanner();
  private checks = 0;
  private readonly skipped = new Set<'cap' | 'budget'>();
  private known: string | undefined;

  constructor(
    private readonly context: StepContext,
    private readonly input: ProposeInput,
    private readonly notes: InjectedNote[],
  ) {}

  async run(): Promise<string> {
    let finished = false;
    let generations = 0;
    for (;;) {
      const trigger = this.nextTrigger(finished);
      if (trigger) {
        if (await this.resolve(trigger)) finished = false;
        continue;
      }
      if (finished || (generations > 0 && !this.canContinue())) return this.text;
      const generated = await this.generate(generations === 0);
      generations += 1;
      finished = generated.finished;
      const cut = generated.pending !== undefined && (await this.resolve(generated.pending));
      if (!finished && !cut) this.dropLastWord();
    }
  }

  /** One call, new or continuing; it stops at the first window that triggers the monitor. */
  private async generate(first: boolean): Promise<{ finished: boolean; pending?: Trigger }> {
    const base = this.text;
    const interrupt = new AbortController();
    let pending: Trigger | undefined;
    let streamed = '';
    let reply: TextReply;
    try {
      reply = await callProposer(this.context, this.input, {
        notes: this.notes,
        partial: base,
        interrupt: interrupt.signal,
        onDelta: (piece) => {
          streamed += piece;
          this.text = joinText(base, streamed, this.separator);
          if (pending) return;
          pending = this.nextTrigger(false);
          if (pending) interrupt.abort();
        },
      });
    } catch (error) {
      // A continuation that no longer fits keeps the text as it is.
      if (!first && error instanceof ContextOverflowError) return { finished: true };
      throw error;
    }
    const text = joinText(base, reply.text, this.separator);
    if (text !== this.text) {
      // The engine's text is the record; windows over what differs are read again.
      this.scanner.rewind(commonPrefixLength(text, this.text));
      this.text = text;
      pending = undefined;
    }
    return { finished: reply.finishReason !== 'interrupted', pending };
  }

  /** The next window whose signals the monitor acts on, skipping (and tracing) the others. */
  private nextTrigger(final: boolean): Trigger | undefined {
    const { options, question, candidateId } = this.input;
    for (;;) {
      const window = this.scanner.next(this.text, final);
      if (!window) return undefined;
      const signals = newGapSignals(window, this.knownText());
      if (signals.length === 0) continue;
      if (this.notes.length >= options.maxInjections) {
        this.skipOnce('cap', window);
      } else if (this.checks >= options.maxMonitorChecks) {
        skipCheck(this.context, { question, candidateId, window, signals });
      } else if (!this.leaves(CALLS_PER_INJECTION)) {
        this.skipOnce('budget', window);
      } else {
        return { window, signals };
      }
    }
  }

  /** Check, query, inject; true when a note came and the text was cut back for continuing. */
  private async resolve(trigger: Trigger): Promise<boolean> {
    const { question, candidateId } = this.input;
    this.checks += 1;
    const decision = await checkForGap(this.context, { question, candidateId, ...trigger });
    if (!decision.gap) return false;
    const entities = trigger.signals
      .filter((signal) => signal.kind === 'absent-entity')
      .map((signal) => signal.text);
    // Calls still wanted after each step: the injector's and the continuation's, then one.
    const { queries } = await writeQueries(this.context, {
      question,
      candidateId,
      span: decision.span,
      entities,
      modelCall: this.leaves(3),
    });
    const note = await injectEvidence(this.context, {
      question,
      candidateId,
      injection: this.notes.length + 1,
      span: decision.span,
      queries,
      pool: this.input.pool,
      collectionIds: this.input.collectionIds,
      excludedIds: this.promptIds(),
      modelCall: this.leaves(2),
    });
    if (!note) return false;
    this.notes.push(note);
    this.known = undefined;
    // Without a continuation the claim could not be written again: keep the text whole.
    if (!this.canContinue()) return false;
    const first = trigger.window.start + (trigger.signals[0]?.offset ?? 0);
    const kept = this.text.slice(0, sentenceStart(this.text, first));
    this.text = kept.trimEnd();
    this.separator = kept.slice(this.text.length) || ' ';
    this.scanner.rewind(this.text.length);
    return true;
  }

  /**
   * An interrupted stream may stop inside a word; the continuation starts with a new one, so the
   * last word goes (the model writes it again).
   */
  private dropLastWord(): void {
    this.text = this.text.replace(/\S+$/, '').trimEnd();
    this.separator = ' ';
    this.scanner.rewind(this.text.length);
  }

  /** Whether a continuation call leaves the calls reserved for the later stages. */
  private canContinue(): boolean {
    return this.leaves(1);
  }

  /** Whether `calls` more calls leave the calls reserved for the later stages. */
  private leaves(calls: number): boolean {
    return this.context.budget.remainingCalls - calls >= this.input.reserveCalls;
  }

  private skipOnce(reason: 'cap' | 'budget', window: MonitorWindow): void {
    if (this.skipped.has(reason)) return;
    this.skipped.add(reason);
    this.context.trace.emitStep('injection-skip', STEP, {
      candidate: this.input.candidateId,
      reason,
      windowStart: window.start,
      windowEnd: window.end,
    });
  }

  /** What the model was given: absent-entity signals are names and numbers not in it. */
  private knownText(): string {
    this.known ??= [
      this.input.question,
      ...this.input.pool.promptPassages(this.input.initialCount).map(({ text }) => text),
      ...this.notes.map(({ text }) => text),
    ].join('\n');
    return this.known;
  }

  /** Chunks the candidate's prompt shows: the initial passages and its notes' passages. */
  private promptIds(): Set<string> {
    const { pool, initialCount } = this.input;
    const numbers = [
      ...Array.from({ length: initialCount }, (_, index) => index + 1),
      ...this.notes.flatMap((note) => note.passageNumbers),
    ];
    return new Set(numbers.flatMap((number) => pool.get(number)?.id ?? []));
  }
}

/**
 * `base` and `addition` with `separator` between them when neither has white space at the join;
 * an addition that opens with the `Answer:` line starts a new line, where the parse looks for it.
 */
export function joinText(base: string, addition: string, separator = ' '): string {
  if (!base || !addition || /\s$/.test(base) || /^\s/.test(addition)) return base + addition;
  const between = ANSWER_LINE_START.test(addition) && !separator.includes('\n') ? '\n' : separator;
  return base + between + addition;
}

function commonPrefixLength(first: string, second: string): number {
  let length = 0;
  while (length < first.length && first[length] === second[length]) length += 1;
  return length;
}
