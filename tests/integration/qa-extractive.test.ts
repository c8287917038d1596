import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { openNodeLibrary } from '../../scripts/node-library.ts';
import { ExtractiveEngine } from '../../src/adapters/engines/extractive-engine.ts';
import { LibraryRetriever } from '../../src/adapters/library/library-retriever.ts';
import { shortAnswer } from '../../src/core/eval/short-answer.ts';
import { runQuestion } from '../../src/core/pipeline/run-question.ts';
import { defaultStrategies } from '../../src/core/pipeline/strategies/index.ts';
import type { StrategyName } from '../../src/core/pipeline/budget.ts';

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

  it('answers a fixture question with a verified citation of its file', async () => {
    const question = questions.find(({ answer }) => answer === '312 metres');
    if (!question) throw new Error('The fixture question is missing.');
    const result = await ask(question.question);
    expect(result.strategy).toBe('single');
    expect(result.status).toBe('answered');
    expect(shortAnswer(result.answer, result.status)).toBe('312 metres');
    expect(result.citations.length).toBeGreaterThan(0);
    expect(result.citations[0]?.chunkId).toContain(question.file);
    expect(result.answer).toMatch(/\[1\]/);
  });

  it('says the documents do not hold what they never mention', async () => {
    const result = await ask('Which football club won the 1987 championship in Brazil?');
    expect(result.status).toBe('not-found');
    expect(result.citations).toEqual([]);
  });

  it('answers through the planner, whose sub-answers come from the single path', async () => {
    const question = questions.find(({ answer }) => answer === '312 metres');
    if (!question) throw new Error('The fixture question is missing.');
    const result = await ask(question.question, 'plan');
    expect(result.strategy).toBe('plan');
    expect(result.status).toBe('answered');
    expect(shortAnswer(result.answer, result.status)).toBe('312 metres');
    expect(result.citations[0]?.chunkId).toContain(question.file);
  });

  it('answers through the unified agent loop from its working memory', async () => {
    const question = questions.find(({ answer }) => answer === '312 metres');
    if (!question) throw new Error('The fixture question is missing.');
    const result = await ask(question.question, 'unified');
    expect(result.strategy).toBe('unified');
    expect(result.status).toBe('answered');
    expect(shortAnswer(result.answer, result.status)).toBe('312 metres');
    expect(result.citations[0]?.chunkId).toContain(question.file);
    expect(result.answer).toMatch(/\[1\]/);
  });
});
