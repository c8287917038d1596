/**
 * WebLLM without WebGPU: the catalogue against web-llm's own config, device checks against
 * described adapters, and the engine adapter over a stand-in for web-llm's engine (its mapping of
 * requests, interrupts and errors; no model runs here).
 */
import { prebuiltAppConfig } from '@mlc-ai/web-llm';
import { describe, expect, it } from 'vitest';
import {
  customModel,
  DEFAULT_WEBLLM_MODEL_ID,
  findWebLlmModel,
  WEBLLM_MODELS,
} from '../../../src/catalogues/webllm-models.ts';
import { whyModelCannotRun } from '../../../src/catalogues/model-verdict.ts';
import { detectWebGpu } from '../../../src/catalogues/webgpu-support.ts';
import { WebLlmEngine } from '../../../src/adapters/engines/webllm/webllm-engine.ts';
import { WebLlmStandIn } from '../../support/webllm-stand-in.ts';

const messages = [{ role: 'user' as const, content: 'Hello' }];

describe('WebLLM model catalogue', () => {
  it.each(WEBLLM_MODELS.map((model) => [model.id, model] as const))(
    '%s matches web-llm 0.2.86 prebuilt config',
    (id, model) => {
      const prebuilt = prebuiltAppConfig.model_list.find((record) => record.model_id === id);
      expect(prebuilt).toBeDefined();
      expect(model.record.model).toBe(prebuilt?.model);
      expect(model.record.model_lib).toBe(prebuilt?.model_lib);
      expect(model.contextWindow).toBe(prebuilt?.overrides?.context_window_size);
      expect(model.vramMegabytes).toBeCloseTo(prebuilt?.vram_required_MB ?? 0, -1);
      expect(model.lowResource).toBe(prebuilt?.low_resource_required);
      expect(model.needsShaderF16).toBe(id.includes('f16'));
    },
  );

  it('has the default model', () => {
    expect(findWebLlmModel(DEFAULT_WEBLLM_MODEL_ID)?.label).toBe('Qwen2.5 1.5B');
  });

  it('describes a self-hosted model from an absolute URL', () => {
    const model = customModel({
      url: 'https://models.example.lan/Qwen2.5-0.5B-Instruct-q4f16_1-MLC/',
      modelLib: '/libs/Qwen2-0.5B-Instruct-q4f16_1_cs1k-webgpu.wasm',
    });
    expect(model).toMatchObject({ id: 'Qwen2.5-0.5B-Instruct-q4f16_1-MLC', needsShaderF16: true });
    expect(model.record).toMatchObject({
      model: 'https://models.example.lan/Qwen2.5-0.5B-Instruct-q4f16_1-MLC/',
      model_lib: '/libs/Qwen2-0.5B-Instruct-q4f16_1_cs1k-webgpu.wasm',
      required_features: ['shader-f16'],
    });
    expect(() => customModel({ url: 'models/qwen', modelLib: 'x.wasm' })).toThrow(/not absolute/);
  });
});

describe('WebGPU support', () => {
  const adapter = (features: string[]) => ({
    features: new Set(features),
    limits: {
      maxBufferSize: 1 << 30,
      maxStorageBufferBindingSize: 1 << 30,
      maxComputeWorkgroupStorageSize: 32 << 10,
      maxStorageBuffersPerShaderStage: 10,
    },
  });
  const small = findWebLlmModel('SmolLM2-360M-Instruct-q4f32_1-MLC')!;
  const f16 = findWebLlmModel(DEFAULT_WEBLLM_MODEL_ID)!;

  it('marks f16 models as unable to run without shader-f16', async () => {
    const support = await detectWebGpu({ requestAdapter: async () => adapter([]) });
    expect(support).toMatchObject({ available: true, shaderF16: false });
    expect(whyModelCannotRun(small, support)).toBeUndefined();
    expect(whyModelCannotRun(f16, support)).toMatch(/shader-f16/);
    const withF16 = await detectWebGpu({ requestAdapter: async () => adapter(['shader-f16']) });
    expect(whyModelCannotRun(f16, withF16)).toBeUndefined();
  });

  it('reads what the adapter says of itself and the limits web-llm checks', async () => {
    const support = await detectWebGpu({
      requestAdapter: async () => ({
        ...adapter([]),
        info: { vendor: 'google', architecture: 'swiftshader', isFallbackAdapter: true },
      }),
    });
    expect(support).toEqual({
      available: true,
      shaderF16: false,
      adapter: {
        vendor: 'google',
        architecture: 'swiftshader',
        description: '',
        isFallbackAdapter: true,
      },
      limits: adapter([]).limits,
    });
  });

  it('reports no WebGPU in Node and no adapter', async () => {
    expect(await detectWebGpu(undefined)).toMatchObject({ available: false });
    const none = await detectWebGpu({ requestAdapter: async () => null });
    expect(whyModelCannotRun(small, none)).toMatch(/no usable graphics adapter/);
  });
});

describe('WebLlmEngine over a stand-in engine', () => {
  it('interrupts generation on abort', async () => {
    const standIn = new WebLlmStandIn(['one two three four five six seven eight'], 8);
    const engine = new WebLlmEngine(standIn, { id: 'model', contextWindow: 4096 });
    const controller = new AbortController();
    const response = await engine.complete({
      messages,
      signal: controller.signal,
      onDelta: () => controller.abort(),
    });
    expect(standIn.interrupts).toBe(1);
    expect(response.finishReason).toBe('abort');
  });

  it('runs one generation at a time, in call order', async () => {
    const standIn = new WebLlmStandIn(['first', 'second']);
    const engine = new WebLlmEngine(standIn, { id: 'model', contextWindow: 4096 });
    const order: string[] = [];
    await Promise.all(
      [0, 1].map((index) =>
        engine.complete({ messages, onDelta: (text) => order.push(`${index}:${text}`) }),
      ),
    );
    expect(order.join(' ')).toMatch(/^(0:\S+ )+(1:\S+ ?)+$/);
  });

  it('maps web-llm errors to Archivist errors', async () => {
    const overflow = new Error('Prompt tokens exceed context window size: 5000 > 4096');
    overflow.name = 'ContextWindowSizeExceededError';
    const standIn = new WebLlmStandIn([overflow, new Error('device lost')]);
    const engine = new WebLlmEngine(standIn, { id: 'model', contextWindow: 4096 });
    await expect(engine.complete({ messages })).rejects.toMatchObject({
      name: 'ContextOverflowError',
    });
    await expect(engine.complete({ messages })).rejects.toMatchObject({
      name: 'EngineResponseError',
      message: expect.stringContaining('device lost'),
    });
  });

  it('sends max_tokens, temperature and the plain messages', async () => {
    const standIn = new WebLlmStandIn(['ok']);
    const engine = new WebLlmEngine(standIn, { id: 'model', contextWindow: 4096 });
    await engine.complete({ messages, maxTokens: 12, temperature: 0 });
    expect(standIn.requests[0]).toEqual({
      messages,
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 12,
      temperature: 0,
    });
  });
});
