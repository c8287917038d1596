import { aligned } from '../../core/retrieval/keyword-segment-format.ts';

/**
 * The stored form of an index: its float32 rows as little-endian bytes, nothing else. Everything
 * an index derives (codes, scales) is rebuilt from these when it loads.
 */

const platformIsLittleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export function encodeVectors(vectors: Float32Array): Uint8Array {
  if (platformIsLittleEndian) {
    return new Uint8Array(vectors.buffer, vectors.byteOffset, vectors.byteLength).slice();
  }
  const bytes = new Uint8Array(vectors.length * 4);
  const view = new DataView(bytes.buffer);
  vectors.forEach((value, index) => view.setFloat32(index * 4, value, true));
  return bytes;
}

/**
 * The floats of `bytes` (a whole number of float32 values). Shares memory with `bytes` where
 * their alignment allows (no copy of a large collection on load): treat the result as read-only.
 */
export function decodeVectors(bytes: Uint8Array | ArrayBuffer): Float32Array {
  const source = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (source.byteLength % 4 !== 0) {
    throw new RangeError(`Stored vectors are ${source.byteLength} bytes, not a multiple of 4.`);
  }
  if (platformIsLittleEndian) {
    const at = aligned(source);
    return new Float32Array(at.buffer, at.byteOffset, at.byteLength / 4);
  }
  const view = new DataView(source.buffer, source.byteOffset, source.byteLength);
  return Float32Array.from({ length: source.byteLength / 4 }, (_, index) =>
    view.getFloat32(index * 4, true),
  );
}
