import { describe, expect, it } from 'vitest';
import { engineName, turnEngine } from '../../../src/ui/engine-name.ts';

describe('the engine that answered, in words', () => {
  it('names each kind of engine', () => {
    expect(engineName({ id: 'built-in', kind: 'built-in' })).toBe(
      'the model built into this browser',
    );
    expect(engineName({ id: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC', kind: 'webllm' })).toBe(
      'on-device model Qwen2.5-1.5B-Instruct-q4f16_1-MLC',
    );
    expect(engineName({ id: 'llama3.2:3b', kind: 'openai' })).toBe(
      'local server model llama3.2:3b',
    );
    expect(engineName({ id: 'extractive', kind: 'extractive' })).toBe(
      'no language model (passages only)',
    );
  });

  it("reads a turn's engine from its run-start, and none from an older trace", () => {
    const engine = { id: 'llama3.2:3b', kind: 'openai' };
    expect(
      turnEngine({
        events: [{ type: 'run-start', at: 0, question: 'q', strategy: 'auto', engine }],
      }),
    ).toEqual(engine);
    expect(
      turnEngine({ events: [{ type: 'run-start', at: 0, question: 'q', strategy: 'auto' }] }),
    ).toBeUndefined();
  });
});
