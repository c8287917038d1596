import { describe, expect, it } from 'vitest';
import { buildEmbeddingGraph } from '../../../scripts/build-embedder/onnx-graph.ts';
import { embedWithTable, readWordTable } from '../../../src/adapters/embedder/word-table.ts';

/** Three rows of two values: row 0 zero (a special token), rows 1 and 2 words. */
const table = {
  values: Int8Array.from([0, 0, 127, -64, 10, 127]),
  scales: Float32Array.from([0, 0.5, 0.25]),
};
const model = buildEmbeddingGraph(table, 2, 'test table');

/** A tokenizer stand-in: "a" is id 1, "b" id 2, anything else id 0, after a leading id 0. */
const tokenizer = (texts: string[]) =>
  texts.map((text) => [
    0,
    ...text.split(' ').map((word) => (word === 'a' ? 1 : word === 'b' ? 2 : 0)),
  ]);

describe('readWordTable', () => {
  it('reads the int8 table and its row scales from the ONNX graph the build writes', () => {
    const read = readWordTable(model);
    expect(read.rows).toBe(3);
    expect(read.dim).toBe(2);
    expect([...read.values]).toEqual([...table.values]);
    expect([...read.scales]).toEqual([...table.scales]);
  });

  it('fails with a message on a file cut short or without the tables', () => {
    expect(() => readWordTable(model.subarray(0, model.length - 3))).toThrow(/cut short/);
    expect(() => readWordTable(new Uint8Array([0x08, 0x08]))).toThrow(/no int8 embedding_table/);
  });
});

describe('embedWithTable', () => {
  it('writes the normalised sum of each text’s scaled rows into the rows it is given', () => {
    const target = new Float32Array(3 * 2).fill(9);
    embedWithTable(readWordTable(model), tokenizer, ['a', 'a b', 'zzz'], target, [2, 0, 1]);
    const a = [127 * 0.5, -64 * 0.5];
    const ab = [a[0]! + 10 * 0.25, a[1]! + 127 * 0.25];
    const unit = (vector: number[]) => vector.map((value) => value / Math.hypot(...vector));
    expect([...target.subarray(4, 6)]).toEqual(unit(a).map(Math.fround));
    expect(target[0]).toBeCloseTo(unit(ab)[0]!, 6);
    expect(target[1]).toBeCloseTo(unit(ab)[1]!, 6);
    expect([...target.subarray(2, 4)]).toEqual([0, 0]);
  });
});
