/**
 * The answer-honesty figures of `eval qa` (DESIGN.md section 5): how many short answers were
 * stated and how often they were right, how many answerable questions got one, the reader's best
 * span whether stated or not, and whether the passages an answer shows hold the gold files.
 */
import type { EvalQuestion } from '../../src/core/eval/dataset.ts';
import { mean, tokenF1 } from '../../src/core/eval/metrics.ts';
import { shortAnswer } from '../../src/core/eval/short-answer.ts';
import type { RunQuestionResult } from '../../src/core/pipeline/run-question.ts';

/** A stated answer is right from this token F1 against any gold answer. */
const RIGHT_F1 = 0.5;

/**
 * The short answer the user is told, or null: the reader's likely answer for an answer without a
 * model (passages alone state nothing), else the bolded or first line of an `answered` answer.
 */
export function statedAnswer(result: RunQuestionResult): string | null {
  const text = result.reading
    ? (result.reading.likelyAnswer?.text ?? '')
    : shortAnswer(result.answer, result.status);
  return text.trim().length > 0 ? text.trim() : null;
}

/** The files an answer shows: its reading's passages, else the files its citations point at. */
function shownFiles(result: RunQuestionResult): Set<string> {
  if (result.reading) {
    return new Set(
      result.reading.passages.map(({ collectionId, path }) => `${collectionId}/${path}`),
    );
  }
  return new Set(result.citations.map(({ chunkId }) => chunkId.replace(/#\d+$/, '')));
}

export class HonestyFigures {
  #stated = 0;
  #statedRight = 0;
  #statedAnswerable = 0;
  #answerable = 0;
  #bestSpanF1: number[] = [];
  #withoutSpan = false;
  #passageRecall: number[] = [];

  add(question: EvalQuestion, result: RunQuestionResult, stated: string | null): void {
    const answerable = question.gold.length > 0;
    if (stated !== null) {
      this.#stated += 1;
      if (answerable) this.#statedAnswerable += 1;
      if (answerable && tokenF1(stated, question.answers) >= RIGHT_F1) this.#statedRight += 1;
    }
    if (!answerable) return;
    this.#answerable += 1;
    if (result.reading) {
      this.#bestSpanF1.push(tokenF1(result.reading.bestSpan?.text ?? '', question.answers));
    } else {
      this.#withoutSpan = true;
    }
    const shown = shownFiles(result);
    this.#passageRecall.push(
      question.gold.filter((file) => shown.has(file)).length / question.gold.length,
    );
  }

  figures(round: (value: number) => number): Record<string, number | null> {
    return {
      statedAnswers: this.#stated,
      statedPrecision: this.#stated === 0 ? null : round(this.#statedRight / this.#stated),
      answerableCoverage:
        this.#answerable === 0 ? null : round(this.#statedAnswerable / this.#answerable),
      bestSpanF1:
        this.#withoutSpan || this.#bestSpanF1.length === 0 ? null : round(mean(this.#bestSpanF1)),
      passageRecall: this.#answerable === 0 ? null : round(mean(this.#passageRecall)),
    };
  }
}
