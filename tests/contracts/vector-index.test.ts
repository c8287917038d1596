import { describe, expect, it } from 'vitest';
import {
  decodeVectors,
  encodeVectors,
  exactIndexFactory,
  FlatIndex,
  flatIndexFactory,
  simdAvailable,
} from '../../src/adapters/vector/index.ts';
import { voyIndexFactory } from '../../src/adapters/vector/voy-index.ts';
import { codeLimit, queryLimit } from '../../src/adapters/vector/int8-codes.ts';
import { Int8Kernel } from '../../src/adapters/vector/int8-kernel.ts';
import { seededRandom } from '../../src/core/retrieval/vector-math.ts';
import { describeVectorIndexContract } from './vector-index.contract.ts';

describeVectorIndexContract('voy', voyIndexFactory);
describeVectorIndexContract('exact', exactIndexFactory);
describeVectorIndexContract('flat', flatIndexFactory);
describeVectorIndexContract('flat, int8 pass on every search', {
  name: 'flat-small-candidate-pool',
  create: (dim) => new FlatIndex(dim, { candidatesPerResult: 2, minimumCandidates: 4 }),
});
describeVectorIndexContract('flat without SIMD', {
  name: 'flat-without-simd',
  create: (dim) => new FlatIndex(dim, { simd: false }),
});

describe('int8 SIMD kernel', () => {
  it('is available in Node', () => {
    expect(simdAvailable()).toBe(true);
    expect(new FlatIndex(8).usesSimd).toBe(true);
  });

  it.each([1, 40, 384])('encodes rows and scans exactly for %i dimensions', (dim) => {
    const kernel = Int8Kernel.create(dim)!;
    const rowCount = 300;
    const random = seededRandom(dim);
    const rows = Float32Array.from({ length: rowCount * dim }, () => random() * 2 - 1);
    rows.fill(0.25, 0, dim);
    rows.fill(0, dim, 2 * dim);
    kernel.reserve(10);
    kernel.reserve(rowCount);
    kernel.write(
      Int32Array.from({ length: rowCount }, (_, row) => row),
      rows,
    );
    const { codes, scales } = kernel;
    let worstRounding = 0;
    let paddingCodes = 0;
    for (let row = 0; row < rowCount; row += 1) {
      const values = rows.subarray(row * dim, (row + 1) * dim);
      const largest = values.reduce((most, value) => Math.max(most, Math.abs(value)), 0);
      expect(scales[row]).toBeCloseTo(largest / codeLimit, 6);
      values.forEach((value, index) => {
        const expected = largest === 0 ? 0 : (value * codeLimit) / largest;
        const error = Math.abs(codes[row * kernel.rowBytes + index]! - expected);
        worstRounding = Math.max(worstRounding, error);
      });
      for (let index = dim; index < kernel.rowBytes; index += 1) {
        if (codes[row * kernel.rowBytes + index] !== 0) paddingCodes += 1;
      }
    }
    expect(worstRounding).toBeLessThanOrEqual(0.5 + 1e-4);
    expect(paddingCodes).toBe(0);
    const query = Float32Array.from({ length: dim }, (_, index) => (index === 0 ? 1 : random()));
    const products = kernel.scan(query, rowCount);
    expect(kernel.query[0]).toBe(queryLimit(dim));
    for (let row = 0; row < rowCount; row += 1) {
      let expected = 0;
      for (let index = 0; index < dim; index += 1) {
        expected += codes[row * kernel.rowBytes + index]! * kernel.query[index]!;
      }
      expect(products[row]).toBe(expected);
    }
    expect(products[0]).toBe(codeLimit * kernel.query.reduce((sum, value) => sum + value, 0));
    expect(kernel.scan(query, 0)).toHaveLength(0);
  });

  it('keeps codes and scales when it grows and when rows move', () => {
    const dim = 8;
    const kernel = Int8Kernel.create(dim)!;
    const rows = Float32Array.from({ length: 3 * dim }, (_, index) => (index % 7) - 3);
    kernel.reserve(3);
    kernel.write(Int32Array.of(0, 1, 2), rows);
    const before = { codes: kernel.codes.slice(), scales: kernel.scales.slice() };
    kernel.reserve(100_000);
    expect(kernel.codes.subarray(0, before.codes.length)).toEqual(before.codes);
    expect(kernel.scales.subarray(0, 3)).toEqual(before.scales);
    kernel.move(2, 0);
    expect(kernel.codes.subarray(0, kernel.rowBytes)).toEqual(
      before.codes.subarray(2 * kernel.rowBytes, 3 * kernel.rowBytes),
    );
    expect(kernel.scales[0]).toBe(before.scales[2]);
  });
});

describe('stored vector bytes', () => {
  it('round-trips float32 rows as 4 bytes each', () => {
    const vectors = new Float32Array([1.5, -0, Number.MIN_VALUE, -3.25e20, Math.PI]);
    const bytes = encodeVectors(vectors.subarray(1));
    expect(bytes.byteLength).toBe(16);
    expect(new DataView(bytes.buffer).getFloat32(12, true)).toBe(Math.fround(Math.PI));
    expect(decodeVectors(bytes)).toEqual(vectors.subarray(1));
    expect(() => decodeVectors(new Uint8Array(5))).toThrow(RangeError);
  });
});
