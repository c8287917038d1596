import { describe, expect, it } from 'vitest';
import { measureDevices, rememberedDevice } from '../../../src/adapters/embedder/device-choice.ts';
import type { BrowserDevice, DeviceRunner } from '../../../src/adapters/embedder/device-choice.ts';

class FakeRunner implements DeviceRunner {
  disposed = false;
  constructor(
    readonly device: BrowserDevice,
    private readonly msPerRun: number,
    private readonly fails = false,
  ) {}

  async run(): Promise<unknown> {
    if (this.fails) throw new Error('device lost');
    const until = performance.now() + this.msPerRun;
    while (performance.now() < until) {
      // busy wait: the measurement reads the clock
    }
    return undefined;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
  }
}

function loader(speeds: Record<BrowserDevice, number | 'fail-load' | 'fail-run'>) {
  const made: FakeRunner[] = [];
  const load = async (device: BrowserDevice): Promise<FakeRunner> => {
    const speed = speeds[device];
    if (speed === 'fail-load') throw new Error(`${device} unavailable`);
    const runner =
      speed === 'fail-run' ? new FakeRunner(device, 0, true) : new FakeRunner(device, speed);
    made.push(runner);
    return runner;
  };
  return { load, made };
}

describe('measureDevices', () => {
  it('keeps the faster device and disposes the other', async () => {
    const { load, made } = loader({ wasm: 8, webgpu: 1 });
    const choice = await measureDevices('m', load, ['a', 'b']);
    expect(choice.runner.device).toBe('webgpu');
    expect(choice.measurement.device).toBe('webgpu');
    expect(choice.measurement.model).toBe('m');
    expect(choice.measurement.wasmMsPerText!).toBeGreaterThan(choice.measurement.webgpuMsPerText!);
    expect(made.find((runner) => runner.device === 'wasm')?.disposed).toBe(true);
  });

  it('falls back to wasm when WebGPU fails to load or to run', async () => {
    for (const failure of ['fail-load', 'fail-run'] as const) {
      const { load } = loader({ wasm: 1, webgpu: failure });
      const choice = await measureDevices('m', load, ['a']);
      expect(choice.runner.device).toBe('wasm');
      expect(choice.measurement.webgpuMsPerText).toBeNull();
    }
  });

  it('keeps wasm when it is faster', async () => {
    const { load } = loader({ wasm: 1, webgpu: 8 });
    expect((await measureDevices('m', load, ['a'])).measurement.device).toBe('wasm');
  });
});

describe('rememberedDevice', () => {
  it('reuses a measurement of the same model only', () => {
    const measurement = {
      model: 'm',
      device: 'webgpu' as const,
      wasmMsPerText: 2,
      webgpuMsPerText: 1,
      measuredAt: 0,
    };
    expect(rememberedDevice('m', measurement)).toBe('webgpu');
    expect(rememberedDevice('other', measurement)).toBeUndefined();
    expect(rememberedDevice('m', undefined)).toBeUndefined();
  });
});
