/**
 * Writes the embedding table as an ONNX graph that transformers.js runs like any BERT encoder:
 *
 *   input_ids [batch, seq] (int64) --Gather(int8 table [V, dim])--> Cast(float) --\
 *                                  --Gather(scales [V, 1])-------------------------Mul--> last_hidden_state
 *
 * `attention_mask` is declared (the pipeline feeds it) but unused: the pipeline's mean pooling
 * applies it.
 */
import onnxProto from 'onnx-proto';
import type { QuantizedRows } from './quantize.ts';

const { onnx } = onnxProto;
const { DataType } = onnx.TensorProto;

const OPSET = 13;
const IR_VERSION = 8;

function tokenInput(name: string): InstanceType<typeof onnx.ValueInfoProto> {
  return onnx.ValueInfoProto.create({
    name,
    type: {
      tensorType: {
        elemType: DataType.INT64,
        shape: { dim: [{ dimParam: 'batch_size' }, { dimParam: 'sequence_length' }] },
      },
    },
  });
}

function bytesOf(array: Int8Array | Float32Array): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

/** The serialised model (`onnx/model.onnx`). */
export function buildEmbeddingGraph(
  table: QuantizedRows,
  dim: number,
  docString: string,
): Uint8Array {
  const rows = table.scales.length;
  const graph = onnx.GraphProto.create({
    name: 'word_embedding_lookup',
    input: [tokenInput('input_ids'), tokenInput('attention_mask')],
    output: [
      onnx.ValueInfoProto.create({
        name: 'last_hidden_state',
        type: {
          tensorType: {
            elemType: DataType.FLOAT,
            shape: {
              dim: [{ dimParam: 'batch_size' }, { dimParam: 'sequence_length' }, { dimValue: dim }],
            },
          },
        },
      }),
    ],
    initializer: [
      onnx.TensorProto.create({
        name: 'embedding_table',
        dataType: DataType.INT8,
        dims: [rows, dim],
        rawData: bytesOf(table.values),
      }),
      onnx.TensorProto.create({
        name: 'row_scales',
        dataType: DataType.FLOAT,
        dims: [rows, 1],
        rawData: bytesOf(table.scales),
      }),
    ],
    node: [
      onnx.NodeProto.create({
        name: 'lookup_rows',
        opType: 'Gather',
        input: ['embedding_table', 'input_ids'],
        output: ['quantized_rows'],
        attribute: [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }],
      }),
      onnx.NodeProto.create({
        name: 'to_float',
        opType: 'Cast',
        input: ['quantized_rows'],
        output: ['float_rows'],
        attribute: [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: DataType.FLOAT }],
      }),
      onnx.NodeProto.create({
        name: 'lookup_scales',
        opType: 'Gather',
        input: ['row_scales', 'input_ids'],
        output: ['token_scales'],
        attribute: [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }],
      }),
      onnx.NodeProto.create({
        name: 'rescale',
        opType: 'Mul',
        input: ['float_rows', 'token_scales'],
        output: ['last_hidden_state'],
      }),
    ],
  });
  const model = onnx.ModelProto.create({
    irVersion: IR_VERSION,
    opsetImport: [{ domain: '', version: OPSET }],
    producerName: 'archivist build-embedder',
    docString,
    graph,
  });
  return onnx.ModelProto.encode(model).finish();
}
