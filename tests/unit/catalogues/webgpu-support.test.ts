/** WebGPU checks against described adapters, and what they mean for the catalogue's models. */
import { describe, expect, it } from 'vitest';
import { whyModelCannotRun } from '../../../src/catalogues/model-verdict.ts';
import { detectWebGpu } from '../../../src/catalogues/webgpu-support.ts';
import { DEFAULT_WEBLLM_MODEL_ID, findWebLlmModel } from '../../../src/catalogues/webllm-models.ts';

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
