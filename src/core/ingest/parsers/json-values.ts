/** One top-level JSON text of a file, with comments and trailing commas already left out. */
export interface JsonPiece {
  source: string;
  /** Offset of the piece's first character in the file's text. */
  start: number;
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r', '\ufeff']);

/**
 * Splits a file into its top-level JSON values: one for plain JSON, one per line for JSON Lines,
 * and any number written one after another (`{...}{...}`, values separated by whitespace or
 * commas). Comments (`//`, `/* *\/`) and trailing commas before `}` or `]` are left out, as in
 * JSONC (tsconfig.json, editor settings); text inside strings is kept as it is. Each piece still
 * goes through JSON.parse, which reports what is wrong with it.
 */
export function splitJsonValues(text: string): JsonPiece[] {
  const pieces: JsonPiece[] = [];
  let piece = '';
  let pieceStart = -1;
  let depth = 0;
  let kept = 0;
  const keepUpTo = (end: number): void => {
    piece += text.slice(kept, end);
    kept = end;
  };
  const endPiece = (end: number): void => {
    keepUpTo(end);
    if (piece.trim().length > 0) pieces.push({ source: piece, start: pieceStart });
    piece = '';
    pieceStart = -1;
  };
  const skip = (from: number, to: number): void => {
    keepUpTo(from);
    kept = to;
  };
  let index = 0;
  while (index < text.length) {
    const character = text[index]!;
    const atTop = depth === 0;
    const inPrimitive = atTop && pieceStart >= 0;
    if (character === '/' && (text[index + 1] === '/' || text[index + 1] === '*')) {
      const end = commentEnd(text, index);
      if (inPrimitive) endPiece(index);
      skip(index, end);
      index = end;
      continue;
    }
    if (WHITESPACE.has(character)) {
      if (inPrimitive) endPiece(index);
      if (atTop) skip(index, index + 1);
      index += 1;
      continue;
    }
    if (character === ',' && (atTop || closesNext(text, index + 1))) {
      if (inPrimitive) endPiece(index);
      skip(index, index + 1);
      index += 1;
      continue;
    }
    if (inPrimitive && (character === '{' || character === '[' || character === '"')) {
      endPiece(index);
    }
    if (pieceStart < 0) pieceStart = index;
    if (character === '"') {
      const string = stringEnd(text, index);
      index = string.end;
      // A line break inside a string is never JSON: the value ends there, so that in JSON Lines
      // one broken line does not take the lines after it along.
      if (atTop || !string.closed) {
        endPiece(index);
        depth = 0;
      }
      continue;
    }
    if (character === '{' || character === '[') depth += 1;
    else if (character === '}' || character === ']') {
      depth = Math.max(0, depth - 1);
      if (depth === 0) {
        endPiece(index + 1);
        index += 1;
        continue;
      }
    }
    index += 1;
  }
  endPiece(text.length);
  return pieces;
}

/** The 1-based line of an offset, for messages. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (
    let index = text.indexOf('\n');
    index >= 0 && index < offset;
    index = text.indexOf('\n', index + 1)
  ) {
    line += 1;
  }
  return line;
}

/**
 * The position after a string that opens at `open`, escapes included; for one left open, the
 * line break or the end of the text where it stops.
 */
function stringEnd(text: string, open: number): { end: number; closed: boolean } {
  let index = open + 1;
  while (index < text.length) {
    const character = text[index];
    if (character === '\\') index += 2;
    else if (character === '"') return { end: index + 1, closed: true };
    else if (character === '\n') return { end: index, closed: false };
    else index += 1;
  }
  return { end: text.length, closed: false };
}

/** The position after a comment that opens at `open`. */
function commentEnd(text: string, open: number): number {
  if (text[open + 1] === '/') {
    const newline = text.indexOf('\n', open);
    return newline < 0 ? text.length : newline;
  }
  const close = text.indexOf('*/', open + 2);
  return close < 0 ? text.length : close + 2;
}

/** True when the next character that is not whitespace or a comment closes an object or array. */
function closesNext(text: string, from: number): boolean {
  let index = from;
  while (index < text.length) {
    const character = text[index]!;
    if (WHITESPACE.has(character)) index += 1;
    else if (character === '/' && (text[index + 1] === '/' || text[index + 1] === '*')) {
      index = commentEnd(text, index);
    } else return character === '}' || character === ']';
  }
  return false;
}
