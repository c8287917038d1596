/**
 * Reads the almost-JSON small models write and rewrites it as JSON: single-quoted strings,
 * unquoted keys and words, trailing or missing commas, missing colons, Python literals (`True`,
 * `None`), and output cut off mid-way (open strings and brackets are closed, a key without a
 * value gets `null`). Reading starts at an opening bracket and stops where it closes (or at a
 * code fence outside a string), so prose after the JSON is ignored.
 */

type Token =
  | { kind: 'punctuation'; value: string }
  | { kind: 'string'; value: string }
  | { kind: 'word'; value: string };

type Frame =
  | { kind: 'object'; expect: 'key' | 'colon' | 'value' | 'comma'; count: number }
  | { kind: 'array'; expect: 'value' | 'comma'; count: number };

const PUNCTUATION = '{}[]:,';
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
/** Deeper nesting is read as the end of the output (a model repeating "[[[[" for ever). */
const MAX_DEPTH = 64;

/** JSON text for the value that opens with the `{` or `[` at `start` of `text`. */
export function repairJson(text: string, start: number): string {
  const output: string[] = [];
  const stack: Frame[] = [];
  for (const token of readTokens(text, start)) {
    const frame = stack.at(-1);
    if (frame === undefined) {
      if (token.kind === 'punctuation' && (token.value === '{' || token.value === '[')) {
        open(token.value, stack, output);
      }
      continue;
    }
    const opens = token.kind === 'punctuation' && (token.value === '{' || token.value === '[');
    if (opens && stack.length >= MAX_DEPTH) break;
    handle(token, frame, stack, output);
    if (stack.length === 0) break;
  }
  while (stack.length > 0) finish(stack, output);
  return output.join('');
}

function handle(token: Token, frame: Frame, stack: Frame[], output: string[]): void {
  const closes = token.kind === 'punctuation' && (token.value === '}' || token.value === ']');
  if (frame.expect === 'comma') {
    if (closes) return close(stack, output);
    if (token.kind === 'punctuation' && token.value === ':') return;
    frame.expect = frame.kind === 'object' ? 'key' : 'value';
    if (token.kind === 'punctuation' && token.value === ',') return;
    // A missing comma: read the token as the next key or value.
  }
  if (frame.kind === 'object' && frame.expect === 'key') {
    if (closes) return close(stack, output);
    if (token.kind === 'punctuation') return;
    if (frame.count > 0) output.push(',');
    output.push(JSON.stringify(token.value));
    frame.expect = 'colon';
    return;
  }
  if (frame.kind === 'object' && frame.expect === 'colon') {
    output.push(':');
    frame.expect = 'value';
    if (token.kind === 'punctuation' && token.value === ':') return;
  }
  if (closes || (token.kind === 'punctuation' && token.value === ',')) {
    // No value where one was due: `{"a": }`, `{"a": , "b": 1}`, `[1, ]`, `[, 1]`.
    if (frame.kind === 'object') {
      output.push('null');
      frame.count += 1;
      frame.expect = closes ? 'comma' : 'key';
    }
    if (closes) close(stack, output);
    return;
  }
  if (token.kind === 'punctuation' && token.value === ':') return;
  if (frame.kind === 'array' && frame.count > 0) output.push(',');
  if (token.kind === 'punctuation') open(token.value, stack, output);
  else output.push(token.kind === 'string' ? JSON.stringify(token.value) : literal(token.value));
  if (token.kind !== 'punctuation') valueDone(frame);
}

function open(bracket: string, stack: Frame[], output: string[]): void {
  output.push(bracket);
  stack.push(
    bracket === '{'
      ? { kind: 'object', expect: 'key', count: 0 }
      : { kind: 'array', expect: 'value', count: 0 },
  );
}

function close(stack: Frame[], output: string[]): void {
  const frame = stack.pop();
  output.push(frame?.kind === 'object' ? '}' : ']');
  const parent = stack.at(-1);
  if (parent !== undefined) valueDone(parent);
}

/** Closes the innermost container at the end of the text, completing a pending key. */
function finish(stack: Frame[], output: string[]): void {
  const frame = stack.at(-1);
  if (frame?.kind === 'object' && frame.expect === 'colon') output.push(':null');
  else if (frame?.kind === 'object' && frame.expect === 'value') output.push('null');
  close(stack, output);
}

function valueDone(frame: Frame): void {
  frame.count += 1;
  frame.expect = 'comma';
}

/** A bare word as JSON: a literal, a number, or else a string. */
function literal(word: string): string {
  const lower = word.toLowerCase();
  if (lower === 'true' || lower === 'false' || lower === 'null') return lower;
  if (lower === 'none' || lower === 'undefined' || lower === 'nan') return 'null';
  if (NUMBER.test(word) && Number.isFinite(Number(word))) return JSON.stringify(Number(word));
  return JSON.stringify(word);
}

function* readTokens(text: string, start: number): Generator<Token> {
  let position = start;
  while (position < text.length) {
    const character = text[position] ?? '';
    if (/\s/.test(character)) {
      position += 1;
    } else if (text.startsWith('```', position)) {
      // A code fence outside a string: the reply's JSON ends here.
      return;
    } else if (PUNCTUATION.includes(character)) {
      yield { kind: 'punctuation', value: character };
      position += 1;
    } else if (character === '"' || character === "'") {
      const [value, end] = readString(text, position);
      yield { kind: 'string', value };
      position = end;
    } else {
      // A bare word runs to the next punctuation, quote or line end: `{answer: The kiln}`.
      let end = position;
      while (end < text.length && !/[{}[\]:,"\n]/.test(text[end] ?? '')) end += 1;
      yield { kind: 'word', value: text.slice(position, end).trim() };
      position = end;
    }
  }
}

/** The string opening at `start` and the position after it; an unclosed one runs to the end. */
function readString(text: string, start: number): [string, number] {
  const quote = text[start];
  let value = '';
  let position = start + 1;
  while (position < text.length) {
    const character = text[position] ?? '';
    if (character === quote) return [value, position + 1];
    if (character !== '\\') {
      value += character;
      position += 1;
      continue;
    }
    const escaped = text[position + 1] ?? '';
    const hex = text.slice(position + 2, position + 6);
    if (escaped === 'u' && /^[0-9a-f]{4}$/i.test(hex)) {
      value += String.fromCharCode(parseInt(hex, 16));
      position += 6;
    } else {
      value += ESCAPES[escaped] ?? escaped;
      position += 2;
    }
  }
  return [value, position];
}
