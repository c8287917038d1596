/**
 * Just enough of the WebAssembly binary format to assemble a small module by hand: a few
 * instructions (core + SIMD), and one memory plus functions of i32 parameters with no results.
 */

export const valueType = { i32: 0x7f, f32: 0x7d, v128: 0x7b } as const;

export const opcode = {
  block: 0x02,
  loop: 0x03,
  end: 0x0b,
  branchIf: 0x0d,
  select: 0x1b,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  i32Load: 0x28,
  i32Store: 0x36,
  f32Store: 0x38,
  i32Const: 0x41,
  f32Const: 0x43,
  i32LessThanUnsigned: 0x49,
  i32GreaterOrEqualUnsigned: 0x4f,
  f32GreaterThan: 0x5e,
  i32Add: 0x6a,
  i32Multiply: 0x6c,
  i32ShiftLeft: 0x74,
  f32Multiply: 0x94,
  f32Divide: 0x95,
  f32Maximum: 0x97,
  simdPrefix: 0xfd,
} as const;

export const simdOpcode = {
  v128Load: 0x00,
  v128Store: 0x0b,
  v128Const: 0x0c,
  f32x4Splat: 0x13,
  i32x4ExtractLane: 0x1b,
  f32x4ExtractLane: 0x1f,
  i8x16NarrowI16x8Signed: 0x65,
  f32x4Nearest: 0x6a,
  i16x8NarrowI32x4Signed: 0x85,
  i16x8ExtendLowI8x16Signed: 0x87,
  i16x8ExtendHighI8x16Signed: 0x88,
  i32x4Add: 0xae,
  i32x4DotI16x8Signed: 0xba,
  f32x4Absolute: 0xe0,
  f32x4Multiply: 0xe6,
  f32x4Maximum: 0xe9,
  i32x4TruncateSaturateF32x4Signed: 0xf8,
} as const;

export const emptyBlockType = 0x40;

function unsignedLeb128(value: number): number[] {
  const bytes: number[] = [];
  let rest = value >>> 0;
  do {
    const byte = rest & 0x7f;
    rest >>>= 7;
    bytes.push(rest === 0 ? byte : byte | 0x80);
  } while (rest !== 0);
  return bytes;
}

function signedLeb128(value: number): number[] {
  const bytes: number[] = [];
  let rest = value | 0;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    const done = (rest === 0 && (byte & 0x40) === 0) || (rest === -1 && (byte & 0x40) !== 0);
    bytes.push(done ? byte : byte | 0x80);
    if (done) return bytes;
  }
}

function vector(items: number[][]): number[] {
  return [...unsignedLeb128(items.length), ...items.flat()];
}

function section(id: number, content: number[]): number[] {
  return [id, ...unsignedLeb128(content.length), ...content];
}

function name(text: string): number[] {
  return vector([...new TextEncoder().encode(text)].map((byte) => [byte]));
}

export const get = (index: number): number[] => [opcode.localGet, index];
export const set = (index: number): number[] => [opcode.localSet, index];
export const tee = (index: number): number[] => [opcode.localTee, index];
export const i32Constant = (value: number): number[] => [opcode.i32Const, ...signedLeb128(value)];
export const f32Constant = (value: number): number[] => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setFloat32(0, value, true);
  return [opcode.f32Const, ...bytes];
};
export const simd = (code: number): number[] => [opcode.simdPrefix, ...unsignedLeb128(code)];
/** A 16-byte aligned v128 load or store at a constant byte offset from the address on the stack. */
export const v128Load = (offset = 0): number[] => [
  ...simd(simdOpcode.v128Load),
  4,
  ...unsignedLeb128(offset),
];
export const v128Store = (offset = 0): number[] => [
  ...simd(simdOpcode.v128Store),
  4,
  ...unsignedLeb128(offset),
];
export const v128Zero = (): number[] => [
  ...simd(simdOpcode.v128Const),
  ...new Array<number>(16).fill(0),
];
/** `local += step` for an i32 local. */
export const advance = (index: number, step: number): number[] => [
  ...get(index),
  ...i32Constant(step),
  opcode.i32Add,
  ...set(index),
];

export interface FunctionDefinition {
  name: string;
  parameterCount: number;
  /** Extra locals after the parameters, as [count, value type] runs. */
  locals: [number, number][];
  instructions: number[];
}

/** A module with one exported `memory` (1 page to start) and the given exported functions. */
export function assembleModule(functions: FunctionDefinition[]): Uint8Array<ArrayBuffer> {
  const types = functions.map((definition) => [
    0x60,
    ...vector(Array.from({ length: definition.parameterCount }, () => [valueType.i32])),
    ...vector([]),
  ]);
  const bodies = functions.map((definition) => {
    const body = [...vector(definition.locals), ...definition.instructions, opcode.end];
    return [...unsignedLeb128(body.length), ...body];
  });
  const exports = [
    [...name('memory'), 0x02, 0],
    ...functions.map((definition, index) => [...name(definition.name), 0x00, index]),
  ];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector(types)),
    ...section(3, vector(functions.map((_, index) => [index]))),
    ...section(5, vector([[0x00, 1]])),
    ...section(7, vector(exports)),
    ...section(10, vector(bodies)),
  ]);
}
