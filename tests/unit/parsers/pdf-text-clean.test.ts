/* eslint-disable no-control-regex -- the tests look for control characters */
import { describe, expect, it } from 'vitest';
import {
  cleanPdfText,
  lineEndHyphens,
  SOFT_HYPHEN,
} from '../../../src/adapters/parsers/pdf-text-clean.ts';

const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/;

describe('cleanPdfText', () => {
  it('reads a glyph code between two words as the space it stands for', () => {
    expect(cleanPdfText('Perceived\u0002Ease\u0003of\u0002\u0002Use')).toBe(
      'Perceived Ease of Use',
    );
  });

  it('drops glyph codes at either end and next to a space', () => {
    expect(cleanPdfText('\u0011Total \u0003cost\u0007')).toBe('Total cost');
  });

  it('drops the NUL half of two-byte codes read one byte at a time', () => {
    expect(cleanPdfText('\u0000D\u0000E\u0000F')).toBe('DEF');
  });

  it('reads white-space controls as spaces', () => {
    expect(cleanPdfText('one\ttwo\nthree\rfour\u000cfive')).toBe('one two three four five');
  });

  it("reads Word's non-breaking and optional hyphens", () => {
    expect(cleanPdfText('e\u001email')).toBe('e-mail');
    expect(cleanPdfText('opti\u001fmal')).toBe(`opti${SOFT_HYPHEN}mal`);
  });

  it('reads C1 codes as the Windows-1252 characters they were and drops its unused ones', () => {
    expect(cleanPdfText('\u0093quoted\u0094 \u0096 it\u0092s \u0085 \u0080 5\u0081')).toBe(
      '\u201cquoted\u201d \u2013 it\u2019s \u2026 \u20ac 5',
    );
  });

  it('keeps a short line with one glyph code', () => {
    expect(cleanPdfText('a\u0003')).toBe('a');
  });

  it('drops a line that is glyph numbers rather than text', () => {
    expect(cleanPdfText('\u0007\u001c\u001d\u0008\u001a- / \u0017\u0018\u0018\u0005\u0019')).toBe(
      '',
    );
  });

  it('leaves no C0 or C1 control in any text', () => {
    for (let code = 0; code < 0xa0; code += 1) {
      if (code >= 0x20 && code < 0x7f) continue;
      const character = String.fromCharCode(code);
      expect(cleanPdfText(`Word${character}word ${character}x${character}`)).not.toMatch(CONTROLS);
    }
  });

  it('keeps ordinary text as it is', () => {
    expect(cleanPdfText('Kestrel Point: 18,240 visitors — 東京')).toBe(
      'Kestrel Point: 18,240 visitors — 東京',
    );
  });
});

describe('lineEndHyphens', () => {
  it('takes a code that only ends a few lines after a letter for the hyphen of a broken word', () => {
    const lines = ['The measure\u0002', 'ments of the ice', 'were taken twice', 'a day.'];
    const hyphens = lineEndHyphens(lines);
    expect([...hyphens]).toEqual(['\u0002']);
    expect(cleanPdfText(lines[0] ?? '', hyphens)).toBe('The measure-');
  });

  it('takes a code that also stands between words for a space, wherever it is', () => {
    const lines = ['Perceived\u0002Ease\u0002of', 'Use\u0002was rated', 'by the panel.'];
    expect(lineEndHyphens(lines).size).toBe(0);
    expect(cleanPdfText(lines[1] ?? '', lineEndHyphens(lines))).toBe('Use was rated');
  });

  it('takes a code that ends most lines for a trailing space', () => {
    const lines = ['Tides rose\u0003', 'and gulls\u0003', 'left early.'];
    expect(lineEndHyphens(lines).size).toBe(0);
  });
});
