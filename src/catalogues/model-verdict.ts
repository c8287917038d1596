/**
 * Whether an on-device model can run here, and if not why, from what was measured of the device:
 * WebGPU and its adapter (shader-f16, the limits web-llm demands), the memory the browser reports,
 * and the storage left to this site. Pure: the measuring is in `webgpu-support.ts` and the UI.
 *
 * The browser does not tell how much memory the GPU has, so a model larger than the device's
 * reported memory gets a warning, not a refusal.
 */
import { formatBytes } from '../core/errors.ts';
import type { WebLlmModel } from './webllm-models.ts';
import type { WebGpuLimits, WebGpuSupport } from './webgpu-support.ts';

/** The least web-llm 0.2.86 accepts of each limit (it asks for more and falls back to these). */
export const WEBLLM_MINIMUM_LIMITS: WebGpuLimits = {
  maxBufferSize: 256 * 1024 * 1024,
  maxStorageBufferBindingSize: 128 * 1024 * 1024,
  maxComputeWorkgroupStorageSize: 32 * 1024,
  maxStorageBuffersPerShaderStage: 10,
};

export interface DeviceCapabilities {
  webGpu: WebGpuSupport;
  /** `navigator.deviceMemory`: RAM in GB, rounded down and capped by the browser. */
  memoryGigabytes?: number;
  /** Bytes this site may still store (quota less usage); undefined when the browser cannot tell. */
  storageFreeBytes?: number;
}

export type ModelVerdict =
  { runs: true; warnings: string[] } | { runs: false; reasons: string[]; warnings: string[] };

/**
 * The verdict on `model` for this device. `bytesToDownload` is what is still missing of it (0 once
 * downloaded): only that must fit in the storage left.
 */
export function judgeModel(
  model: WebLlmModel,
  device: DeviceCapabilities,
  bytesToDownload = model.downloadBytes,
): ModelVerdict {
  const reasons = gpuReasons(model, device.webGpu);
  const free = device.storageFreeBytes;
  if (free !== undefined && bytesToDownload > free) {
    reasons.push(
      `it needs about ${formatBytes(bytesToDownload)} more storage and this site has ${formatBytes(Math.max(0, free))} left`,
    );
  }
  const warnings = modelWarnings(model, device);
  return reasons.length === 0 ? { runs: true, warnings } : { runs: false, reasons, warnings };
}

/** Why `model` cannot run on this WebGPU, or undefined when it can (storage aside). */
export function whyModelCannotRun(model: WebLlmModel, support: WebGpuSupport): string | undefined {
  return gpuReasons(model, support)[0];
}

function gpuReasons(model: WebLlmModel, support: WebGpuSupport): string[] {
  if (!support.available) return [support.reason];
  const reasons: string[] = [];
  if (model.needsShaderF16 && !support.shaderF16) {
    reasons.push(
      'it needs the WebGPU feature shader-f16, which this device lacks; pick a q4f32 model',
    );
  }
  for (const name of Object.keys(WEBLLM_MINIMUM_LIMITS) as (keyof WebGpuLimits)[]) {
    const needed = WEBLLM_MINIMUM_LIMITS[name];
    const actual = support.limits[name];
    if (actual < needed) {
      const show = name === 'maxStorageBuffersPerShaderStage' ? String : formatBytes;
      reasons.push(`the adapter's ${name} is ${show(actual)}; web-llm needs ${show(needed)}`);
    }
  }
  return reasons;
}

function modelWarnings(model: WebLlmModel, device: DeviceCapabilities): string[] {
  const warnings: string[] = [];
  const support = device.webGpu;
  if (support.available && support.adapter.isFallbackAdapter) {
    warnings.push('the adapter is a software renderer, so answers will be very slow');
  }
  const memory = device.memoryGigabytes;
  if (memory !== undefined && model.vramMegabytes > memory * 1024) {
    warnings.push(
      `it needs about ${formatBytes(model.vramMegabytes * 1024 * 1024)} of GPU memory and this device reports ${memory} GB of memory, so it may fail to load`,
    );
  }
  return warnings;
}
