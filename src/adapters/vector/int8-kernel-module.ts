import {
  advance,
  assembleModule,
  emptyBlockType,
  f32Constant,
  get,
  i32Constant,
  opcode,
  set,
  simd,
  simdOpcode,
  tee,
  v128Load,
  v128Store,
  v128Zero,
  valueType,
} from './wasm-assembler.ts';

/**
 * The int8 kernel of the flat index, as WebAssembly SIMD assembled here (no toolchain needed).
 * Every pointer is 16-byte aligned and `rowBytes` is a positive multiple of `kernelBlockBytes`.
 *
 *     encode(staging, rowNumbers, count, rowBytes, codes, scales)
 *
 * For each of `count` float32 rows in `staging` (`rowBytes` floats apart, zero-padded), and its
 * destination row `row = rowNumbers[i]` (int32): scales[row] = largest magnitude / 127, and
 * codes[row * rowBytes ..] = the row in int8, scaled so that magnitude maps to 127.
 *
 *     scan(query, codes, rowCount, rowBytes, output)
 *
 * output[row] = the int32 dot product of the int16 `query` with the int8 codes of each row.
 */

/** Codes per row must be a multiple of this. */
export const kernelBlockBytes = 32;

const encodeLocal = {
  staging: 0,
  rowNumbers: 1,
  count: 2,
  rowBytes: 3,
  codes: 4,
  scales: 5,
  end: 6,
  cursor: 7,
  rowEnd: 8,
  target: 9,
  row: 10,
  largest: 11,
  lanes: 12,
  factor: 13,
} as const;

/** Four floats at `cursor + offset`, times `factor`, rounded to int32 lanes. */
function encodeQuarter(offset: number): number[] {
  return [
    ...get(encodeLocal.cursor),
    ...v128Load(offset),
    ...get(encodeLocal.factor),
    ...simd(simdOpcode.f32x4Multiply),
    ...simd(simdOpcode.f32x4Nearest),
    ...simd(simdOpcode.i32x4TruncateSaturateF32x4Signed),
  ];
}

function encodeInstructions(): number[] {
  const local = encodeLocal;
  const lane = (index: number) => [
    ...get(local.lanes),
    ...simd(simdOpcode.f32x4ExtractLane),
    index,
  ];
  // lanes = max(lanes, |4 floats|) over the staged row; largest = the largest lane.
  const largestMagnitude = [
    ...[...get(local.staging), ...set(local.cursor), ...v128Zero(), ...set(local.lanes)],
    ...[opcode.loop, emptyBlockType, ...get(local.lanes), ...get(local.cursor), ...v128Load()],
    ...[...simd(simdOpcode.f32x4Absolute), ...simd(simdOpcode.f32x4Maximum), ...set(local.lanes)],
    ...advance(local.cursor, 16),
    ...[...get(local.cursor), ...get(local.rowEnd), opcode.i32LessThanUnsigned],
    ...[opcode.branchIf, 0, opcode.end],
    ...[...lane(0), ...lane(1), opcode.f32Maximum, ...lane(2), opcode.f32Maximum],
    ...[...lane(3), opcode.f32Maximum, ...set(local.largest)],
  ];
  // row = rowNumbers[i]; scales[row] = largest / 127; factor = 127 / largest (0 for a zero row).
  const storeScale = [
    ...[...get(local.rowNumbers), opcode.i32Load, 2, 0, ...set(local.row)],
    ...[...get(local.scales), ...get(local.row), ...i32Constant(2), opcode.i32ShiftLeft],
    ...[opcode.i32Add, ...get(local.largest), ...f32Constant(127), opcode.f32Divide],
    ...[opcode.f32Store, 2, 0],
    ...[...f32Constant(127), ...get(local.largest), opcode.f32Divide, ...f32Constant(0)],
    ...[...get(local.largest), ...f32Constant(0), opcode.f32GreaterThan, opcode.select],
    ...[...simd(simdOpcode.f32x4Splat), ...set(local.factor)],
  ];
  // codes[row] = 16 at a time: round(floats * factor), narrowed int32 -> int16 -> int8.
  const writeCodes = [
    ...[...get(local.codes), ...get(local.row), ...get(local.rowBytes), opcode.i32Multiply],
    ...[opcode.i32Add, ...set(local.target), ...get(local.staging), ...set(local.cursor)],
    ...[opcode.loop, emptyBlockType, ...get(local.target)],
    ...[...encodeQuarter(0), ...encodeQuarter(16), ...simd(simdOpcode.i16x8NarrowI32x4Signed)],
    ...[...encodeQuarter(32), ...encodeQuarter(48), ...simd(simdOpcode.i16x8NarrowI32x4Signed)],
    ...[...simd(simdOpcode.i8x16NarrowI16x8Signed), ...v128Store()],
    ...[...advance(local.target, 16), ...advance(local.cursor, 64)],
    ...[...get(local.cursor), ...get(local.rowEnd), opcode.i32LessThanUnsigned],
    ...[opcode.branchIf, 0, opcode.end],
  ];
  // for each staged row (end = rowNumbers + 4 * count), the three steps above.
  return [
    ...[...get(local.rowNumbers), ...get(local.count), ...i32Constant(2), opcode.i32ShiftLeft],
    ...[opcode.i32Add, ...set(local.end), opcode.block, emptyBlockType],
    ...[...get(local.rowNumbers), ...get(local.end), opcode.i32GreaterOrEqualUnsigned],
    ...[opcode.branchIf, 0, opcode.loop, emptyBlockType],
    ...[...get(local.staging), ...get(local.rowBytes), ...i32Constant(2), opcode.i32ShiftLeft],
    ...[opcode.i32Add, ...set(local.rowEnd)],
    ...largestMagnitude,
    ...storeScale,
    ...writeCodes,
    ...[...get(local.rowEnd), ...set(local.staging)],
    ...[...get(local.rowNumbers), ...i32Constant(4), opcode.i32Add, ...tee(local.rowNumbers)],
    ...[...get(local.end), opcode.i32LessThanUnsigned, opcode.branchIf, 0],
    ...[opcode.end, opcode.end],
  ];
}

const scanLocal = {
  query: 0,
  codes: 1,
  rowCount: 2,
  rowBytes: 3,
  output: 4,
  outputEnd: 5,
  rowEnd: 6,
  queryCursor: 7,
  first: 8,
  second: 9,
  codeBlock: 10,
} as const;

/** `accumulator += dot(extend(codeBlock half), query[queryOffset..+8])`. */
function multiplyHalf(accumulator: number, extend: number, queryOffset: number): number[] {
  return [
    ...[...get(accumulator), ...get(scanLocal.codeBlock), ...simd(extend)],
    ...[...get(scanLocal.queryCursor), ...v128Load(queryOffset)],
    ...simd(simdOpcode.i32x4DotI16x8Signed),
    ...[...simd(simdOpcode.i32x4Add), ...set(accumulator)],
  ];
}

/** Loads 16 codes at `codes + codeOffset` and folds them into `accumulator`. */
function multiplyBlock(accumulator: number, codeOffset: number): number[] {
  const queryOffset = codeOffset * 2;
  return [
    ...[...get(scanLocal.codes), ...v128Load(codeOffset), ...set(scanLocal.codeBlock)],
    ...multiplyHalf(accumulator, simdOpcode.i16x8ExtendLowI8x16Signed, queryOffset),
    ...multiplyHalf(accumulator, simdOpcode.i16x8ExtendHighI8x16Signed, queryOffset + 16),
  ];
}

function scanInstructions(): number[] {
  const local = scanLocal;
  const lane = (index: number) => [
    ...get(local.first),
    ...simd(simdOpcode.i32x4ExtractLane),
    index,
  ];
  // For each row: first/second += 16 codes x 16 query values per step, then the lane sum.
  const rowLoop = [
    ...[opcode.loop, emptyBlockType, ...get(local.codes), ...get(local.rowBytes), opcode.i32Add],
    ...[...set(local.rowEnd), ...get(local.query), ...set(local.queryCursor)],
    ...[...v128Zero(), ...set(local.first), ...v128Zero(), ...set(local.second)],
    ...[opcode.loop, emptyBlockType],
    ...[...multiplyBlock(local.first, 0), ...multiplyBlock(local.second, 16)],
    ...advance(local.queryCursor, 64),
    ...[...get(local.codes), ...i32Constant(32), opcode.i32Add, ...tee(local.codes)],
    ...[...get(local.rowEnd), opcode.i32LessThanUnsigned, opcode.branchIf, 0, opcode.end],
    ...[...get(local.output), ...get(local.first), ...get(local.second)],
    ...[...simd(simdOpcode.i32x4Add), ...set(local.first)],
    ...[...lane(0), ...lane(1), opcode.i32Add, ...lane(2), opcode.i32Add, ...lane(3)],
    ...[opcode.i32Add, opcode.i32Store, 2, 0],
    ...[...get(local.output), ...i32Constant(4), opcode.i32Add, ...tee(local.output)],
    ...[...get(local.outputEnd), opcode.i32LessThanUnsigned, opcode.branchIf, 0, opcode.end],
  ];
  // outputEnd = output + 4 * rowCount; nothing to do for no rows.
  return [
    ...[...get(local.output), ...get(local.rowCount), ...i32Constant(2), opcode.i32ShiftLeft],
    ...[opcode.i32Add, ...set(local.outputEnd), opcode.block, emptyBlockType],
    ...[...get(local.output), ...get(local.outputEnd), opcode.i32GreaterOrEqualUnsigned],
    ...[opcode.branchIf, 0, ...rowLoop, opcode.end],
  ];
}

/** The module bytes; valid wherever WebAssembly SIMD is (Chromium 91+, Node 16.4+). */
export const int8KernelModuleBytes = assembleModule([
  {
    name: 'encode',
    parameterCount: 6,
    locals: [
      [5, valueType.i32],
      [1, valueType.f32],
      [2, valueType.v128],
    ],
    instructions: encodeInstructions(),
  },
  {
    name: 'scan',
    parameterCount: 5,
    locals: [
      [3, valueType.i32],
      [3, valueType.v128],
    ],
    instructions: scanInstructions(),
  },
]);
