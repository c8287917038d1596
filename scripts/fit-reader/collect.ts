/**
 * The reader's training material: each question of a dev set answered up to the reading, as the
 * `passages` strategy does it (same retrieval, same passages), with every candidate span's
 * features and its token F1 against the gold answers.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LibraryRetriever } from '../../src/app/library-retriever.ts';
import {
  readPassages,
  type ReaderModels,
  type ReaderOutput,
} from '../../src/core/answer/reader.ts';
import { parseQuestions, type EvalQuestion } from '../../src/core/eval/dataset.ts';
import { tokenF1 } from '../../src/core/eval/metrics.ts';
import type { Evidence } from '../../src/core/ports/retriever.ts';
import { findPassages } from '../../src/core/pipeline/strategies/passage-search.ts';
import { openNodeLibrary } from '../node-library.ts';

export interface ReadQuestion {
  dataset: string;
  question: EvalQuestion;
  passages: Evidence[];
}

/**
 * Retrieves the passages of every question of `datasets`, each asked of its own collection, or of
 * `collection` when given (questions whose topic that folder lacks).
 */
export async function collectQuestions(
  evalFolder: string,
  datasets: readonly string[],
  collection?: string,
): Promise<ReadQuestion[]> {
  const read: ReadQuestion[] = [];
  for (const dataset of datasets) {
    const questions = parseQuestions(await readFile(join(evalFolder, `${dataset}.jsonl`), 'utf8'));
    const library = await openNodeLibrary({
      docs: join(evalFolder, 'docs'),
      collections: [collection ?? dataset],
    });
    const retriever = new LibraryRetriever(library.search);
    for (const question of questions) {
      const passages = await findPassages(retriever, question.question);
      read.push({ dataset, question: collection ? { ...question, gold: [] } : question, passages });
    }
  }
  return read;
}

/** The reader's output for a question, with the F1 of each candidate (0 for unanswerable ones). */
export function readQuestion(
  item: ReadQuestion,
  models: ReaderModels,
): { output: ReaderOutput; f1: number[] } {
  const output = readPassages(item.question.question, item.passages, models);
  const answerable = item.question.gold.length > 0;
  const f1 = output.spans.map((span) =>
    answerable ? tokenF1(span.text, item.question.answers) : 0,
  );
  return { output, f1 };
}
