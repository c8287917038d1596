const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const GREATER_THAN = 0x3e;
const FROM_SPACE = [0x46, 0x72, 0x6f, 0x6d, 0x20];
/** The envelope line's date has a clock time ("Mon Jun 01 10:00:00 2009"). */
const CLOCK_TIME = /\d{1,2}:\d\d/;

/**
 * Splits a mailbox (mbox) into its messages' bytes, without decoding them (each message's charset
 * is its own). A message starts at an envelope line "From sender date" at the start of the file
 * or after an empty line; the envelope line is dropped. Lines quoted as ">From ", ">>From " ...
 * lose one ">" (the mboxrd rule, which also undoes mboxo's quoting of "From "). Line endings are
 * kept as they are. Bytes before the first envelope line count as a message when they hold any.
 */
export function splitMbox(bytes: Uint8Array): Uint8Array[] {
  const messages: Uint8Array[] = [];
  let pieces: Uint8Array[] = [];
  let previousBlank = true;
  let start = 0;
  while (start < bytes.length) {
    const feed = bytes.indexOf(LINE_FEED, start);
    const end = feed < 0 ? bytes.length : feed + 1;
    const line = bytes.subarray(start, end);
    if (previousBlank && isEnvelopeLine(line)) {
      pushMessage(messages, pieces);
      pieces = [];
    } else {
      pieces.push(isQuotedFrom(line) ? line.subarray(1) : line);
    }
    previousBlank = isBlank(line);
    start = end;
  }
  pushMessage(messages, pieces);
  return messages;
}

function pushMessage(messages: Uint8Array[], pieces: readonly Uint8Array[]): void {
  if (!pieces.some((piece) => !isBlank(piece))) return;
  const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const message = new Uint8Array(length);
  let offset = 0;
  for (const piece of pieces) {
    message.set(piece, offset);
    offset += piece.length;
  }
  messages.push(message);
}

function startsWithFrom(line: Uint8Array, at: number): boolean {
  return FROM_SPACE.every((byte, index) => line[at + index] === byte);
}

function isEnvelopeLine(line: Uint8Array): boolean {
  if (!startsWithFrom(line, 0)) return false;
  const text = String.fromCharCode(...line.subarray(0, Math.min(line.length, 200)));
  return CLOCK_TIME.test(text);
}

/** ">From ", ">>From " ...: a body line that was quoted so it would not start a message. */
function isQuotedFrom(line: Uint8Array): boolean {
  let at = 0;
  while (line[at] === GREATER_THAN) at += 1;
  return at > 0 && startsWithFrom(line, at);
}

function isBlank(line: Uint8Array): boolean {
  return line.every((byte) => byte === LINE_FEED || byte === CARRIAGE_RETURN);
}
