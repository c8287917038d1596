/** Inner product of `query` with the `query.length` floats of `rows` starting at `offset`. */
export function dotProduct(rows: Float32Array, offset: number, query: Float32Array): number {
  const dim = query.length;
  const unrolledEnd = dim - (dim % 4);
  let first = 0;
  let second = 0;
  let third = 0;
  let fourth = 0;
  let index = 0;
  for (; index < unrolledEnd; index += 4) {
    first += rows[offset + index]! * query[index]!;
    second += rows[offset + index + 1]! * query[index + 1]!;
    third += rows[offset + index + 2]! * query[index + 2]!;
    fourth += rows[offset + index + 3]! * query[index + 3]!;
  }
  for (; index < dim; index += 1) first += rows[offset + index]! * query[index]!;
  return first + second + third + fourth;
}
