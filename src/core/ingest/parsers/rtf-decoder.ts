import { decodeAs } from '../legacy-decoding.ts';

/** Windows code pages as the WHATWG encoding names TextDecoder knows. */
const CODEPAGE_LABELS: Readonly<Record<number, string>> = {
  874: 'windows-874',
  932: 'shift_jis',
  936: 'gbk',
  949: 'euc-kr',
  950: 'big5',
  10000: 'macintosh',
  20866: 'koi8-r',
  28591: 'iso-8859-1',
  65001: 'utf-8',
};

/** Charset numbers of the font table (\fcharsetN) as Windows code pages. */
const CHARSET_CODEPAGE: Readonly<Record<number, number>> = {
  77: 10000,
  128: 932,
  129: 949,
  134: 936,
  136: 950,
  161: 1253,
  162: 1254,
  163: 1258,
  177: 1255,
  178: 1256,
  186: 1257,
  204: 1251,
  222: 874,
  238: 1250,
};

/** The code page of a font's character set (\fcharsetN); undefined for the document's own. */
export function codepageOfCharset(charset: number): number | undefined {
  return CHARSET_CODEPAGE[charset];
}

/**
 * Collects the 8-bit bytes of RTF text (`\'hh` escapes and raw bytes) and decodes a run of them
 * at once, so double-byte code pages (Shift-JIS, GBK, Big5) decode their pairs. Code pages that
 * TextDecoder does not know read as Windows-1252.
 */
export class RtfDecoder {
  /** The document's code page (\ansicpgN); 1252 unless it says otherwise. */
  defaultCodepage = 1252;
  private pending: number[] = [];
  private pendingCodepage = 1252;
  /** The WHATWG encoding each code page met so far reads as. */
  private readonly encodings = new Map<number, string>();

  /** Adds a byte in the given code page (the current font's), or the document's. */
  push(byte: number, codepage: number | undefined): string {
    const wanted = codepage ?? this.defaultCodepage;
    const flushed = this.pending.length > 0 && wanted !== this.pendingCodepage ? this.take() : '';
    this.pendingCodepage = wanted;
    this.pending.push(byte);
    return flushed;
  }

  /** The text of the bytes collected so far; empty when there are none. */
  take(): string {
    if (this.pending.length === 0) return '';
    const text = decodeAs(this.encodingOf(this.pendingCodepage), Uint8Array.from(this.pending));
    this.pending = [];
    return text;
  }

  private encodingOf(codepage: number): string {
    let encoding = this.encodings.get(codepage);
    if (encoding === undefined) {
      const label = CODEPAGE_LABELS[codepage] ?? `windows-${codepage}`;
      try {
        encoding = new TextDecoder(label).encoding;
      } catch {
        encoding = 'windows-1252';
      }
      this.encodings.set(codepage, encoding);
    }
    return encoding;
  }
}
