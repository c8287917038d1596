import { expose, wrap } from 'comlink';
import { describe, expect, it } from 'vitest';
import { ChatEngineHost } from '../../../src/adapters/engines/remote/chat-engine-host.ts';
import { ScriptedEngine } from '../../../src/adapters/engines/scripted-engine.ts';
import type { TraceEvent } from '../../../src/core/llm/trace.ts';
import { FILES, folder, openLibrary } from './library-fixtures.ts';

/** A port nothing listens on, on this machine. */
const UNREACHABLE_SERVER = 'http://127.0.0.1:9/v1';

async function syncedLibrary() {
  const library = openLibrary();
  await library.syncFolder(
    { jobId: 'sync', folder: { kind: 'files', files: folder(FILES) } },
    () => undefined,
  );
  return library;
}

describe('asking the library', () => {
  it('answers from the passages without a model, streaming the answer and the trace', async () => {
    const library = await syncedLibrary();
    const events: TraceEvent[] = [];
    let streamed = '';
    const result = await library.questions.ask(
      { jobId: 'ask', question: 'What ate the basil?', strategy: 'auto' },
      (event) => events.push(event),
      (text) => (streamed += text),
    );
    expect(['answered', 'passages']).toContain(result.status);
    expect(result.strategy).toBe('passages');
    expect(result.answer).toContain('Snails');
    expect(streamed).toContain('Snails');
    expect(result.citations[0]).toMatchObject({ number: 1 });
    const document = await library.openDocument(result.citations[0]?.chunkId ?? '');
    expect(document.path).toBe('notes/garden.md');
    // The reading crosses the worker boundary with the answer: its passages, best first.
    expect(result.reading?.passages[0]).toMatchObject({
      number: 1,
      path: 'notes/garden.md',
      chunkId: result.citations[0]?.chunkId,
    });
    expect(events.map(({ type }) => type)).toEqual(
      expect.arrayContaining([
        'run-start',
        'strategy-choose',
        'retrieval-end',
        'reading-end',
        'run-end',
      ]),
    );
    expect(result.totals.llmCalls).toBe(0);
  });

  it('searches only the chosen collections', async () => {
    const library = await syncedLibrary();
    const result = await library.questions.ask(
      { jobId: 'ask', question: 'What ate the basil?', strategy: 'single', collectionIds: [] },
      () => undefined,
      () => undefined,
    );
    expect(result.status).toBe('not-found');
    expect(result.citations).toEqual([]);
  });

  it('stops a run with AbortError', async () => {
    const library = await syncedLibrary();
    const pending = library.questions.ask(
      { jobId: 'ask', question: 'What ate the basil?', strategy: 'single' },
      () => undefined,
      () => undefined,
    );
    library.questions.stopAsking('ask');
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('keeps the engine setting, checks it and tests the connection', async () => {
    const library = openLibrary();
    expect(await library.questions.getAnswerEngine()).toEqual({ kind: 'extractive' });
    expect(await library.questions.testAnswerEngine()).toMatchObject({
      ok: true,
      modelListed: true,
    });
    await expect(
      library.questions.setAnswerEngine({ kind: 'openai', baseUrl: 'localhost', model: 'm' }),
    ).rejects.toMatchObject({ name: 'InvalidEngineSettingError' });
    await expect(
      library.questions.setAnswerEngine({
        kind: 'openai',
        baseUrl: UNREACHABLE_SERVER,
        model: ' ',
      }),
    ).rejects.toMatchObject({ name: 'InvalidEngineSettingError' });
    const stored = await library.questions.setAnswerEngine({
      kind: 'openai',
      baseUrl: ` ${UNREACHABLE_SERVER} `,
      model: 'llama3.2:3b',
    });
    expect(stored).toEqual({ kind: 'openai', baseUrl: UNREACHABLE_SERVER, model: 'llama3.2:3b' });
    expect(await library.questions.getAnswerEngine()).toEqual(stored);
    const test = await library.questions.testAnswerEngine();
    expect(test.ok).toBe(false);
    // Listing a server's models needs its address alone.
    await expect(library.questions.listServerModels('localhost')).rejects.toMatchObject({
      name: 'InvalidEngineSettingError',
    });
    expect(await library.questions.listServerModels(UNREACHABLE_SERVER)).toMatchObject({
      ok: false,
      error: { name: 'EngineUnavailableError' },
    });
    await library.questions.setAnswerEngine({ kind: 'extractive' });
    expect(await library.questions.getAnswerEngine()).toEqual({ kind: 'extractive' });
  });

  it('answers with the built-in model the page hands over, and extractively until then', async () => {
    const library = await syncedLibrary();
    expect(await library.questions.setAnswerEngine({ kind: 'built-in' })).toEqual({
      kind: 'built-in',
    });
    const ask = () =>
      library.questions.ask(
        { jobId: 'ask', question: 'What ate the basil?', strategy: 'direct' },
        () => undefined,
        () => undefined,
      );
    expect((await ask()).strategy).toBe('passages');

    const page = new ScriptedEngine(['Snails ate it.'], { id: 'built-in' });
    const channel = new MessageChannel();
    expose(new ChatEngineHost(page), channel.port1);
    await library.questions.attachBuiltInModel(wrap<ChatEngineHost>(channel.port2));
    const answered = await ask();
    expect(answered).toMatchObject({ strategy: 'direct', answer: 'Snails ate it.' });
    expect(page.calls).toHaveLength(1);

    library.questions.detachBuiltInModel();
    expect((await ask()).strategy).toBe('passages');
    channel.port1.close();
    channel.port2.close();
  });
});
