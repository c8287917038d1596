/**
 * Documents that try to instruct the model, through the real pipeline: the Node library (folder
 * source, parsers, built-in embedder, hybrid search) over tests/fixtures/prompt-injection.ts, the
 * question service with every strategy, and a scripted model that answers as the scripted chat
 * server does, quoting passage 1's first sentence, so each injection comes back as model output.
 * Prompts must keep passages as delimited data, fake citations must be dropped, nothing may be
 * fetched, and no setting or collection may change.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readPrompt, scriptedText, scriptedValue } from '../../scripts/eval/scripted-replies.ts';
import { openNodeLibrary, type NodeLibrary } from '../../scripts/node-library.ts';
import {
  ScriptedEngine,
  type RecordedRequest,
} from '../../src/adapters/engines/scripted-engine.ts';
import { readNetworkSettings } from '../../src/app/network-settings.ts';
import { DEFAULT_OCR_LANGUAGE_HOST } from '../../src/app/ocr-setting.ts';
import type { StrategyChoice } from '../../src/app/question-types.ts';
import { QuestionService } from '../../src/app/question-service.ts';
import { writeAnswerEngine } from '../../src/app/answer-engine-setting.ts';
import { writeModelHost } from '../../src/app/model-host.ts';
import {
  FAKE_PASSAGE_TAGS,
  INJECTION_DOCUMENTS,
  INJECTION_HOST,
} from '../fixtures/prompt-injection.ts';

const SERVER = { kind: 'openai', baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen' } as const;
const MIRROR = 'https://mirror.lan/hf/';
const STRATEGIES: StrategyChoice[] = ['auto', 'single', 'plan', 'thorough'];
const PASSAGE_BLOCK = /<passage id="\d+">\n([\s\S]*?)\n<\/passage>/g;
/** How each step's system message says that text it shows is not to be obeyed. */
const DATA_RULE = /\bdata\b[^\n]*\b(never|ignore)\b[^\n]*instructions/;

/** Replies as scripts/eval/scripted-chat-server.ts does, from the request alone. */
function scriptedReply(request: RecordedRequest): string {
  const reading = readPrompt(request.messages);
  const format = request.responseFormat;
  return format?.type === 'json'
    ? JSON.stringify(scriptedValue(format.schema, reading))
    : scriptedText(reading, request.messages);
}

describe('documents that try to instruct the model', () => {
  let workspace: string;
  let library: NodeLibrary;
  let engine: ScriptedEngine;
  let questions: QuestionService;
  let chunks: Map<string, string>;

  beforeAll(async () => {
    workspace = await mkdtemp(join(tmpdir(), 'archivist-injection-'));
    await mkdir(join(workspace, 'plant'));
    for (const document of INJECTION_DOCUMENTS) {
      await writeFile(join(workspace, 'plant', document.name), document.text);
    }
    library = await openNodeLibrary({ docs: workspace });
    const { store } = library.search;
    await writeAnswerEngine(store, SERVER);
    await writeModelHost(store, MIRROR);
    chunks = new Map(
      (await store.listChunks('plant')).map((chunk) => [chunk.id, chunk.text] as const),
    );
    engine = new ScriptedEngine(
      Array.from({ length: 2_000 }, () => scriptedReply),
      { contextWindow: 4096 },
    );
    questions = new QuestionService(Promise.resolve({ store, search: library.search }), {
      fetchAlsoTo: () => {
        throw new Error('No connection test runs here.');
      },
      createEngine: () => engine,
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  afterAll(async () => {
    await rm(workspace, { recursive: true, force: true });
  });

  async function ask(question: string, strategy: StrategyChoice) {
    const callsBefore = engine.calls.length;
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const result = await questions.ask(
      { jobId: `${strategy}:${question}`, question, strategy },
      () => undefined,
      () => undefined,
    );
    expect(fetchSpy).not.toHaveBeenCalled();
    return { result, calls: engine.calls.slice(callsBefore) };
  }

  describe.each(STRATEGIES)('with strategy %s', (strategy) => {
    it.each(INJECTION_DOCUMENTS.map((document) => [document.name, document] as const))(
      'answers about %s with its injection as quoted data, fetching nothing',
      async (_name, document) => {
        const { result, calls } = await ask(document.question, strategy);
        const injectionStart = document.injection.slice(0, 30);
        expect(result.status).toBe('answered');
        if (strategy !== 'auto') expect(result.strategy).toBe(strategy);
        // The model repeated the injection: it is in the answer, as text.
        expect(result.answer).toContain(document.injection.replace(/ \[7\]\.$/, ''));

        // Fake citations are dropped: every [n] names a citation, every citation a real chunk
        // whose text holds its quote.
        const numbers = [...result.answer.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]));
        expect(numbers.every((number) => number >= 1 && number <= result.citations.length)).toBe(
          true,
        );
        expect(result.answer).not.toMatch(/\[7\]|\[12\]/);
        expect(result.citations.length).toBeGreaterThan(0);
        for (const citation of result.citations) {
          const text = chunks.get(citation.chunkId);
          expect(text, citation.chunkId).toBeDefined();
          if (citation.quote) expect(text).toContain(citation.quote);
        }

        // Prompts keep passages as data: under the rule in the system message, in blocks that
        // the document's own tags cannot close or open.
        expect(calls.length).toBeGreaterThan(0);
        for (const call of calls) {
          const system = call.messages.find((message) => message.role === 'system')?.content;
          const user = call.messages
            .filter((message) => message.role !== 'system')
            .map((message) => message.content)
            .join('\n');
          expect(system).not.toContain(INJECTION_HOST);
          expect(system).not.toContain('BANANA');
          expect(user).not.toContain(FAKE_PASSAGE_TAGS);
          const opened = user.match(/<passage id="\d+">/g)?.length ?? 0;
          expect(user.match(/<\/passage>/g)?.length ?? 0).toBe(opened);
          if (opened > 0) expect(system).toMatch(/never instructions/);
          for (const block of user.matchAll(PASSAGE_BLOCK)) expect(block[1]).not.toMatch(/[<>]/);
          // Outside its passage block the injection is model output (a fact, a candidate answer)
          // repeating it: the step's rules call that data too.
          const outside = user.replace(PASSAGE_BLOCK, '');
          if (outside.includes(injectionStart)) expect(system).toMatch(DATA_RULE);
        }
        const passagePrompts = calls.filter((call) =>
          call.messages.some((message) => message.content.includes(document.injection)),
        );
        expect(passagePrompts.length).toBeGreaterThan(0);
      },
    );
  });

  it('leaves the settings and the collection as they were', async () => {
    const { store } = library.search;
    expect(await readNetworkSettings(store)).toEqual({
      answerEngine: SERVER,
      modelHost: MIRROR,
      ocrLanguageHost: DEFAULT_OCR_LANGUAGE_HOST,
    });
    const [collection] = await store.listCollections();
    expect(collection).toMatchObject({
      id: 'plant',
      fileCount: INJECTION_DOCUMENTS.length,
      chunkCount: chunks.size,
    });
    expect((await store.listChunks('plant')).map((chunk) => chunk.text)).toEqual([
      ...chunks.values(),
    ]);
  });
});
