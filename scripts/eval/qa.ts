/**
 * `npm run eval -- qa`: answers each question of a set with the full pipeline over an in-memory
 * library and scores the stated short answer (see `statedAnswer`) with SQuAD EM and F1 over the
 * answerable questions. Questions with no gold file (unanswerable) are scored apart: correct when
 * no short answer is stated (`unanswerableAccuracy`); the answer-honesty figures are in
 * honesty-figures.ts. `statuses` counts the answers by
 * status, `maxPromptTokens` is the longest prompt sent, as the pipeline counted it. Thorough
 * mode's switches (see thorough-flags.ts) configure it; `--ablations` gives one set of figures per
 * configuration, over one library, with thorough mode's steps counted (`steps`).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ExtractiveEngine } from '../../src/adapters/engines/extractive-engine.ts';
import { OpenAiCompatibleEngine } from '../../src/adapters/engines/openai-compatible-engine.ts';
import { LibraryRetriever } from '../../src/app/library-retriever.ts';
import { parseQuestions, type EvalQuestion } from '../../src/core/eval/dataset.ts';
import { exactMatch, mean, tokenF1 } from '../../src/core/eval/metrics.ts';
import type { ThoroughOptions } from '../../src/core/agents/refine/thorough-options.ts';
import type { ChatEngine } from '../../src/core/ports/chat-engine.ts';
import type { Retriever } from '../../src/core/ports/retriever.ts';
import { defaultStrategies } from '../../src/core/pipeline/strategies/index.ts';
import {
  runQuestion,
  type RunQuestionResult,
  type StrategyChoice,
} from '../../src/core/pipeline/run-question.ts';
import { isCoreEvent } from '../../src/core/llm/trace.ts';
import { openNodeLibrary } from '../node-library.ts';
import { HonestyFigures, statedAnswer } from './honesty-figures.ts';
import { ABLATIONS, THOROUGH_FLAGS, thoroughFlags, type Ablation } from './thorough-flags.ts';
import {
  DATASET_OPTIONS,
  datasetOptions,
  positiveWholeNumber,
  type DatasetOptions,
} from './dataset-options.ts';

const STRATEGIES = ['auto', 'direct', 'single', 'plan', 'unified', 'thorough', 'passages'] as const;
/** Thorough mode's steps, counted over the run: what each ablation switch changes. */
const COUNTED_STEPS: ReadonlySet<string> = new Set([
  'monitor-check',
  'injection-end',
  'retrieval-explicit',
  'anchor-refine',
  'candidate-score',
  'candidate-rework',
]);
/** Context window assumed for an OpenAI-compatible server, as a small local model has. */
const OPENAI_CONTEXT_WINDOW = 4096;

interface QaEvalOptions extends DatasetOptions {
  engine: ChatEngine;
  strategy: StrategyChoice;
  limit?: number;
  thorough: Partial<ThoroughOptions>;
  ablations: boolean;
}

function parseOptions(args: string[]): QaEvalOptions {
  const { values } = parseArgs({
    args,
    options: {
      ...DATASET_OPTIONS,
      engine: { type: 'string', default: 'extractive' },
      'base-url': { type: 'string' },
      model: { type: 'string' },
      strategy: { type: 'string', default: 'auto' },
      limit: { type: 'string' },
      ...THOROUGH_FLAGS,
    },
  });
  const strategy = values.strategy as StrategyChoice;
  if (!STRATEGIES.includes(strategy)) {
    throw new Error(`--strategy must be one of ${STRATEGIES.join(', ')}.`);
  }
  return {
    ...datasetOptions(values),
    engine: createEngine(values.engine, values['base-url'], values.model),
    strategy,
    limit: values.limit === undefined ? undefined : positiveWholeNumber('limit', values.limit),
    thorough: thoroughFlags(values),
    ablations: values.ablations,
  };
}

function createEngine(kind: string | undefined, baseUrl?: string, model?: string): ChatEngine {
  if (kind === 'extractive') return new ExtractiveEngine();
  if (kind !== 'openai') throw new Error('--engine must be extractive or openai.');
  if (!baseUrl || !model) throw new Error('--engine openai needs --base-url and --model.');
  return new OpenAiCompatibleEngine({ baseUrl, model, contextWindow: OPENAI_CONTEXT_WINDOW });
}

export async function runQaEval(args: string[]): Promise<Record<string, unknown>> {
  const options = parseOptions(args);
  const questions = parseQuestions(await readFile(options.questions, 'utf8')).slice(
    0,
    options.limit,
  );
  const library = await openNodeLibrary({ docs: options.docs, collections: options.collections });
  const retriever = new LibraryRetriever(library.search);
  const header = {
    n: questions.length,
    engine: options.engine.info.id,
    strategy: options.strategy,
    collections: library.collectionIds.join(','),
  };
  if (!options.ablations) {
    const figures = await answerAll(questions, options, retriever, options.thorough);
    return { ...header, thorough: options.thorough, ...figures };
  }
  const ablations: Record<string, unknown>[] = [];
  for (const ablation of ABLATIONS) {
    const thorough = { ...options.thorough, ...ablation.options };
    ablations.push({
      name: ablation.name,
      ...(await answerAll(questions, options, retriever, thorough)),
    });
  }
  return { ...header, ablations };
}

/** Answers every question with one configuration and scores the answers. */
async function answerAll(
  questions: readonly EvalQuestion[],
  options: QaEvalOptions,
  retriever: Retriever,
  thorough: Ablation['options'],
): Promise<Record<string, unknown>> {
  const exact: number[] = [];
  const overlap: number[] = [];
  const unanswerable: number[] = [];
  const honesty = new HonestyFigures();
  const totals = { llmCalls: 0, promptTokens: 0, completionTokens: 0, maxPromptTokens: 0 };
  const statuses: Partial<Record<RunQuestionResult['status'], number>> = {};
  const steps: Record<string, number> = {};
  const strategies = defaultStrategies({ thorough });
  const started = performance.now();
  for (const question of questions) {
    const result = await runQuestion({
      question: question.question,
      engine: options.engine,
      retriever,
      strategy: options.strategy,
      strategies,
    });
    statuses[result.status] = (statuses[result.status] ?? 0) + 1;
    const stated = statedAnswer(result);
    honesty.add(question, result, stated);
    if (question.gold.length === 0) {
      unanswerable.push(stated === null ? 1 : 0);
    } else {
      exact.push(exactMatch(stated ?? '', question.answers));
      overlap.push(tokenF1(stated ?? '', question.answers));
    }
    totals.llmCalls += result.totals.llmCalls;
    totals.promptTokens += result.totals.promptTokens;
    totals.completionTokens += result.totals.completionTokens;
    for (const event of result.trace.events) {
      if (isCoreEvent(event) && event.type === 'llm-call-start') {
        totals.maxPromptTokens = Math.max(totals.maxPromptTokens, event.promptTokens);
      } else if (COUNTED_STEPS.has(event.type)) {
        steps[event.type] = (steps[event.type] ?? 0) + 1;
      }
    }
  }
  const elapsed = performance.now() - started;
  const round = (value: number): number => Math.round(value * 1000) / 1000;
  const perQuestion = (value: number) => round(value / Math.max(1, questions.length));
  return {
    answerable: exact.length,
    em: round(mean(exact)),
    f1: round(mean(overlap)),
    ...(unanswerable.length > 0
      ? { unanswerable: unanswerable.length, unanswerableAccuracy: round(mean(unanswerable)) }
      : {}),
    ...honesty.figures(round),
    ...totals,
    llmCallsPerQuestion: perQuestion(totals.llmCalls),
    tokensPerQuestion: perQuestion(totals.promptTokens + totals.completionTokens),
    statuses,
    ...(Object.keys(steps).length > 0 ? { steps } : {}),
    msPerQuestion: perQuestion(elapsed),
  };
}
