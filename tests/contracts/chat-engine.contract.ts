import { afterEach, describe, expect, it } from 'vitest';
import type { ChatEngine, ChatRequest, JsonSchema } from '../../src/core/ports/chat-engine.ts';

/** One engine primed to answer with `responses`, in call order. */
export interface ChatEngineHarness {
  engine: ChatEngine;
  /** The schema the model itself was given for the last request, parsed. */
  schemaSeen(): unknown;
  close(): Promise<void>;
}

export type ChatEngineSetup = (responses: string[]) => Promise<ChatEngineHarness>;

const reply = 'Café notes: the kiln was fired on 12 March — twice, at 1 200 °C. ✓';
const messages: ChatRequest['messages'] = [
  { role: 'system', content: 'Answer from the notes.' },
  { role: 'user', content: 'When was the kiln fired?' },
];
const schema: JsonSchema = {
  type: 'object',
  properties: { strategy: { type: 'string', enum: ['direct', 'single', 'plan'] } },
  required: ['strategy'],
};

/** The behaviour every `ChatEngine` adapter must have; run it once per adapter. */
export function describeChatEngineContract(name: string, setup: ChatEngineSetup): void {
  describe(`ChatEngine contract: ${name}`, () => {
    let harness: ChatEngineHarness | undefined;
    const start = async (responses: string[]): Promise<ChatEngine> => {
      harness = await setup(responses);
      return harness.engine;
    };
    afterEach(async () => {
      await harness?.close();
      harness = undefined;
    });

    it('completes with the whole text, streamed in deltas that concatenate to it', async () => {
      const engine = await start([reply]);
      const deltas: string[] = [];
      const response = await engine.complete({ messages, onDelta: (text) => deltas.push(text) });
      expect(response.text).toBe(reply);
      expect(response.finishReason).toBe('stop');
      expect(deltas.length).toBeGreaterThan(1);
      expect(deltas.join('')).toBe(reply);
    });

    it('reports token usage', async () => {
      const engine = await start([reply]);
      const { usage } = await engine.complete({ messages });
      expect(usage.promptTokens).toBeGreaterThan(0);
      expect(usage.completionTokens).toBeGreaterThan(0);
      expect(engine.countTokens(reply)).toBeGreaterThan(0);
      expect(engine.countTokens('')).toBe(0);
    });

    it('answers calls in order', async () => {
      const engine = await start(['first', 'second']);
      expect((await engine.complete({ messages })).text).toBe('first');
      expect((await engine.complete({ messages })).text).toBe('second');
    });

    it('stops on abort mid-stream with the text that arrived', async () => {
      const engine = await start([reply]);
      const controller = new AbortController();
      const deltas: string[] = [];
      const response = await engine.complete({
        messages,
        signal: controller.signal,
        onDelta: (text) => {
          deltas.push(text);
          controller.abort();
        },
      });
      expect(response.finishReason).toBe('abort');
      expect(response.text).toBe(deltas.join(''));
      expect(response.text.length).toBeGreaterThan(0);
      expect(response.text.length).toBeLessThan(reply.length);
      expect(reply.startsWith(response.text)).toBe(true);
    });

    it('returns at once, with no text, when the signal has already fired', async () => {
      const engine = await start([reply]);
      const response = await engine.complete({ messages, signal: AbortSignal.abort() });
      expect(response).toMatchObject({ text: '', finishReason: 'abort' });
    });

    it('passes a JSON response format to the model', async () => {
      const engine = await start(['{"strategy":"single"}']);
      const response = await engine.complete({
        messages,
        responseFormat: { type: 'json', name: 'route', schema },
      });
      expect(JSON.parse(response.text)).toEqual({ strategy: 'single' });
      expect(harness?.schemaSeen()).toEqual(schema);
      expect(engine.info.constrainedJson).toBe(true);
    });

    it('describes itself', async () => {
      const engine = await start([reply]);
      expect(engine.info.id.length).toBeGreaterThan(0);
      expect(engine.info.contextWindow).toBeGreaterThan(0);
    });
  });
}
