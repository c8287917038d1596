/** Symmetric int8 quantisation with one float scale per row: x ≈ q * scale, q in [-127, 127]. */
export interface QuantizedRows {
  values: Int8Array;
  /** One per row; 0 for an all-zero row. */
  scales: Float32Array;
}

export function quantizeRows(vectors: Float32Array, dim: number): QuantizedRows {
  const rows = vectors.length / dim;
  const values = new Int8Array(vectors.length);
  const scales = new Float32Array(rows);
  for (let row = 0; row < rows; row += 1) {
    const offset = row * dim;
    let largest = 0;
    for (let k = 0; k < dim; k += 1) largest = Math.max(largest, Math.abs(vectors[offset + k]!));
    if (largest === 0) continue;
    const scale = largest / 127;
    scales[row] = scale;
    for (let k = 0; k < dim; k += 1) values[offset + k] = Math.round(vectors[offset + k]! / scale);
  }
  return { values, scales };
}

/** The float rows a quantised table stands for (what the ONNX graph computes). */
export function dequantizeRows({ values, scales }: QuantizedRows, dim: number): Float32Array {
  const vectors = new Float32Array(values.length);
  for (let i = 0; i < values.length; i += 1) {
    vectors[i] = values[i]! * scales[Math.floor(i / dim)]!;
  }
  return vectors;
}
