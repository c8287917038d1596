import { describe, expect, it } from 'vitest';
import { rtfParser } from '../../../../src/core/ingest/parsers/rtf.ts';
import { failureName, parseWith } from '../../../support/parse-helpers.ts';

function bytesOf(rtf: string): Uint8Array {
  return Uint8Array.from(rtf, (character) => character.charCodeAt(0));
}

describe('rtfParser', () => {
  it('reads paragraphs and skips the tables, pictures and codes that are not text', async () => {
    const rtf = String.raw`{\rtf1\ansi\ansicpg1252{\fonttbl{\f0\fswiss Arial;}}{\colortbl;\red0\green0\blue0;}
{\stylesheet{\s0 Normal;}}{\info{\title Harbour notes}{\author Ann}}
\pard\plain\f0 The pier is {\b closed}.\par
{\*\bkmkstart here}{\pict\wmetafile8 0a0b0c}{\field{\*\fldinst HYPERLINK "http://x"}{\fldrslt timetable}} page\par
{\*\unknowndestination secret}Hidden{\v  words} end\par}`;
    const document = await parseWith(rtfParser, bytesOf(rtf), 'notes.rtf');
    expect(document.title).toBe('Harbour notes');
    expect(document.blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Harbour notes' },
      { kind: 'paragraph', text: 'The pier is closed.' },
      { kind: 'paragraph', text: 'timetable page' },
      { kind: 'paragraph', text: 'Hidden end' },
    ]);
  });

  it("decodes \\'hh in the document's or the font's code page and \\uN with its \\uc stand-ins", async () => {
    const rtf = String.raw`{\rtf1\ansi\ansicpg1252\uc1{\fonttbl{\f0 Arial;}{\f1\fcharset128 MS Mincho;}}
\f0 caf\'e9 10\'94 \u8364\'80 euro\par
\f1 \'82\'b1\'82\'f1\'82\'c9\'82\'bf\'82\'cd\par
{\uc2 \u26085\'93\'fa\u26412\'96\'7b}\par}`;
    const document = await parseWith(rtfParser, bytesOf(rtf), 'mixed.rtf');
    expect(document.blocks.map((block) => block.text)).toEqual([
      'café 10” € euro',
      'こんにちは',
      '日本',
    ]);
  });

  it('reads a document in a double-byte code page named by \\ansicpg', async () => {
    const rtf = String.raw`{\rtf1\ansi\ansicpg932 \'83\'65\'83\'58\'83\'67\par}`;
    expect((await parseWith(rtfParser, bytesOf(rtf), 'jp.rtf')).text).toBe('テスト');
  });

  it('reads tables row by row and headings from outline levels and heading styles', async () => {
    const rtf = String.raw`{\rtf1{\stylesheet{\s1\outlinelevel0 Chapter;}{\s2 heading 2;}}
\pard\s1 Tides\par
\pard\s2 Pier\par
\pard\outlinelevel2 Gauges\par
\trowd\cellx1000\cellx2000\pard\intbl Day\cell Height\cell\row
\trowd\pard\intbl Mon\cell 3.9\cell\row
\pard After the table.\par}`;
    const document = await parseWith(rtfParser, bytesOf(rtf), 'tides.rtf');
    expect(document.blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Tides' },
      { kind: 'heading', level: 2, text: 'Pier' },
      { kind: 'heading', level: 3, text: 'Gauges' },
      { kind: 'table', text: 'Day | Height\nMon | 3.9' },
      { kind: 'paragraph', text: 'After the table.' },
    ]);
  });

  it('steps over \\bin data and stops at the end of the outermost group', async () => {
    const rtf = `{\\rtf1 before {\\pict\\bin6 }{\\}\\x} after\\par}\u00ef\u00bf\u00bd junk`;
    expect((await parseWith(rtfParser, bytesOf(rtf), 'bin.rtf')).text).toBe('before after');
  });

  it('fails with CorruptFileError when the file is not RTF, EmptyFileError when it has no text', async () => {
    expect(await failureName(rtfParser, 'plain words', 'x.rtf')).toBe('CorruptFileError');
    expect(
      await failureName(rtfParser, String.raw`{\rtf1{\fonttbl{\f0 Arial;}}\par}`, 'x.rtf'),
    ).toBe('EmptyFileError');
  });
});
