/**
 * Picks WebGPU or WASM for an embedding model by measuring both once on this device. The result is
 * plain data for the caller to persist (settings) and hand back next time, so the measurement
 * runs once per device and model, not on every start.
 */
export type BrowserDevice = 'wasm' | 'webgpu';

export interface DeviceMeasurement {
  model: string;
  device: BrowserDevice;
  /** Median milliseconds per sample text, warm; null when that device failed to load or run. */
  wasmMsPerText: number | null;
  webgpuMsPerText: number | null;
  measuredAt: number;
}

/** What the measurement needs of a loaded model. */
export interface DeviceRunner {
  run(texts: string[]): Promise<unknown>;
  dispose(): Promise<void>;
}

export interface DeviceChoice<R extends DeviceRunner> {
  runner: R;
  measurement: DeviceMeasurement;
}

/** Short texts of the lengths documents are chunked to; what is measured. */
export const SAMPLE_TEXTS: readonly string[] = [
  'The committee met on Tuesday to review the budget for the coming year and approved it.',
  'Photosynthesis converts light energy into chemical energy stored in glucose molecules. ' +
    'Chlorophyll in the chloroplasts absorbs mostly blue and red light.',
  'Install the package, set the path to the configuration file, and restart the service.',
  'She was born in a small village near the coast and later studied law at the university, ' +
    'where she met the writer who would become her husband. Their letters were published in 1962.',
].flatMap((text) => [text, `${text} ${text}`]);

const ROUNDS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Warm-up run, then the median of a few timed runs, in ms per text; null if it throws. */
async function timeRunner(runner: DeviceRunner, texts: string[]): Promise<number | null> {
  try {
    await runner.run(texts);
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now();
      await runner.run(texts);
      times.push((performance.now() - started) / texts.length);
    }
    return median(times);
  } catch {
    return null;
  }
}

async function tryLoad<R>(load: () => Promise<R>): Promise<R | null> {
  try {
    return await load();
  } catch {
    return null;
  }
}

/**
 * Loads the model on both devices, times each on `texts`, keeps the faster and disposes the other.
 * WASM is the fallback: if it fails to load the error propagates; a WebGPU failure only means
 * WASM wins.
 */
export async function measureDevices<R extends DeviceRunner>(
  model: string,
  load: (device: BrowserDevice) => Promise<R>,
  texts: readonly string[] = SAMPLE_TEXTS,
): Promise<DeviceChoice<R>> {
  const sample = [...texts];
  const wasm = await load('wasm');
  const wasmMsPerText = await timeRunner(wasm, sample);
  const webgpu = await tryLoad(() => load('webgpu'));
  const webgpuMsPerText = webgpu ? await timeRunner(webgpu, sample) : null;

  const useWebgpu =
    webgpu !== null &&
    webgpuMsPerText !== null &&
    (wasmMsPerText === null || webgpuMsPerText < wasmMsPerText);
  const [runner, loser] = useWebgpu ? [webgpu, wasm] : [wasm, webgpu];
  await loser?.dispose();
  return {
    runner,
    measurement: {
      model,
      device: useWebgpu ? 'webgpu' : 'wasm',
      wasmMsPerText,
      webgpuMsPerText,
      measuredAt: Date.now(),
    },
  };
}

/** The remembered device, if the measurement is for this model. */
export function rememberedDevice(
  model: string,
  remembered: DeviceMeasurement | undefined,
): BrowserDevice | undefined {
  return remembered?.model === model ? remembered.device : undefined;
}

/** Whether this JavaScript realm exposes WebGPU (a browser or worker with `navigator.gpu`). */
export function hasWebGpu(): boolean {
  return typeof navigator !== 'undefined' && 'gpu' in navigator && navigator.gpu !== undefined;
}
