import { describe, expect, it } from 'vitest';
import { READER_MODELS, READING_CALIBRATION } from '../../../src/core/answer/reader-weights.ts';
import { ANSWER_FEATURES, readPassages } from '../../../src/core/answer/reader.ts';
import { decideReading, type ShownPassage } from '../../../src/core/answer/reading-decision.ts';
import { readingMarkdown } from '../../../src/core/answer/reading-text.ts';
import { isComparison } from '../../../src/core/answer/question-shape.ts';
import { answerTypeOf } from '../../../src/core/answer/question-type.ts';
import { SPAN_FEATURES } from '../../../src/core/answer/span-features.ts';

const WARSAW: ShownPassage = {
  id: 'warsaw#0',
  collectionId: 'history',
  path: 'warsaw.md',
  text:
    '# Warsaw Uprising\n\nThe Warsaw Uprising began on 1 August 1944 under the command of ' +
    'Tadeusz Bór-Komorowski. The fighting lasted 63 days before the insurgents surrendered.',
};
const BRIDGE: ShownPassage = {
  id: 'bridge#0',
  collectionId: 'history',
  path: 'bridge.md',
  text: 'The Poniatowski Bridge was rebuilt after the war and reopened in 1946.',
};

describe('the reader', () => {
  it('carries weights fitted for exactly the features it computes', () => {
    expect(READER_MODELS.span.features).toEqual(SPAN_FEATURES);
    expect(READER_MODELS.span.weights).toHaveLength(SPAN_FEATURES.length);
    expect(READER_MODELS.answer?.features).toEqual(ANSWER_FEATURES);
    expect(READER_MODELS.answer?.weights).toHaveLength(ANSWER_FEATURES.length);
    expect(READING_CALIBRATION.threshold).toBeGreaterThan(0);
    expect(READING_CALIBRATION.threshold).toBeLessThanOrEqual(1);
  });

  it('ranks a span of the asked-for type first, verbatim, with a probability', () => {
    const output = readPassages(
      'How many days did the fighting last?',
      [WARSAW, BRIDGE],
      READER_MODELS,
    );
    const best = output.spans[0];
    expect(best?.text).toBe('63 days');
    expect(WARSAW.text.slice(best?.start, best?.end)).toBe('63 days');
    expect(output.confidence).toBeGreaterThan(0);
    expect(output.confidence).toBeLessThan(1);
    expect(output.bestSentences[0]).not.toBeNull();
  });

  it('is deterministic', () => {
    const question = 'Who commanded the Warsaw Uprising?';
    expect(readPassages(question, [WARSAW, BRIDGE], READER_MODELS)).toEqual(
      readPassages(question, [WARSAW, BRIDGE], READER_MODELS),
    );
  });
});

describe('the three outcomes', () => {
  const question = 'How many days did the fighting last?';
  const output = readPassages(question, [WARSAW, BRIDGE], READER_MODELS);

  it('states the likely answer only above the threshold, marking it in its passage', () => {
    const stated = decideReading(question, [WARSAW, BRIDGE], output, {
      threshold: 0,
      relevanceFloor: 0,
    });
    expect(stated.outcome).toBe('answer');
    expect(stated.likelyAnswer?.text).toBe('63 days');
    expect(stated.passages[0]?.answer).toBeDefined();
    expect(readingMarkdown(stated)).toMatch(/^Likely answer: \*\*63 days\*\* \[1\]/);

    const unsure = decideReading(question, [WARSAW, BRIDGE], output, {
      threshold: 1.01,
      relevanceFloor: 0,
    });
    expect(unsure.outcome).toBe('needs-model');
    expect(unsure.likelyAnswer).toBeUndefined();
    expect(unsure.bestSpan?.text).toBe('63 days');
    expect(unsure.passages.map(({ path }) => path)).toEqual(['warsaw.md', 'bridge.md']);
    expect(unsure.passages.every(({ answer }) => answer === undefined)).toBe(true);
  });

  it('says nothing matches below the relevance floor, showing no passage', () => {
    const absent = 'When was Exequiel Ezcurra born?';
    const reading = decideReading(
      absent,
      [WARSAW, BRIDGE],
      readPassages(absent, [WARSAW, BRIDGE], READER_MODELS),
      READING_CALIBRATION,
    );
    expect(reading).toMatchObject({ outcome: 'nothing', passages: [] });
    expect(readingMarkdown(reading)).toBe('Nothing in your folders matches this.');
  });

  it('names a comparison as needing a model', () => {
    const compare = 'Which is older, the Warsaw Uprising or the Poniatowski Bridge?';
    const reading = decideReading(
      compare,
      [WARSAW, BRIDGE],
      readPassages(compare, [WARSAW, BRIDGE], READER_MODELS),
      { threshold: 1.01, relevanceFloor: 0 },
    );
    expect(reading).toMatchObject({ outcome: 'needs-model', reason: 'comparison' });
  });
});

describe('question wording', () => {
  it('finds the asked-for noun past "was the" and "name of"', () => {
    expect(answerTypeOf('What was the target percentage of households?')).toBe('number');
    expect(answerTypeOf('What is the name of the company that built it?')).toBe('organisation');
    expect(answerTypeOf('Which film did she direct?')).toBe('title');
    expect(answerTypeOf('What modern city did Khanbaliq become?')).toBe('place');
  });

  it('tells comparisons from single questions', () => {
    expect(isComparison('Who was born first, Ada Lovelace or Charles Babbage?')).toBe(true);
    expect(isComparison('Are both Dune and Solaris novels?')).toBe(true);
    expect(isComparison('Were they of the same nationality?')).toBe(true);
    expect(isComparison('Who shot James A. Garfield?')).toBe(false);
    expect(isComparison('When was the bridge reopened?')).toBe(false);
  });
});
