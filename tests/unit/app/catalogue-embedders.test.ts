import { describe, expect, it } from 'vitest';
import {
  CatalogueEmbedders,
  MODEL_HOST_SETTING,
  type CreateEmbedder,
} from '../../../src/app/catalogue-embedders.ts';
import { BUILT_IN_MODEL_ID, findEmbeddingModel } from '../../../src/catalogues/embedding-models.ts';
import type { TransformersEmbedderOptions } from '../../../src/adapters/embedder/transformers-embedder.ts';
import { MemoryStore } from '../../../src/adapters/store/memory-store.ts';
import { EmbedderLoadError } from '../../../src/core/errors.ts';
import type { DeviceMeasurement } from '../../../src/adapters/embedder/device-choice.ts';

const BGE = 'Xenova/bge-small-en-v1.5';

interface Loader {
  create: CreateEmbedder;
  calls: TransformersEmbedderOptions[];
}

/** Loads any catalogue model, or fails like a fetch with no network for remote ones. */
function loader(options: { remoteFails?: boolean; measurement?: DeviceMeasurement } = {}): Loader {
  const calls: TransformersEmbedderOptions[] = [];
  return {
    calls,
    create: async (createOptions) => {
      calls.push(createOptions);
      if (createOptions.allowRemote && options.remoteFails) {
        throw new EmbedderLoadError(createOptions.model, 'Failed to fetch');
      }
      createOptions.onDownload?.({ loadedBytes: 5, totalBytes: 10 });
      const dim = findEmbeddingModel(createOptions.model)?.dim ?? 0;
      return {
        id: createOptions.model,
        dim,
        embed: async (texts) => new Float32Array(texts.length * dim),
        ...(options.measurement ? { deviceMeasurement: options.measurement } : {}),
      };
    },
  };
}

function registry(store: MemoryStore, load: Loader, online = true): CatalogueEmbedders {
  return new CatalogueEmbedders({
    settings: Promise.resolve(store),
    localModelPath: '/models/',
    createEmbedder: load.create,
    isOnline: () => online,
  });
}

describe('CatalogueEmbedders', () => {
  it('loads the built-in model from the app’s files, never the network', async () => {
    const load = loader();
    const embedders = registry(new MemoryStore(), load);
    expect(embedders.defaultModelId).toBe(BUILT_IN_MODEL_ID);
    const embedder = await embedders.load(BUILT_IN_MODEL_ID);
    expect(embedder.dim).toBe(100);
    expect(load.calls[0]).toMatchObject({ localModelPath: '/models/', allowRemote: false });
    expect(load.calls[0]?.remoteHost).toBeUndefined();
  });

  it('downloads other models from the hub, or the mirror the settings name, with progress', async () => {
    const store = new MemoryStore();
    const load = loader();
    const progress: number[] = [];
    await registry(store, load).load(BGE, (download) => progress.push(download.loadedBytes));
    expect(load.calls[0]).toMatchObject({
      model: BGE,
      allowRemote: true,
      remoteHost: 'https://huggingface.co/',
    });
    expect(load.calls[0]?.localModelPath).toBeUndefined();
    expect(progress).toEqual([5]);
    await store.putSetting(MODEL_HOST_SETTING, 'https://models.example.org/');
    await registry(store, load).load(BGE);
    expect(load.calls[1]?.remoteHost).toBe('https://models.example.org/');
  });

  it('loads each model once, one at a time', async () => {
    const load = loader();
    const embedders = registry(new MemoryStore(), load);
    const [first, second] = await Promise.all([embedders.load(BGE), embedders.load(BGE)]);
    expect(first).toBe(second);
    await embedders.load(BUILT_IN_MODEL_ID);
    expect(load.calls.map((call) => call.model)).toEqual([BGE, BUILT_IN_MODEL_ID]);
  });

  it('says that a model downloads and the device is offline, and tries again later', async () => {
    const load = loader({ remoteFails: true });
    const store = new MemoryStore();
    const offline = registry(store, load, false);
    const failure = offline.load(BGE);
    await expect(failure).rejects.toBeInstanceOf(EmbedderLoadError);
    await expect(failure).rejects.toThrow(/downloads from https:\/\/huggingface\.co\/.*offline/);
    await expect(offline.load(BGE)).rejects.toThrow(/offline/);
    expect(load.calls).toHaveLength(2);
    await expect(registry(store, load, true).load(BGE)).rejects.toThrow(
      /downloading it from https:\/\/huggingface\.co\/ failed: Failed to fetch\)/,
    );
  });

  it('refuses a model outside the catalogue', async () => {
    await expect(registry(new MemoryStore(), loader()).load('someone/else')).rejects.toMatchObject({
      name: 'EmbedderLoadError',
    });
  });

  it('remembers the device measured for a model', async () => {
    const store = new MemoryStore();
    const measurement: DeviceMeasurement = {
      model: BGE,
      device: 'wasm',
      wasmMsPerText: 2,
      webgpuMsPerText: null,
      measuredAt: 1,
    };
    const load = loader({ measurement });
    await registry(store, load).load(BGE);
    await registry(store, load).load(BGE);
    expect(load.calls[1]?.rememberedDevice).toEqual(measurement);
  });
});
