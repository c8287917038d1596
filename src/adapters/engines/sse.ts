/**
 * Server-sent events, as the WHATWG spec parses them, for streamed chat completions: bytes may be
 * split anywhere (inside a UTF-8 sequence, a field name, between `\r` and `\n`), so input is
 * buffered until a line is complete and an event until its blank line.
 */

export class SseParser {
  private readonly decoder = new TextDecoder();
  private pendingLine = '';
  private dataLines: string[] = [];
  /** A `\r` ended the last chunk: a `\n` starting the next one belongs to the same line end. */
  private afterCarriageReturn = false;

  /** Feeds bytes; returns the `data` of every event they complete, in order. */
  push(bytes: Uint8Array): string[] {
    return this.pushText(this.decoder.decode(bytes, { stream: true }));
  }

  /** The end of the stream: an event without its final blank line still counts. */
  finish(): string[] {
    const events = this.pushText(this.decoder.decode());
    if (this.pendingLine.length > 0) this.takeLine(this.pendingLine, events);
    this.pendingLine = '';
    this.dispatch(events);
    return events;
  }

  private pushText(text: string): string[] {
    const events: string[] = [];
    let start = 0;
    if (this.afterCarriageReturn && text.startsWith('\n')) start = 1;
    this.afterCarriageReturn = false;
    for (let index = start; index < text.length; index += 1) {
      const character = text[index];
      if (character !== '\n' && character !== '\r') continue;
      this.takeLine(this.pendingLine + text.slice(start, index), events);
      this.pendingLine = '';
      if (character === '\r') {
        if (index + 1 === text.length) this.afterCarriageReturn = true;
        else if (text[index + 1] === '\n') index += 1;
      }
      start = index + 1;
    }
    this.pendingLine += text.slice(start);
    return events;
  }

  private takeLine(line: string, events: string[]): void {
    if (line === '') {
      this.dispatch(events);
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    this.dataLines.push(value);
  }

  private dispatch(events: string[]): void {
    if (this.dataLines.length === 0) return;
    events.push(this.dataLines.join('\n'));
    this.dataLines = [];
  }
}
