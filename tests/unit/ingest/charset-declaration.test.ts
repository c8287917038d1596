import { describe, expect, it } from 'vitest';
import { declaredEncoding } from '../../../src/core/ingest/charset-declaration.ts';

const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('declaredEncoding', () => {
  it('reads the XML declaration, <meta charset> and the http-equiv Content-Type', () => {
    expect(declaredEncoding(ascii("<?xml version='1.0' encoding='Shift-JIS'?><a/>"))).toBe(
      'shift_jis',
    );
    expect(declaredEncoding(ascii('<head><META CHARSET = "cp1251"></head>'))).toBe('windows-1251');
    const httpEquiv = '<meta http-equiv=Content-Type content="text/html; charset=ISO-8859-6">';
    expect(declaredEncoding(ascii(httpEquiv))).toBe('iso-8859-6');
  });

  it('maps labels as browsers do: latin1 is windows-1252, a declared UTF-16 is UTF-8', () => {
    expect(declaredEncoding(ascii('<meta charset="latin1">'))).toBe('windows-1252');
    expect(declaredEncoding(ascii('<meta charset="x-user-defined">'))).toBe('windows-1252');
    expect(declaredEncoding(ascii('<meta charset="unicode">'))).toBe('utf-8');
  });

  it('passes over a <meta> whose label no decoder knows, and finds none without one', () => {
    const twoMetas = '<meta charset="no-such-charset"><meta charset="koi8-r">';
    expect(declaredEncoding(ascii(twoMetas))).toBe('koi8-r');
    expect(declaredEncoding(ascii('<meta charset="no-such-charset">'))).toBeUndefined();
    expect(declaredEncoding(ascii('<p>charset=koi8-r is not a declaration</p>'))).toBeUndefined();
  });
});
