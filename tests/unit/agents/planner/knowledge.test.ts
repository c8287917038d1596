import { describe, expect, it } from 'vitest';
import {
  addFacts,
  createKnowledge,
  describeKnowledge,
  isRepeat,
  MAX_REQUIRED_GAPS,
  normaliseStatement,
  recordSubQuestion,
  updateRequired,
} from '../../../../src/core/agents/planner/knowledge.ts';
import { ARCHITECT, BIRTHPLACE, QUESTION } from './planner-fixtures.ts';

describe('planner knowledge', () => {
  it('starts with the question as the one gap', () => {
    expect(createKnowledge(QUESTION)).toEqual({
      known: [],
      required: [QUESTION],
      history: [],
      context: [],
    });
  });

  it('detects a repeat however it is worded', () => {
    const knowledge = recordSubQuestion(
      createKnowledge(QUESTION),
      'Who designed the Library?',
      null,
    );
    expect(normaliseStatement('  Who DESIGNED the library?! ')).toBe('who designed library');
    expect(isRepeat(knowledge, 'who designed  a library')).toBe(true);
    expect(isRepeat(knowledge, 'Where was Mira Olsen born?')).toBe(false);
  });

  it('adds sourced facts, merges repeats and drops facts without a given source', () => {
    const start = createKnowledge(QUESTION);
    const once = addFacts(
      start,
      [
        { fact: 'Mira Olsen designed the library.', sources: [ARCHITECT.id] },
        { fact: 'Unsourced claim.', sources: ['chunk-elsewhere'] },
        { fact: '   ', sources: [ARCHITECT.id] },
      ],
      [ARCHITECT],
    );
    const twice = addFacts(
      once,
      [{ fact: 'mira olsen designed the library', sources: [BIRTHPLACE.id] }],
      [BIRTHPLACE],
    );
    expect(start.known).toEqual([]);
    expect(twice.known).toEqual([
      { fact: 'Mira Olsen designed the library.', sources: [ARCHITECT.id, BIRTHPLACE.id] },
    ]);
    expect(twice.context.map((entry) => entry.id)).toEqual([ARCHITECT.id, BIRTHPLACE.id]);
  });

  it('replaces the gaps without blanks, repeats or more than the maximum', () => {
    const gaps = [
      'Birthplace',
      ' birthplace ',
      '',
      ...Array.from({ length: 9 }, (_unused, index) => `g${index}`),
    ];
    const knowledge = updateRequired(createKnowledge(QUESTION), gaps);
    expect(knowledge.required).toHaveLength(MAX_REQUIRED_GAPS);
    expect(knowledge.required.slice(0, 2)).toEqual(['Birthplace', 'g0']);
    expect(updateRequired(knowledge, []).required).toEqual([]);
  });

  it('describes Known, Required and the history for prompts', () => {
    const knowledge = recordSubQuestion(createKnowledge(QUESTION), 'Who designed it?', null);
    expect(describeKnowledge(knowledge)).toBe(
      `What is Known:\n- (none)\n\nWhat is Required:\n- ${QUESTION}\n\nSub-questions already asked:\n- Who designed it? → not found`,
    );
  });
});
