import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { env, pipeline } from '@huggingface/transformers';
import { BUILT_IN_MODEL_ID, findEmbeddingModel } from '../../src/catalogues/embedding-models.ts';
import { TransformersEmbedder } from '../../src/adapters/embedder/transformers-embedder.ts';
import { EmbedderLoadError } from '../../src/core/errors.ts';

const MODELS = `${resolve('public/models')}/`;

function row(vectors: Float32Array, index: number, dim: number): Float32Array {
  return vectors.subarray(index * dim, (index + 1) * dim);
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let k = 0; k < a.length; k += 1) sum += a[k]! * b[k]!;
  return sum;
}

describe('built-in embedder (public/models/archivist/glove-100d)', () => {
  let embedder: TransformersEmbedder;

  beforeAll(async () => {
    // For the reference pipeline below: the word table itself never reads transformers.js's settings.
    env.allowRemoteModels = false;
    env.allowLocalModels = true;
    env.localModelPath = MODELS;
    embedder = await TransformersEmbedder.create({
      model: BUILT_IN_MODEL_ID,
      localModelPath: MODELS,
      allowRemote: false,
      device: 'auto',
    });
  });

  it('loads offline on the CPU with 100 dimensions', () => {
    expect(embedder.id).toBe(BUILT_IN_MODEL_ID);
    expect(embedder.device).toBe('cpu');
    expect(embedder.dim).toBe(100);
  });

  it('returns unit rows without NaN, and zero rows for texts with no known word', async () => {
    const texts = [
      'The lighthouse keeper logged the storm at dawn.',
      '',
      '   ',
      '??? ... !!!',
      'qwzxv blorptang',
      '1066',
      'Photosynthesis in plants',
    ];
    const vectors = await embedder.embed(texts);
    expect(vectors.length).toBe(texts.length * 100);
    expect(vectors.every((value) => Number.isFinite(value))).toBe(true);
    const norms = texts.map((_, index) =>
      Math.sqrt(dot(row(vectors, index, 100), row(vectors, index, 100))),
    );
    expect(norms[0]).toBeCloseTo(1, 5);
    expect(norms[6]).toBeCloseTo(1, 5);
    for (const empty of [1, 2, 3, 4, 5]) expect(norms[empty]).toBe(0);
  });

  it('returns an empty array for no texts', async () => {
    expect((await embedder.embed([])).length).toBe(0);
  });

  it('scores related sentences above unrelated ones', async () => {
    const texts = [
      'The football team won the championship match last season.',
      'The soccer club scored twice and won the league final.',
      'Bake the bread in a hot oven until the crust is golden.',
      'Which team won the league?',
    ];
    const vectors = await embedder.embed(texts);
    const [sport, soccer, bread, question] = texts.map((_, index) => row(vectors, index, 100));
    expect(dot(sport!, soccer!)).toBeGreaterThan(dot(sport!, bread!));
    expect(dot(question!, soccer!)).toBeGreaterThan(dot(question!, bread!));
    expect(dot(question!, sport!)).toBeGreaterThan(dot(question!, bread!));
  });

  it('gives the same vectors in batches as one by one, in input order', async () => {
    const texts = Array.from(
      { length: 150 },
      (_, index) =>
        `Passage ${index}: ${'river mountain city harbour '.repeat((index % 7) + 1)}${index % 3 ? 'trade' : ''}`,
    );
    const batched = await embedder.embed(texts);
    for (const index of [0, 1, 64, 99, 149]) {
      const single = await embedder.embed([texts[index]!]);
      const expected = row(batched, index, 100);
      for (let k = 0; k < 100; k += 1) expect(single[k]).toBeCloseTo(expected[k]!, 6);
    }
  });

  it('matches the pipeline’s own mean pooling and normalisation', async () => {
    const extractor = await pipeline('feature-extraction', BUILT_IN_MODEL_ID, { device: 'cpu' });
    const texts = ['A short note.', 'The history of the Roman empire and its emperors.'];
    const reference = await extractor(texts, { pooling: 'mean', normalize: true });
    const vectors = await embedder.embed(texts);
    const data = reference.data as Float32Array;
    for (let index = 0; index < data.length; index += 1) {
      expect(vectors[index]).toBeCloseTo(data[index]!, 6);
    }
    await extractor.dispose();
  });

  it('reads the table in plain JavaScript to the same bits as onnxruntime runs the graph', async () => {
    expect(findEmbeddingModel(BUILT_IN_MODEL_ID)?.runtime).toBe('word-table');
    const onnx = await TransformersEmbedder.create({
      model: BUILT_IN_MODEL_ID,
      localModelPath: MODELS,
      allowRemote: false,
      device: 'cpu',
      runtime: 'onnx',
    });
    const words =
      'the harbour city traded grain and timber with river towns in 1066 Café naïve'.split(' ');
    const texts = Array.from({ length: 300 }, (_, index) =>
      Array.from(
        { length: (index % 40) + 1 },
        (_, word) => words[(index * 7 + word * 3) % words.length],
      ).join(' '),
    );
    texts.push('', '  ', '???', 'x'.repeat(5_000), 'word '.repeat(3_000));
    expect(await embedder.embed(texts)).toEqual(await onnx.embed(texts));
    await onnx.dispose();
  });

  it('stops between batches when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(embedder.embed(['some text'], { signal: controller.signal })).rejects.toThrow();
  });

  it('throws EmbedderLoadError for a model that is not there', async () => {
    await expect(
      TransformersEmbedder.create({
        model: 'archivist/no-such-model',
        localModelPath: MODELS,
        allowRemote: false,
        device: 'cpu',
      }),
    ).rejects.toBeInstanceOf(EmbedderLoadError);
  });
});
