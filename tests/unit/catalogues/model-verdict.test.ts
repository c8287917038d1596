/**
 * Verdicts on on-device models from measured devices: no WebGPU, no adapter, no shader-f16,
 * limits under web-llm's minimums, too little storage for what is left to download, and the
 * warnings (software adapter, little reported memory) that do not stop a model.
 */
import { describe, expect, it } from 'vitest';
import {
  judgeModel,
  WEBLLM_MINIMUM_LIMITS,
  type DeviceCapabilities,
} from '../../../src/catalogues/model-verdict.ts';
import { findWebLlmModel } from '../../../src/catalogues/webllm-models.ts';
import type { WebGpuSupport } from '../../../src/catalogues/webgpu-support.ts';

const SMOL = findWebLlmModel('SmolLM2-360M-Instruct-q4f32_1-MLC')!;
const PHI = findWebLlmModel('Phi-3.5-mini-instruct-q4f16_1-MLC')!;
const GB = 1024 ** 3;

function gpu(overrides: Partial<Extract<WebGpuSupport, { available: true }>> = {}): WebGpuSupport {
  return {
    available: true,
    shaderF16: true,
    adapter: {
      vendor: 'nvidia',
      architecture: 'ampere',
      description: '',
      isFallbackAdapter: false,
    },
    limits: { ...WEBLLM_MINIMUM_LIMITS, maxBufferSize: GB, maxStorageBufferBindingSize: GB },
    ...overrides,
  };
}

describe('which models this device can run', () => {
  it('runs every model on a capable GPU with room to spare', () => {
    const device: DeviceCapabilities = {
      webGpu: gpu(),
      memoryGigabytes: 8,
      storageFreeBytes: 50 * GB,
    };
    for (const model of [SMOL, PHI]) {
      expect(judgeModel(model, device)).toEqual({ runs: true, warnings: [] });
    }
  });

  it('says why not without WebGPU or an adapter', () => {
    const none: DeviceCapabilities = {
      webGpu: { available: false, reason: 'this browser has no WebGPU' },
    };
    expect(judgeModel(SMOL, none)).toEqual({
      runs: false,
      reasons: ['this browser has no WebGPU'],
      warnings: [],
    });
  });

  it('refuses f16 models without shader-f16, and says so', () => {
    const device = { webGpu: gpu({ shaderF16: false }) };
    expect(judgeModel(SMOL, device).runs).toBe(true);
    expect(judgeModel(PHI, device)).toMatchObject({
      runs: false,
      reasons: [expect.stringContaining('shader-f16')],
    });
  });

  it('names each limit under what web-llm needs', () => {
    const limits = {
      ...WEBLLM_MINIMUM_LIMITS,
      maxStorageBufferBindingSize: 64 * 1024 * 1024,
      maxStorageBuffersPerShaderStage: 8,
    };
    const verdict = judgeModel(SMOL, { webGpu: gpu({ limits }) });
    expect(verdict).toMatchObject({
      runs: false,
      reasons: [
        "the adapter's maxStorageBufferBindingSize is 64 MB; web-llm needs 128 MB",
        "the adapter's maxStorageBuffersPerShaderStage is 8; web-llm needs 10",
      ],
    });
  });

  it('needs storage only for what is left to download', () => {
    const device = { webGpu: gpu(), storageFreeBytes: 100 * 1024 * 1024 };
    expect(judgeModel(SMOL, device)).toMatchObject({
      runs: false,
      reasons: [expect.stringMatching(/needs about 230 MB more storage.*100 MB left/)],
    });
    expect(judgeModel(SMOL, device, 50 * 1024 * 1024).runs).toBe(true);
    expect(judgeModel(SMOL, device, 0).runs).toBe(true);
  });

  it('warns of a software adapter and of less memory than the model needs', () => {
    const software = gpu({
      shaderF16: false,
      adapter: {
        vendor: 'google',
        architecture: 'swiftshader',
        description: '',
        isFallbackAdapter: true,
      },
    });
    expect(judgeModel(SMOL, { webGpu: software })).toEqual({
      runs: true,
      warnings: ['the adapter is a software renderer, so answers will be very slow'],
    });
    expect(judgeModel(PHI, { webGpu: gpu(), memoryGigabytes: 2 })).toMatchObject({
      runs: true,
      warnings: [expect.stringMatching(/about 3.6 GB of GPU memory.*reports 2 GB/)],
    });
  });
});
