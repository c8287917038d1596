import type { StoredVectorCodes } from '../../src/core/ports/store.ts';

/** Codes of three rows of collection `a` (one id beyond ASCII), with their floats or not. */
export function makeStoredCodes(withFloats: boolean): StoredVectorCodes {
  return {
    collectionId: 'a',
    dim: 3,
    generation: 2,
    chunkCount: 3,
    format: 'test-codes-1',
    ids: ['a/one.md#0', 'a/ünïcödé 𝄞.md#1', 'a/two.md#0'],
    rowBytes: 5,
    codes: Int8Array.from({ length: 15 }, (_, at) => at - 7),
    scales: Float32Array.from([0.25, 0.5, 2]),
    ...(withFloats ? { floats: Float32Array.from({ length: 9 }, (_, at) => at / 4) } : {}),
  };
}

/** A Blob whose file the browser no longer has. */
export class LostBlob extends Blob {
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.reject(new DOMException('The file could not be read.', 'NotReadableError'));
  }
}
