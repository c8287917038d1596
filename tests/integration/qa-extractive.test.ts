import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { openNodeLibrary } from '../../scripts/node-library.ts';
import { ExtractiveEngine } from '../../src/adapters/engines/extractive-engine.ts';
import { LibraryRetriever } from '../../src/app/library-retriever.ts';
import { runQuestion } from '../../src/core/pipeline/run-question.ts';
import { defaultStrategies } from '../../src/core/pipeline/strategies/index.ts';
import type { StrategyName } from '../../src/core/llm/budget.ts';

interface ExpectedQuestion {
  question: string;
  answer: string;
  file: string;
}

describe('question answering with the extractive engine on the fixture library', () => {
  let retriever: LibraryRetriever;
  let questions: ExpectedQuestion[];

  beforeAll(async () => {
    const library = await openNodeLibrary({ docs: 'tests/fixtures', collections: ['library'] });
    retriever = new LibraryRetriever(library.search);
    const expected = JSON.parse(await readFile('tests/fixtures/library.expected.json', 'utf8')) as {
      questions: ExpectedQuestion[];
    };
    questions = expected.questions;
  });

  const ask = (question: string, strategy: StrategyName | 'auto' = 'auto') =>
    runQuestion({
      question,
      engine: new ExtractiveEngine(),
      retriever,
      strategy,
      strategies: defaultStrategies(),
    });

  it('shows a passage of the file that holds each fixture answer, with no model call', async () => {
    for (const question of questions) {
      const result = await ask(question.question);
      expect(result.strategy).toBe('passages');
      expect(result.totals.llmCalls).toBe(0);
      expect(['answered', 'passages']).toContain(result.status);
      const passage = result.reading?.passages.find(({ path }) => question.file.endsWith(path));
      expect(passage, question.question).toBeDefined();
      expect(result.citations.some(({ chunkId }) => chunkId === passage?.chunkId)).toBe(true);
    }
  });

  it('states a likely answer only with the passage that holds it', async () => {
    for (const question of questions) {
      const { reading } = await ask(question.question);
      if (reading?.outcome !== 'answer' || !reading.likelyAnswer) continue;
      const holder = reading.passages[reading.likelyAnswer.passageNumber - 1];
      expect(holder?.text).toContain(reading.likelyAnswer.text);
      expect(holder?.answer).toBeDefined();
    }
  });

  it('says the documents do not hold what they never mention', async () => {
    const result = await ask('Which football club won the 1987 championship in Brazil?');
    expect(result.status).toBe('not-found');
    expect(result.reading?.outcome).toBe('nothing');
    expect(result.citations).toEqual([]);
  });

  it('answers from the passages when a strategy that needs a model was asked for', async () => {
    const question = questions.find(({ answer }) => answer === '312 metres');
    if (!question) throw new Error('The fixture question is missing.');
    for (const strategy of ['single', 'plan', 'unified', 'thorough'] as const) {
      const result = await ask(question.question, strategy);
      expect(result.strategy).toBe('passages');
      expect(result.reading?.passages.some(({ text }) => text.includes('312 metres'))).toBe(true);
    }
  });
});
