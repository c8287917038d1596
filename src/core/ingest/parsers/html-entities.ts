/** Decoding of HTML character references: the common named ones and all numeric ones. */

// prettier-ignore
const NAMED = new Map<string, string>(Object.entries({
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', shy: '',
  ensp: ' ', emsp: ' ', thinsp: ' ', zwnj: '', zwj: '', lrm: '', rlm: '',
  copy: '©', reg: '®', trade: '™', hellip: '…', mdash: '—', ndash: '–', minus: '−',
  lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“', rdquo: '”', bdquo: '„',
  laquo: '«', raquo: '»', lsaquo: '‹', rsaquo: '›', bull: '•', middot: '·',
  dagger: '†', Dagger: '‡', prime: '′', Prime: '″', permil: '‰',
  euro: '€', pound: '£', yen: '¥', cent: '¢', curren: '¤', sect: '§', para: '¶',
  deg: '°', plusmn: '±', times: '×', divide: '÷', micro: 'µ', not: '¬',
  frac12: '½', frac14: '¼', frac34: '¾', sup1: '¹', sup2: '²', sup3: '³',
  iexcl: '¡', iquest: '¿', ordf: 'ª', ordm: 'º', brvbar: '¦', macr: '¯', acute: '´', cedil: '¸',
  szlig: 'ß', aelig: 'æ', AElig: 'Æ', oslash: 'ø', Oslash: 'Ø', eth: 'ð', ETH: 'Ð',
  thorn: 'þ', THORN: 'Þ', oelig: 'œ', OElig: 'Œ',
  larr: '←', rarr: '→', uarr: '↑', darr: '↓', harr: '↔', rArr: '⇒', lArr: '⇐',
  le: '≤', ge: '≥', ne: '≠', asymp: '≈', infin: '∞', sum: '∑', radic: '√',
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', lambda: 'λ', mu: 'μ',
  pi: 'π', sigma: 'σ', tau: 'τ', phi: 'φ', omega: 'ω', Delta: 'Δ', Sigma: 'Σ', Omega: 'Ω',
  hearts: '♥', check: '✓', star: '☆',
}));

/** Entities that browsers also accept without the closing semicolon. */
const LEGACY_WITHOUT_SEMICOLON = new Set(['amp', 'lt', 'gt', 'quot', 'nbsp', 'copy', 'reg']);

/** Combining marks for the accented-letter entities such as `&eacute;` and `&Ouml;`. */
// prettier-ignore
const DIACRITICS = new Map<string, string>(Object.entries({
  grave: '\u0300', acute: '\u0301', circ: '\u0302', tilde: '\u0303',
  uml: '\u0308', ring: '\u030a', cedil: '\u0327', caron: '\u030c',
}));

const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}))(;?)/g;

/** Replaces character references; unknown names are left as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    REFERENCE,
    (whole, decimal?: string, hex?: string, name?: string, semicolon?: string) => {
      if (decimal !== undefined) return fromCodePoint(Number.parseInt(decimal, 10));
      if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
      if (name === undefined) return whole;
      if (!semicolon)
        return LEGACY_WITHOUT_SEMICOLON.has(name) ? (NAMED.get(name) ?? whole) : whole;
      return NAMED.get(name) ?? accentedLetter(name) ?? whole;
    },
  );
}

function fromCodePoint(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\uFFFD';
  return String.fromCodePoint(code);
}

function accentedLetter(name: string): string | undefined {
  const match = /^([A-Za-z])([a-z]+)$/.exec(name);
  const letter = match?.[1];
  const mark = match?.[2] === undefined ? undefined : DIACRITICS.get(match[2]);
  if (letter === undefined || mark === undefined) return undefined;
  const composed = (letter + mark).normalize('NFC');
  return composed.length === 1 ? composed : undefined;
}
