import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_MODEL_ID,
  PromptApiEngine,
} from '../../../../src/adapters/engines/prompt-api/prompt-api-engine.ts';
import { findLanguageModel } from '../../../../src/adapters/engines/prompt-api/prompt-api.ts';
import type { ChatMessage, JsonSchema } from '../../../../src/core/ports/chat-engine.ts';
import {
  installPromptApiStandIn,
  type PromptApiStandInConfig,
  type PromptApiStandInRecord,
} from '../../../support/prompt-api-stand-in.ts';

const messages: ChatMessage[] = [
  { role: 'system', content: 'Answer from the notes.' },
  { role: 'user', content: 'When was the kiln fired?' },
];
const schema: JsonSchema = {
  type: 'object',
  properties: { answerable: { type: 'boolean' } },
  required: ['answerable'],
};

function standIn(
  config: PromptApiStandInConfig,
  navigator?: unknown,
): { record: PromptApiStandInRecord; load: (progress?: number[]) => Promise<PromptApiEngine> } {
  const scope: Record<string, unknown> = navigator === undefined ? {} : { navigator };
  const record = installPromptApiStandIn(scope, config);
  const factory = findLanguageModel(scope);
  if (!factory) throw new Error('no LanguageModel');
  return {
    record,
    load: (progress) =>
      PromptApiEngine.load(factory, { onProgress: (fraction) => progress?.push(fraction) }),
  };
}

describe('PromptApiEngine: loading', () => {
  it('refuses a browser whose model is unavailable, naming the failure', async () => {
    const { load } = standIn({ availability: 'unavailable' });
    await expect(load()).rejects.toMatchObject({ name: 'BuiltInModelUnavailableError' });
  });

  it.each(['downloadable', 'downloading'] as const)(
    'reports the download while the model is %s, then answers',
    async (availability) => {
      const { load } = standIn({
        availability,
        downloadSteps: [0, 0.25, 1],
        responses: ['Fired.'],
      });
      const progress: number[] = [];
      const engine = await load(progress);
      expect(progress).toEqual([0, 0.25, 1]);
      expect((await engine.complete({ messages })).text).toBe('Fired.');
    },
  );

  it('reports no download when the model is available', async () => {
    const { load } = standIn({ availability: 'available' });
    const progress: number[] = [];
    await load(progress);
    expect(progress).toEqual([]);
  });

  it('says a click is needed when a download starts without one', async () => {
    const { load } = standIn(
      { availability: 'downloadable' },
      { userActivation: { isActive: false } },
    );
    await expect(load()).rejects.toMatchObject({ name: 'BuiltInModelActivationError' });
  });

  it('asks for the languages it reads and writes', async () => {
    const { record, load } = standIn({ availability: 'available' });
    await load();
    expect(record.availabilityCalls[0]).toMatchObject({
      expectedInputs: [{ type: 'text' }],
      expectedOutputs: [{ type: 'text', languages: ['en'] }],
    });
  });

  it('reads its context window from the session, under the current or the older name', async () => {
    const current = await standIn({ availability: 'available', contextWindow: 6144 }).load();
    expect(current.info).toMatchObject({
      id: BUILT_IN_MODEL_ID,
      kind: 'built-in',
      contextWindow: 6144,
      constrainedJson: true,
    });
    const older = standIn({ availability: 'available', contextWindow: 3000, legacyNames: true });
    expect((await older.load()).info.contextWindow).toBe(3000);
  });
});

describe('PromptApiEngine: calls', () => {
  it('gives every call a fresh session and destroys it, so no history is shared', async () => {
    const { record, load } = standIn({ availability: 'available', responses: ['one', 'two'] });
    const engine = await load();
    await engine.complete({ messages: [...messages, { role: 'user', content: 'Planner?' }] });
    await engine.complete({ messages: [{ role: 'user', content: 'Judge?' }] });
    const calls = record.sessions.slice(1);
    expect(calls).toHaveLength(2);
    expect(calls.map((session) => session.destroyed)).toEqual([true, true]);
    expect(calls.map((session) => session.prompts.length)).toEqual([1, 1]);
    expect(calls[1]?.initialPrompts).toEqual([]);
    expect(calls[1]?.prompts[0]?.input).toBe('Judge?');
    expect(JSON.stringify(calls[1])).not.toContain('one');
  });

  it('puts the system messages first and prompts the last message', async () => {
    const { record, load } = standIn({ availability: 'available', responses: ['ok'] });
    const engine = await load();
    await engine.complete({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Draft?' },
        { role: 'assistant', content: 'A draft.' },
        { role: 'system', content: 'Cite passages.' },
        { role: 'user', content: 'Fix it.' },
      ],
    });
    const session = record.sessions.at(-1);
    expect(session?.initialPrompts).toEqual([
      { role: 'system', content: 'Be brief.\n\nCite passages.' },
      { role: 'user', content: 'Draft?' },
      { role: 'assistant', content: 'A draft.' },
    ]);
    expect(session?.prompts[0]).toMatchObject({ input: 'Fix it.', streamed: true });
  });

  it('constrains a JSON step by its schema, and a text step by none', async () => {
    const { record, load } = standIn({
      availability: 'available',
      responses: ['{"answerable":true}', 'text'],
    });
    const engine = await load();
    const json = await engine.complete({
      messages,
      responseFormat: { type: 'json', name: 'judge', schema },
    });
    await engine.complete({ messages });
    expect(JSON.parse(json.text)).toEqual({ answerable: true });
    const prompts = record.sessions.slice(1).map((session) => session.prompts[0]);
    expect(prompts[0]?.responseConstraint).toEqual(schema);
    expect(prompts[1]?.responseConstraint).toBeUndefined();
  });

  it('counts the prompt as the browser measures it', async () => {
    const { load } = standIn({ availability: 'available', responses: ['Twelve chars'] });
    const engine = await load();
    const { usage } = await engine.complete({ messages });
    // The stand-in counts a token per four characters, plus one per text.
    const system = Math.ceil('Answer from the notes.'.length / 4) + 1;
    const question = Math.ceil('When was the kiln fired?'.length / 4) + 1;
    expect(usage).toEqual({ promptTokens: system + question, completionTokens: 3 + 1 });
  });

  it('stops the stream at maxTokens', async () => {
    const { load } = standIn({ availability: 'available', responses: ['word '.repeat(200)] });
    const engine = await load();
    const response = await engine.complete({ messages, maxTokens: 8 });
    expect(response.finishReason).toBe('length');
    expect(response.text.length).toBeLessThan(200);
  });

  it('refuses a prompt that leaves no room for the reply, before sending it', async () => {
    const { record, load } = standIn({ availability: 'available', contextWindow: 40 });
    const engine = await load();
    await expect(engine.complete({ messages, maxTokens: 30 })).rejects.toMatchObject({
      name: 'ContextOverflowError',
    });
    expect(record.sessions.at(-1)?.prompts).toEqual([]);
    expect(record.sessions.at(-1)?.destroyed).toBe(true);
  });

  it('turns the browser’s QuotaExceededError into ContextOverflowError', async () => {
    const { load } = standIn({
      availability: 'available',
      responses: [{ error: 'QuotaExceededError' }],
    });
    const engine = await load();
    await expect(engine.complete({ messages })).rejects.toMatchObject({
      name: 'ContextOverflowError',
    });
  });

  it('fails with ContextOverflowError when the session drops part of its prompt', async () => {
    const { load } = standIn({
      availability: 'available',
      contextWindow: 40,
      responses: ['A reply far longer than the room the session has left for it. '.repeat(3)],
    });
    const engine = await load();
    await expect(engine.complete({ messages })).rejects.toMatchObject({
      name: 'ContextOverflowError',
    });
  });

  it.each([
    ['NotSupportedError', 'BuiltInModelUnavailableError'],
    ['InvalidStateError', 'EngineResponseError'],
    ['UnknownError', 'EngineResponseError'],
  ])('turns %s into %s', async (domName, archivistName) => {
    const { load } = standIn({ availability: 'available', responses: [{ error: domName }] });
    const engine = await load();
    await expect(engine.complete({ messages })).rejects.toMatchObject({ name: archivistName });
  });

  it('stops a call whose signal fires while its session is created', async () => {
    const { record, load } = standIn({ availability: 'available', responses: ['never'] });
    const engine = await load();
    const controller = new AbortController();
    const reply = engine.complete({ messages, signal: controller.signal });
    controller.abort();
    expect(await reply).toMatchObject({ text: '', finishReason: 'abort' });
    expect(record.sessions.every((session) => session.prompts.length === 0)).toBe(true);
  });
});
