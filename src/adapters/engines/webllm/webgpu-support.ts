/**
 * What this device's WebGPU can do, to mark which WebLLM models it can run. Only the few members
 * used are typed here, so the app needs no WebGPU type package.
 */
import type { WebLlmModel } from './models.ts';

interface GpuAdapterLike {
  features: ReadonlySet<string>;
  limits: { maxStorageBufferBindingSize: number };
}

interface GpuLike {
  requestAdapter(options?: {
    powerPreference?: 'high-performance';
  }): Promise<GpuAdapterLike | null>;
}

export type WebGpuSupport =
  | { available: false; reason: string }
  | { available: true; shaderF16: boolean; maxStorageBufferBindingSize: number };

export async function detectWebGpu(
  gpu: GpuLike | undefined = (globalThis.navigator as { gpu?: GpuLike } | undefined)?.gpu,
): Promise<WebGpuSupport> {
  if (!gpu) return { available: false, reason: 'this browser has no WebGPU' };
  const adapter = await gpu
    .requestAdapter({ powerPreference: 'high-performance' })
    .catch(() => null);
  if (!adapter) return { available: false, reason: 'WebGPU found no usable graphics adapter' };
  return {
    available: true,
    shaderF16: adapter.features.has('shader-f16'),
    maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
  };
}

/** Why `model` cannot run here, or undefined when it can. */
export function whyModelCannotRun(model: WebLlmModel, support: WebGpuSupport): string | undefined {
  if (!support.available) return support.reason;
  if (model.needsShaderF16 && !support.shaderF16) {
    return 'it needs the WebGPU feature shader-f16, which this device lacks; pick a q4f32 model';
  }
  return undefined;
}
