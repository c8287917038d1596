import { describe, expect, it } from 'vitest';
import { recommendEngine, serverRecipes } from '../../../src/catalogues/engine-recommendation.ts';
import { WEBLLM_MINIMUM_LIMITS } from '../../../src/catalogues/model-verdict.ts';
import { WEBLLM_MODELS } from '../../../src/catalogues/webllm-models.ts';
import type { WebGpuSupport } from '../../../src/catalogues/webgpu-support.ts';

const GB = 1024 ** 3;
const NO_ADAPTER: WebGpuSupport = {
  available: false,
  reason: 'WebGPU found no usable graphics adapter',
};

function gpu(shaderF16 = true): WebGpuSupport {
  return {
    available: true,
    shaderF16,
    adapter: {
      vendor: 'nvidia',
      architecture: 'ampere',
      description: '',
      isFallbackAdapter: false,
    },
    limits: { ...WEBLLM_MINIMUM_LIMITS, maxBufferSize: GB, maxStorageBufferBindingSize: GB },
  };
}

describe('the engine the Models view recommends', () => {
  it.each(['available', 'downloadable', 'downloading'] as const)(
    'recommends the built-in model when the browser says %s, whatever the GPU',
    (builtIn) => {
      const recommendation = recommendEngine(builtIn, { webGpu: gpu() }, WEBLLM_MODELS);
      expect(recommendation.kind).toBe('built-in');
      expect(recommendation.why.length).toBeGreaterThan(0);
    },
  );

  it('recommends the largest download that fits the reported memory', () => {
    const recommendation = recommendEngine(
      'absent',
      { webGpu: gpu(), memoryGigabytes: 2, storageFreeBytes: 50 * GB },
      WEBLLM_MODELS,
    );
    expect(recommendation).toMatchObject({
      kind: 'webllm',
      model: { id: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC' },
    });
  });

  it('recommends only models the GPU runs: no shader-f16 leaves the q4f32 build', () => {
    const recommendation = recommendEngine('unavailable', { webGpu: gpu(false) }, WEBLLM_MODELS);
    expect(recommendation).toMatchObject({
      kind: 'webllm',
      model: { id: 'SmolLM2-360M-Instruct-q4f32_1-MLC' },
    });
  });

  it('falls back to the smallest model that runs, saying why, when every one has a warning', () => {
    const recommendation = recommendEngine(
      'absent',
      { webGpu: gpu(), memoryGigabytes: 0.25 },
      WEBLLM_MODELS,
    );
    expect(recommendation).toMatchObject({ kind: 'webllm', model: { vramMegabytes: 580 } });
    expect(recommendation.why).toContain('GPU memory');
  });

  it('recommends a local server without WebGPU or a built-in model, naming the reason once', () => {
    const recommendation = recommendEngine('absent', { webGpu: NO_ADAPTER }, WEBLLM_MODELS);
    expect(recommendation.kind).toBe('server');
    expect(recommendation.why.match(/no usable graphics adapter/g)).toHaveLength(1);
  });
});

describe('the local server recipes', () => {
  it('lets this page call Ollama through OLLAMA_ORIGINS and gives each base URL', () => {
    const [ollama, llamaCpp] = serverRecipes('https://archivist.example');
    expect(ollama?.commands).toContain('OLLAMA_ORIGINS=https://archivist.example ollama serve');
    expect(ollama?.baseUrl).toBe('http://localhost:11434/v1');
    expect(llamaCpp?.commands[0]).toMatch(/^llama-server .*--port 8080$/);
    expect(llamaCpp?.baseUrl).toBe('http://localhost:8080/v1');
  });
});
