/**
 * What this device's WebGPU can do, measured once: whether the browser has WebGPU, the adapter it
 * finds (with what it says about itself), `shader-f16`, and the limits web-llm needs. Only the few
 * members used are typed here, so the app needs no WebGPU type package.
 */

/** The adapter limits web-llm 0.2.86 checks before it starts a model. */
export interface WebGpuLimits {
  maxBufferSize: number;
  maxStorageBufferBindingSize: number;
  maxComputeWorkgroupStorageSize: number;
  maxStorageBuffersPerShaderStage: number;
}

/** What the adapter says about itself; browsers leave some of it empty for privacy. */
export interface WebGpuAdapterInfo {
  vendor: string;
  architecture: string;
  description: string;
  /** A software adapter (e.g. SwiftShader): it runs, but far slower than a GPU. */
  isFallbackAdapter: boolean;
}

interface GpuAdapterLike {
  features: ReadonlySet<string>;
  limits: WebGpuLimits;
  info?: Partial<WebGpuAdapterInfo>;
  isFallbackAdapter?: boolean;
}

export interface GpuLike {
  requestAdapter(options?: {
    powerPreference?: 'high-performance';
  }): Promise<GpuAdapterLike | null>;
}

export type WebGpuSupport =
  | { available: false; reason: string }
  | {
      available: true;
      shaderF16: boolean;
      adapter: WebGpuAdapterInfo;
      limits: WebGpuLimits;
    };

export async function detectWebGpu(
  gpu: GpuLike | undefined = (globalThis.navigator as { gpu?: GpuLike } | undefined)?.gpu,
): Promise<WebGpuSupport> {
  if (!gpu) return { available: false, reason: 'this browser has no WebGPU' };
  const adapter = await gpu
    .requestAdapter({ powerPreference: 'high-performance' })
    .catch(() => null);
  if (!adapter) return { available: false, reason: 'WebGPU found no usable graphics adapter' };
  const info = adapter.info ?? {};
  return {
    available: true,
    shaderF16: adapter.features.has('shader-f16'),
    adapter: {
      vendor: info.vendor ?? '',
      architecture: info.architecture ?? '',
      description: info.description ?? '',
      isFallbackAdapter: info.isFallbackAdapter ?? adapter.isFallbackAdapter ?? false,
    },
    limits: {
      maxBufferSize: adapter.limits.maxBufferSize,
      maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
      maxComputeWorkgroupStorageSize: adapter.limits.maxComputeWorkgroupStorageSize,
      maxStorageBuffersPerShaderStage: adapter.limits.maxStorageBuffersPerShaderStage,
    },
  };
}
