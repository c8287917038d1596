import type { Block } from '../../ports/parser.ts';
import { RtfBlocks } from './rtf-blocks.ts';
import { codepageOfCharset, RtfDecoder } from './rtf-decoder.ts';

/** Destinations that are not the text a reader sees: tables, pictures, field codes, list labels. */
const SKIPPED_DESTINATIONS = new Set(
  (
    'colortbl info pict object objdata objclass objname fldinst themedata ' +
    'colorschememapping datastore latentstyles listtable listoverridetable rsidtbl generator ' +
    'xmlnstbl revtbl pgdsctbl bkmkstart bkmkend nonshppict sp sn sv atnid atnauthor atndate ' +
    'filetbl mmathPr defchp defpap protusertbl userprops docvar ftnsep ftnsepc aftnsep aftnsepc ' +
    'xe tc pn pntext listtext fontemb fontfile blipuid wgrffmtfilter'
  ).split(' '),
);

/** Control words that stand for a character. */
const WORD_CHARACTERS: Readonly<Record<string, string>> = {
  line: '\n',
  tab: '\t',
  emdash: '\u2014',
  endash: '\u2013',
  bullet: '\u2022',
  lquote: '\u2018',
  rquote: '\u2019',
  ldblquote: '\u201c',
  rdblquote: '\u201d',
};

interface GroupState {
  /** Inside a destination whose text is dropped. */
  skip: boolean;
  /** Characters that stand in for a \uN character, to skip after it (\ucN). */
  unicodeSkip: number;
  font: number;
  hidden: boolean;
  destination?: 'fonttbl' | 'title' | 'stylesheet';
}

export interface RtfContent {
  blocks: Block[];
  title?: string;
}

/**
 * A small, safe RTF reader: the text a word processor shows, as paragraph, heading and table
 * blocks. Groups and control words are tracked on an explicit stack (no recursion), `\'hh` bytes
 * are decoded in the code page of the document (\ansicpg) or of the current font (\fcharset),
 * `\uN` characters skip their `\ucN` stand-ins, `\binN` data is stepped over, and destinations
 * that are not text (font and colour tables, style sheets, pictures, objects, field codes) are
 * skipped; `\title` in `\info` is the title. Headings come from `\outlinelevelN` on a paragraph
 * or its style.
 */
export function readRtf(source: string): RtfContent {
  return new RtfReader(source).read();
}

class RtfReader {
  private readonly decoder = new RtfDecoder();
  private readonly stack: GroupState[] = [];
  private state: GroupState = { skip: false, unicodeSkip: 1, font: -1, hidden: false };
  private readonly fontCodepages = new Map<number, number>();
  /** Outline level (0-based) per style number, from the style sheet. */
  private readonly styleLevels = new Map<number, number>();
  private pendingStyle: { number: number; level?: number; name: string } | undefined;
  private pendingFont = -1;
  private title = '';
  private readonly output = new RtfBlocks();
  private toSkip = 0;

  constructor(private readonly source: string) {}

  read(): RtfContent {
    const source = this.source;
    let position = 0;
    while (position < source.length) {
      const character = source[position]!;
      if (character !== '\\' || source[position + 1] !== "'") {
        if (character < '\u0080' || character > '\u00ff') this.flushBytes();
      }
      if (character === '{') {
        this.stack.push(this.state);
        this.state = { ...this.state };
        this.pendingStyleStart();
        position += 1;
      } else if (character === '}') {
        this.closeGroup();
        position += 1;
        // What follows the document's outermost group is not part of it.
        if (this.stack.length === 0) break;
      } else if (character === '\\') {
        position = this.controlAt(position);
      } else if (character === '\r' || character === '\n') {
        position += 1;
      } else {
        const end = nextSpecial(source, position);
        this.text(source.slice(position, end));
        position = end;
      }
    }
    this.flushBytes();
    const blocks = this.output.finish();
    const title = this.title.replace(/\s+/g, ' ').trim();
    return title ? { blocks, title } : { blocks };
  }

  /** Reads the control word or symbol at `position`; returns the position after it. */
  private controlAt(position: number): number {
    const source = this.source;
    const next = source[position + 1] ?? '';
    if (next === "'") {
      const byte = Number.parseInt(source.slice(position + 2, position + 4), 16);
      if (!this.skipStandIn() && !Number.isNaN(byte)) this.byte(byte);
      return position + 4;
    }
    if (!/[a-zA-Z]/.test(next)) {
      this.symbol(next);
      return position + 2;
    }
    const match = /^([a-zA-Z]{1,32})(-?\d{1,10})? ?/.exec(
      source.slice(position + 1, position + 48),
    );
    const word = match?.[1] ?? next;
    const parameter = match?.[2] === undefined ? undefined : Number(match[2]);
    const end = position + 1 + (match?.[0].length ?? 1);
    if (word === 'bin') return end + Math.max(0, parameter ?? 0);
    this.controlWord(word, parameter);
    return end;
  }

  private symbol(symbol: string): void {
    if (symbol === '*') {
      // An optional destination: skipped unless a word below says it is text.
      this.state.skip = this.state.skip || this.state.destination === undefined;
      return;
    }
    if (this.skipStandIn()) return;
    if (symbol === '\\' || symbol === '{' || symbol === '}') this.emit(symbol);
    else if (symbol === '~') this.emit('\u00a0');
    else if (symbol === '_') this.emit('\u2011');
    else if (symbol === '\n' || symbol === '\r') this.controlWord('par', undefined);
  }

  private controlWord(word: string, parameter: number | undefined): void {
    const state = this.state;
    if (SKIPPED_DESTINATIONS.has(word)) {
      state.skip = true;
      return;
    }
    switch (word) {
      case 'fonttbl':
        state.destination = 'fonttbl';
        return;
      case 'stylesheet':
        state.destination = 'stylesheet';
        return;
      case 'title':
        state.destination = 'title';
        state.skip = false;
        return;
      case 'ansicpg':
        this.decoder.defaultCodepage = parameter ?? 1252;
        return;
      case 'mac':
        this.decoder.defaultCodepage = 10000;
        return;
      case 'uc':
        state.unicodeSkip = Math.max(0, parameter ?? 1);
        return;
      case 'u':
        this.unicode(parameter ?? 0);
        return;
      case 'f':
        if (state.destination === 'fonttbl') this.pendingFont = parameter ?? -1;
        else state.font = parameter ?? -1;
        return;
      case 'fcharset': {
        const codepage = codepageOfCharset(parameter ?? 0);
        if (state.destination === 'fonttbl' && codepage)
          this.fontCodepages.set(this.pendingFont, codepage);
        return;
      }
      case 's':
        if (state.destination === 'stylesheet' && this.pendingStyle)
          this.pendingStyle.number = parameter ?? 0;
        else if (!state.skip) this.output.outlineLevel ??= this.styleLevels.get(parameter ?? 0);
        return;
      case 'outlinelevel':
        if (state.destination === 'stylesheet' && this.pendingStyle)
          this.pendingStyle.level = parameter;
        else if (!state.skip) this.output.outlineLevel = parameter;
        return;
      case 'v':
        state.hidden = parameter !== 0;
        return;
      default:
        this.layoutWord(word);
    }
  }

  /** Paragraph, line and table structure. */
  private layoutWord(word: string): void {
    if (this.state.skip || this.state.destination !== undefined) return;
    if (word === 'par' || word === 'sect' || word === 'page') this.output.paragraphEnd();
    else if (word === 'pard') this.output.resetParagraph();
    else if (word === 'intbl') this.output.tableParagraph();
    else if (word === 'cell' || word === 'nestcell') this.output.cellEnd();
    else if (word === 'row' || word === 'nestrow') this.output.rowEnd();
    else if (WORD_CHARACTERS[word] !== undefined) this.emit(WORD_CHARACTERS[word]);
  }

  private unicode(code: number): void {
    this.emit(String.fromCharCode(code < 0 ? code + 65536 : code));
    this.toSkip = this.state.unicodeSkip;
  }

  /** After a \uN character, its stand-ins are dropped one by one. */
  private skipStandIn(): boolean {
    if (this.toSkip === 0) return false;
    this.toSkip -= 1;
    return true;
  }

  private byte(byte: number): void {
    const codepage = this.fontCodepages.get(this.state.font);
    const flushed = this.decoder.push(byte, codepage);
    if (flushed) this.emit(flushed);
  }

  private flushBytes(): void {
    const text = this.decoder.take();
    if (text) this.emit(text);
  }

  /** Raw text of the source: characters above ASCII are bytes of the code page too. */
  private text(text: string): void {
    for (const character of text) {
      if (this.skipStandIn()) continue;
      const code = character.charCodeAt(0);
      if (code >= 0x80 && code <= 0xff) {
        this.byte(code);
      } else {
        this.flushBytes();
        this.emit(character);
      }
    }
  }

  private emit(text: string): void {
    const state = this.state;
    if (state.destination === 'title') this.title += text;
    else if (state.destination === 'stylesheet' && this.pendingStyle)
      this.pendingStyle.name += text;
    else if (!state.skip && !state.hidden && state.destination === undefined) this.output.add(text);
  }

  private pendingStyleStart(): void {
    if (this.stack.at(-1)?.destination === 'stylesheet') {
      this.pendingStyle = { number: 0, name: '' };
    }
  }

  private closeGroup(): void {
    const closing = this.state;
    this.state = this.stack.pop() ?? this.state;
    if (closing.destination === 'stylesheet' && this.state.destination === 'stylesheet') {
      this.registerStyle();
    }
  }

  private registerStyle(): void {
    const style = this.pendingStyle;
    this.pendingStyle = undefined;
    if (!style) return;
    const named = /^\s*heading\s*(\d)/i.exec(style.name)?.[1];
    const level = style.level ?? (named === undefined ? undefined : Number(named) - 1);
    if (level !== undefined && level >= 0 && level < 9) this.styleLevels.set(style.number, level);
  }
}

/** The next position holding a group brace, a backslash or a line end. */
function nextSpecial(source: string, from: number): number {
  for (let index = from; index < source.length; index += 1) {
    const character = source[index];
    if (
      character === '{' ||
      character === '}' ||
      character === '\\' ||
      character === '\r' ||
      character === '\n'
    ) {
      return index;
    }
  }
  return source.length;
}
