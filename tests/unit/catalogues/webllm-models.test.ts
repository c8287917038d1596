/** The WebLLM catalogue against web-llm's own prebuilt config (no model runs here). */
import { prebuiltAppConfig } from '@mlc-ai/web-llm';
import { describe, expect, it } from 'vitest';
import {
  customModel,
  DEFAULT_WEBLLM_MODEL_ID,
  findWebLlmModel,
  WEBLLM_MODELS,
} from '../../../src/catalogues/webllm-models.ts';

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
