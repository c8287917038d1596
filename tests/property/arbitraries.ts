/** Generators shared by the property tests: hostile text and bytes, biased towards markup. */
import fc from 'fast-check';

/** Characters and pieces that break naive text handling. */
const AWKWARD = [
  '\u0000',
  '\r',
  '\r\n',
  '\n',
  '\n\n',
  '\t',
  ' ',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '\ufffd',
  '\ud800',
  '\udfff',
  '\udc00\ud800',
  '😀',
  '👩‍👩‍👧',
  'é',
  'e\u0301',
  'ﬁ',
  'İ',
  '。',
  '？',
  '\u0085',
  '\u001b',
  '\u007f',
];

export const MARKDOWN = [
  '# ',
  '## ',
  '###### ',
  '#######',
  '```',
  '~~~',
  '    ',
  '- ',
  '* ',
  '+ ',
  '1. ',
  '2) ',
  '> ',
  '>> ',
  '---',
  '***',
  '===',
  '|',
  '| --- |',
  '|:-:|',
  '[',
  ']',
  '(',
  ')',
  '![',
  '[x]: http://a',
  '*',
  '**',
  '_',
  '__',
  '~~',
  '`',
  '``',
  '\\',
  '<!--',
  '-->',
  '<b>',
  '</b>',
  '<http://a.b>',
  '&amp;',
  '&#x1F600;',
  '&#0;',
  '&eacute;',
  '+++',
  'title: x',
  '...',
];

export const HTML = [
  '<p>',
  '</p>',
  '<h1>',
  '</h1>',
  '<h6 class="x">',
  '<pre>',
  '</pre>',
  '<br>',
  '<br/>',
  '<ul>',
  '</ul>',
  '<ol>',
  '</ol>',
  '<li>',
  '<dl><dt>',
  '<dd>',
  '<table>',
  '</table>',
  '<tr>',
  '<td>',
  '<th>',
  '<caption>',
  '<script>',
  '</script>',
  '<style>',
  '<title>',
  '</title>',
  '<textarea>',
  '<div>',
  '<!--',
  '-->',
  '<!DOCTYPE html>',
  '<?xml ?>',
  '<![CDATA[',
  ']]>',
  '<a href="',
  "<a href='",
  '" >',
  '=',
  '<',
  '>',
  '</',
  '&',
  '&#',
  '&#x',
  '&#1114112;',
  '&#xD800;',
  '&nbsp;',
  '&amp',
  '&Ouml;',
  ';',
  '"',
  "'",
];

export const CSV = [',', ';', '\t', '"', '""', '\n', '\r\n', ' ', 'a', '1', '|', '  '];

/** Words and punctuation of prose, for sentences, abbreviations and numbers. */
export const PROSE = [
  'lake',
  'Station',
  'Dr.',
  'e.g.',
  'U.S.',
  'J.',
  '3.14',
  'x',
  '.',
  '. ',
  '! ',
  '? ',
  '…',
  '."',
  ')',
  '(',
  '”',
  ' ',
  '  ',
  '\n',
  'naïve',
  'Ωmega',
  '中文',
];

/** A string made of the given fragments mixed with arbitrary characters and awkward pieces. */
export function textOf(fragments: readonly string[], maxParts = 60): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom(...fragments) },
        { weight: 3, arbitrary: fc.constantFrom('\n', '\n\n', '\n  ', ' \n') },
        { weight: 2, arbitrary: fc.constantFrom(...AWKWARD) },
        { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
        { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
        { weight: 1, arbitrary: longRun() },
      ),
      { maxLength: maxParts, size: 'max' },
    )
    .map((parts) => parts.join(''));
}

/** Arbitrary text in general: no bias towards any format. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  textOf([...MARKDOWN, ...HTML, ...CSV, ...PROSE]),
);

/** A long line: one piece repeated up to a few thousand times (a minified file, a huge cell). */
function longRun(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom('a', 'word ', '😀', '.', ',', '|', '<b>', '[', '*', '"', '\\', '&', ' '),
      fc.integer({ min: 50, max: 3_000 }),
    )
    .map(([piece, count]) => piece.repeat(count));
}

/** Text as a file holds it: UTF-8 with or without BOM, UTF-16 with BOM, or single-byte legacy. */
export function encoded(text: fc.Arbitrary<string>): fc.Arbitrary<Uint8Array> {
  return fc
    .tuple(text, fc.constantFrom('utf-8', 'utf-8-bom', 'utf-16le', 'utf-16be', 'latin-1'))
    .map(([value, encoding]) => encode(value, encoding));
}

function encode(text: string, encoding: string): Uint8Array {
  if (encoding === 'utf-8') return new TextEncoder().encode(text);
  if (encoding === 'utf-8-bom') return new TextEncoder().encode(`\ufeff${text}`);
  if (encoding === 'latin-1') return Uint8Array.from(text, (character) => character.charCodeAt(0));
  // UTF-16 by hand, so lone surrogates reach the decoder as they are.
  const bytes = new Uint8Array(2 + text.length * 2);
  const view = new DataView(bytes.buffer);
  const little = encoding === 'utf-16le';
  view.setUint16(0, 0xfeff, little);
  for (let index = 0; index < text.length; index += 1) {
    view.setUint16(2 + index * 2, text.charCodeAt(index), little);
  }
  return bytes;
}

/** Bytes a file may hold: random, text in some encoding, or text with binary damage. */
export function fileBytes(text: fc.Arbitrary<string>): fc.Arbitrary<Uint8Array> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 3_000 }) },
    { weight: 6, arbitrary: encoded(text) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(encoded(text), fc.uint8Array({ minLength: 1, maxLength: 40 }), fc.nat())
        .map(([bytes, noise, at]) => splice(bytes, noise, at)),
    },
  );
}

function splice(bytes: Uint8Array, noise: Uint8Array, at: number): Uint8Array {
  const position = bytes.length === 0 ? 0 : at % bytes.length;
  const result = new Uint8Array(bytes.length + noise.length);
  result.set(bytes.subarray(0, position));
  result.set(noise, position);
  result.set(bytes.subarray(position), position + noise.length);
  return result;
}

/** True when `text` holds no lone surrogate (String.prototype.isWellFormed, ES2024). */
export function isWellFormed(text: string): boolean {
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}
