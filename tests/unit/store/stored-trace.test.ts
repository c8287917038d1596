import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { minimalValue } from '../../../src/adapters/engines/schema-defaults.ts';
import {
  decodeStoredConversation,
  type StoredConversation,
} from '../../../src/adapters/store/conversation-schema.ts';
import { decodeStoredTrace, TRACE_VERSION } from '../../../src/adapters/store/stored-trace.ts';
import { STEP_EVENTS, type StepEventType } from '../../../src/core/llm/trace-events.ts';
import { costLine, liveTotals, ranWithoutModel, traceLine } from '../../../src/ui/trace-lines.ts';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8'));

/** A conversation stored before trace events were typed: step fields under `data`, nulls. */
const VERSION_1 = fixture('stored-conversation-v1.json') as StoredConversation;
/** What the trace lines of that conversation read before trace events were typed. */
const VERSION_1_LINES = fixture('stored-conversation-v1.lines.json');

const names = new Map([['notes', 'Notes']]);

const RAW = /\b(null|undefined|NaN)\b|\[object/;
const MISSING: unknown[] = [null, undefined, Number.NaN, {}, [null]];

/** A version 1 step event: `{ type, step, at, data }`. */
const storedStep = (type: string, data: unknown) => ({ type, step: 'test', at: 1, data });

describe('a stored trace, read back', () => {
  it('reads a version 1 conversation into typed events whose lines read as they did', () => {
    const conversation = decodeStoredConversation(VERSION_1);
    expect(conversation).not.toHaveProperty('traceVersion');
    const events = conversation.turns.flatMap((turn) => turn.events);
    const stored = VERSION_1.turns.flatMap((turn) => turn.events);
    expect(events).toHaveLength(stored.length);
    expect(events.filter((event) => 'data' in event)).toEqual([]);
    expect(JSON.stringify(events)).not.toContain('null');
    const lines = conversation.turns.map((turn) => ({
      cost: costLine(liveTotals(turn.events), ranWithoutModel(turn)),
      lines: turn.events.flatMap((event) => traceLine(event, names) ?? []),
    }));
    expect(lines).toEqual(VERSION_1_LINES);
  });

  it('lifts a step’s data out and leaves a missing value out of its event', () => {
    expect(
      decodeStoredTrace(
        [
          storedStep('candidate-end', {
            candidate: 2,
            stage: 'correction',
            answer: null,
            text: 'Answer: unknown',
            injections: 0,
          }),
          storedStep('thorough-end', { chosen: null, candidates: 2, rounds: 1 }),
        ],
        1,
      ),
    ).toEqual([
      {
        type: 'candidate-end',
        step: 'test',
        at: 1,
        candidate: 2,
        stage: 'correction',
        text: 'Answer: unknown',
        injections: 0,
      },
      { type: 'thorough-end', step: 'test', at: 1, candidates: 2, rounds: 1 },
    ]);
  });

  it('reads the current version as it is written', () => {
    const events = [
      { type: 'run-start', at: 0, question: 'q', strategy: 'auto' },
      { type: 'round-start', step: 'planner', at: 2, round: 1 },
    ];
    expect(decodeStoredTrace(events, TRACE_VERSION)).toEqual(events);
    expect(
      decodeStoredTrace(
        events.map(({ type, at }) => ({ type, at, data: {} })),
        1,
      ),
    ).toEqual([]);
  });

  it('leaves out what does not hold together, without failing', () => {
    const damaged: unknown[] = [
      null,
      'run-start',
      [],
      { type: 'run-start', question: 'no time', strategy: 'auto' },
      { type: 'run-end', at: Number.NaN, outcome: 'answered' },
      { type: 'run-end', at: 3, outcome: 'exploded' },
      { type: 'mystery-happen', step: 'test', at: 1, data: { candidate: 1 } },
      { type: 'round-start', at: 1, data: { round: 1 } },
      storedStep('candidate-end', { candidate: 'one', answer: 7 }),
      storedStep('candidate-score', { candidate: 1, q: 'high' }),
      storedStep('anchor-refine', { anchor: 2, references: 'all' }),
      storedStep('retrieval-end', { collectionId: 'c1', passages: [1] }),
      storedStep('subquestion-select', null),
    ];
    expect(decodeStoredTrace(damaged, 1)).toEqual([]);
    expect(decodeStoredTrace(damaged, TRACE_VERSION)).toEqual([]);
    expect(decodeStoredTrace('not a list', 1)).toEqual([]);
  });

  it('never lets a missing value reach a line as null, undefined or NaN', () => {
    for (const type of Object.keys(STEP_EVENTS) as StepEventType[]) {
      const declared = STEP_EVENTS[type];
      const complete = minimalValue(declared) as Record<string, unknown>;
      for (const missing of MISSING) {
        // Every field missing: the event is left out.
        const everyField = Object.keys(declared.properties).map((key) => [key, missing]);
        expect(decodeStoredTrace([storedStep(type, Object.fromEntries(everyField))], 1)).toEqual(
          [],
        );
        // Its required fields there, each optional one missing: read without them.
        const optional = Object.keys(declared.properties).filter(
          (key) => !declared.required.includes(key),
        );
        const data = { ...complete, ...Object.fromEntries(optional.map((key) => [key, missing])) };
        const [event] = decodeStoredTrace([storedStep(type, data)], 1);
        expect(event, `${type} with ${String(missing)}`).toBeDefined();
        const line = event && traceLine(event, names);
        const text = `${line?.title ?? ''} ${line?.detail ?? ''}`;
        expect(text, `${type} with ${String(missing)}`).not.toMatch(RAW);
      }
    }
  });
});
