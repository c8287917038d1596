/**
 * The built-in embedder's model without onnxruntime: its graph is one lookup, `last_hidden_state =
 * float(table_int8[id]) * row_scales[id]`, so this reads the two tables out of `onnx/model.onnx`
 * and does the lookup and mean pooling in plain JavaScript. The vectors are the same to the bit as
 * the ONNX run's (each product rounded to float32 as onnxruntime's Mul does, summed in the same
 * order into a Float32Array, then normalised by the same code), and no WebAssembly runtime has to
 * be fetched and compiled before the first search (decision 0019).
 */
import { normaliseInPlace } from './vector-rows.ts';

/** The token ids of each text, as the model's tokenizer gives them (special tokens included). */
export type TokenizeTexts = (texts: string[]) => number[][];

/** The lookup table of a word-vector model: `rows` × `dim` int8 values and a scale per row. */
export interface WordTable {
  rows: number;
  dim: number;
  values: Int8Array;
  scales: Float32Array;
}

const TABLE_NAME = 'embedding_table';
const SCALES_NAME = 'row_scales';
const INT8 = 3;
const FLOAT = 1;

/**
 * Reads the two initializers of the built-in model's ONNX graph (ModelProto.graph = 7,
 * GraphProto.initializer = 5; TensorProto dims = 1, data_type = 2, name = 8, raw_data = 9).
 * Hand-written: the ONNX protobuf classes (onnx-proto with protobufjs) would add over 300 kB to
 * the worker to read two fields.
 */
export function readWordTable(model: Uint8Array): WordTable {
  const tensors = new Map<string, Tensor>();
  for (const graph of fields(model, 7)) {
    for (const initializer of fields(graph, 5)) {
      const tensor = readTensor(initializer);
      tensors.set(tensor.name, tensor);
    }
  }
  const table = tensors.get(TABLE_NAME);
  const scales = tensors.get(SCALES_NAME);
  if (!table || table.type !== INT8 || table.dims.length !== 2) {
    throw new Error(`the model has no int8 ${TABLE_NAME} of two dimensions`);
  }
  const [rows, dim] = table.dims as [number, number];
  if (!scales || scales.type !== FLOAT || scales.raw.length !== rows * 4) {
    throw new Error(`the model has no float ${SCALES_NAME} with one value per row`);
  }
  if (table.raw.length !== rows * dim) throw new Error(`${TABLE_NAME} holds the wrong byte count`);
  // Views over the bytes' own range: a Node Buffer's `slice` shares a larger pool.
  const values = new Int8Array(table.raw.buffer, table.raw.byteOffset, table.raw.length).slice();
  const view = new DataView(scales.raw.buffer, scales.raw.byteOffset, scales.raw.length);
  const scaleValues = Float32Array.from({ length: rows }, (_, row) =>
    view.getFloat32(row * 4, true),
  );
  return { rows, dim, values, scales: scaleValues };
}

/**
 * Unit vectors of `texts` into `target` at rows `targetRows`: the mean of each text's token rows,
 * normalised (all zero when no token is known).
 */
export function embedWithTable(
  table: WordTable,
  tokenize: TokenizeTexts,
  texts: string[],
  target: Float32Array,
  targetRows: readonly number[],
): void {
  const { dim, values, scales } = table;
  tokenize(texts).forEach((ids, index) => {
    const offset = targetRows[index]! * dim;
    target.fill(0, offset, offset + dim);
    for (const id of ids) {
      if (id < 0 || id >= table.rows) throw new Error(`token id ${id} is outside the table`);
      const scale = scales[id]!;
      const source = id * dim;
      for (let k = 0; k < dim; k += 1) {
        target[offset + k]! += Math.fround(values[source + k]! * scale);
      }
    }
    normaliseInPlace(target, offset, dim);
  });
}

interface Tensor {
  name: string;
  type: number;
  dims: number[];
  raw: Uint8Array;
}

function readTensor(bytes: Uint8Array): Tensor {
  const tensor: Tensor = { name: '', type: 0, dims: [], raw: new Uint8Array(0) };
  for (const field of readFields(bytes)) {
    if (field.number === 1 && typeof field.value === 'number') tensor.dims.push(field.value);
    else if (field.number === 1 && field.value instanceof Uint8Array) {
      tensor.dims.push(...packedVarints(field.value));
    } else if (field.number === 2 && typeof field.value === 'number') tensor.type = field.value;
    else if (field.number === 8 && field.value instanceof Uint8Array) {
      tensor.name = new TextDecoder().decode(field.value);
    } else if (field.number === 9 && field.value instanceof Uint8Array) tensor.raw = field.value;
  }
  return tensor;
}

/** The length-delimited fields numbered `number` of a message. */
function fields(bytes: Uint8Array, number: number): Uint8Array[] {
  return readFields(bytes)
    .filter((field) => field.number === number && field.value instanceof Uint8Array)
    .map((field) => field.value as Uint8Array);
}

interface Field {
  number: number;
  value: number | Uint8Array | undefined;
}

/** The top-level fields of a protobuf message: varints as numbers, length-delimited as bytes. */
function readFields(bytes: Uint8Array): Field[] {
  const result: Field[] = [];
  const cursor = { at: 0 };
  while (cursor.at < bytes.length) {
    const key = readVarint(bytes, cursor);
    const number = Math.floor(key / 8);
    const wireType = key % 8;
    if (wireType === 0) result.push({ number, value: readVarint(bytes, cursor) });
    else if (wireType === 2) {
      const length = readVarint(bytes, cursor);
      if (cursor.at + length > bytes.length) throw new Error('the model file is cut short');
      result.push({ number, value: bytes.subarray(cursor.at, cursor.at + length) });
      cursor.at += length;
    } else if (wireType === 1 || wireType === 5) {
      cursor.at += wireType === 1 ? 8 : 4;
      result.push({ number, value: undefined });
    } else throw new Error(`the model file has a field of unknown wire type ${wireType}`);
  }
  if (cursor.at > bytes.length) throw new Error('the model file is cut short');
  return result;
}

function packedVarints(bytes: Uint8Array): number[] {
  const values: number[] = [];
  const cursor = { at: 0 };
  while (cursor.at < bytes.length) values.push(readVarint(bytes, cursor));
  return values;
}

/** A varint up to 2^53 (sizes and ids here are far below it). */
function readVarint(bytes: Uint8Array, cursor: { at: number }): number {
  let value = 0;
  let factor = 1;
  for (;;) {
    if (cursor.at >= bytes.length) throw new Error('the model file is cut short');
    const byte = bytes[cursor.at]!;
    cursor.at += 1;
    value += (byte & 0x7f) * factor;
    if (byte < 0x80) return value;
    factor *= 128;
    if (factor > 2 ** 56) throw new Error('the model file has a varint that is too long');
  }
}
