/**
 * `npm run eval -- qa --engine openai` end to end against the scripted OpenAI-compatible server
 * on 127.0.0.1: every question of the fixture library's set completes, calls and tokens are
 * counted, and no prompt exceeds a small model's 4,096-token window, by the pipeline's count and
 * by the server's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQaEval } from '../../scripts/eval/qa.ts';
import {
  startScriptedChatServer,
  type ScriptedChatServer,
} from '../../scripts/eval/scripted-chat-server.ts';

const CONTEXT_WINDOW = 4096;
const QUESTION_COUNT = 16;

interface QaFigures {
  n: number;
  llmCalls: number;
  promptTokens: number;
  completionTokens: number;
  maxPromptTokens: number;
  statuses: Record<string, number>;
}

let server: ScriptedChatServer;
beforeAll(async () => {
  server = await startScriptedChatServer({ contextWindow: CONTEXT_WINDOW });
});
afterAll(async () => {
  await server.close();
});

describe('eval qa with an OpenAI-compatible engine', () => {
  it.each(['auto', 'plan'])('completes every question with strategy %s', async (strategy) => {
    const requestsBefore = server.requests.length;
    const figures = (await runQaEval([
      '--docs',
      'tests/fixtures',
      '--questions',
      'tests/fixtures/library-questions.jsonl',
      '--collections',
      'library',
      '--engine',
      'openai',
      '--base-url',
      server.url,
      '--model',
      'scripted',
      '--strategy',
      strategy,
    ])) as unknown as QaFigures;

    expect(figures.n).toBe(QUESTION_COUNT);
    expect(figures.statuses['out-of-budget'] ?? 0).toBe(0);
    expect(Object.values(figures.statuses).reduce((sum, count) => sum + count, 0)).toBe(
      QUESTION_COUNT,
    );
    expect(figures.llmCalls).toBeGreaterThan(0);
    expect(figures.promptTokens).toBeGreaterThan(0);
    expect(figures.completionTokens).toBeGreaterThan(0);
    expect(figures.maxPromptTokens).toBeGreaterThan(0);
    expect(figures.maxPromptTokens).toBeLessThanOrEqual(CONTEXT_WINDOW);

    const requests = server.requests.slice(requestsBefore);
    expect(requests).toHaveLength(figures.llmCalls);
    expect(requests.every((request) => request.answered && request.stream)).toBe(true);
    expect(requests.reduce((sum, request) => sum + request.promptTokens, 0)).toBe(
      figures.promptTokens,
    );
    expect(server.largestPromptTokens()).toBeLessThanOrEqual(CONTEXT_WINDOW);
  });
});

interface AblationFigures extends Omit<QaFigures, 'n'> {
  name: string;
  steps?: Record<string, number>;
}

describe('eval qa thorough ablations with an OpenAI-compatible engine', () => {
  it('runs every switch over the same questions and counts calls, tokens and steps', async () => {
    const requestsBefore = server.requests.length;
    const result = (await runQaEval([
      '--docs',
      'tests/fixtures',
      '--questions',
      'tests/fixtures/library-questions.jsonl',
      '--collections',
      'library',
      '--engine',
      'openai',
      '--base-url',
      server.url,
      '--model',
      'scripted',
      '--strategy',
      'thorough',
      '--ablations',
      '--limit',
      '6',
    ])) as unknown as { n: number; ablations: AblationFigures[] };

    expect(result.n).toBe(6);
    const byName = new Map(result.ablations.map((figures) => [figures.name, figures]));
    expect([...byName.keys()]).toEqual([
      'full',
      'monitor off',
      'explicit retrieval',
      'no HSR',
      'no QAIR',
    ]);
    for (const figures of result.ablations) {
      expect(figures.statuses).toEqual({ answered: 6 });
      expect(figures.maxPromptTokens).toBeLessThanOrEqual(CONTEXT_WINDOW);
    }
    const step = (name: string, type: string) => byName.get(name)?.steps?.[type] ?? 0;
    // The scripted proposals hedge for some questions: the monitor checks and notes are spliced.
    expect(step('full', 'monitor-check')).toBeGreaterThan(0);
    expect(step('full', 'injection-end')).toBeGreaterThan(0);
    expect(step('monitor off', 'monitor-check')).toBe(0);
    expect(step('explicit retrieval', 'monitor-check')).toBe(0);
    expect(step('explicit retrieval', 'retrieval-explicit')).toBe(12);
    expect(step('no HSR', 'anchor-refine')).toBe(0);
    expect(step('full', 'anchor-refine')).toBe(12);
    expect(step('no QAIR', 'candidate-score')).toBe(0);
    expect(step('full', 'candidate-score')).toBeGreaterThanOrEqual(12);
    const calls = (name: string) => byName.get(name)?.llmCalls ?? 0;
    expect(calls('monitor off')).toBeLessThan(calls('full'));
    expect(calls('no HSR')).toBeLessThan(calls('full'));
    expect(calls('no QAIR')).toBeLessThan(calls('full'));
    const total = result.ablations.reduce((sum, figures) => sum + figures.llmCalls, 0);
    expect(server.requests.slice(requestsBefore)).toHaveLength(total);
    expect(server.requests.slice(requestsBefore).every((request) => request.answered)).toBe(true);
  });
});

describe('scripted chat server', () => {
  const messages = [
    { role: 'system', content: 'You answer from passages.' },
    {
      role: 'user',
      content:
        'Answer.\n\n<passage id="1">\nThe kiln was fired on Tuesday. It cooled overnight.\n</passage>\n\nQuestion: When was the kiln fired?',
    },
  ];
  const post = (body: Record<string, unknown>) =>
    fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'scripted', messages, ...body }),
    });

  it('lists its model', async () => {
    const body = (await (await fetch(`${server.url}/models`)).json()) as { data: { id: string }[] };
    expect(body.data.map(({ id }) => id)).toEqual(['scripted']);
  });

  it('answers a non-streamed JSON request by its schema, quoting passage 1', async () => {
    const schema = {
      type: 'object',
      properties: {
        strategy: { type: 'string', enum: ['direct', 'single', 'plan'] },
        quotes: { type: 'array', items: { type: 'integer' } },
        quote: { type: 'string' },
      },
    };
    const response = await post({
      response_format: { type: 'json_schema', json_schema: { name: 'check', schema } },
    });
    const body = (await response.json()) as {
      choices: { message: { content: string } }[];
      usage: { prompt_tokens: number; completion_tokens: number };
    };
    expect(JSON.parse(body.choices[0]?.message.content ?? '')).toEqual({
      strategy: 'single',
      quotes: [1],
      quote: 'The kiln was fired on Tuesday.',
    });
    expect(body.usage.prompt_tokens).toBe(server.requests.at(-1)?.promptTokens);
    expect(body.usage.completion_tokens).toBeGreaterThan(0);
  });

  it('refuses a request over its context window as real servers do', async () => {
    const response = await post({ max_tokens: CONTEXT_WINDOW });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/maximum context length/);
    expect(server.requests.at(-1)?.answered).toBe(false);
  });
});
