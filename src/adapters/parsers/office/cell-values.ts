/**
 * A spreadsheet number as the sheet shows it, from its number format: dates and times as ISO
 * dates ("2024-03-14", "2024-03-14 09:30"), percentages, thousands separators and fixed decimals
 * as the format asks, anything else as the shortest exact decimal. Reads the positive section of
 * the format only; currency symbols in the format lead the number.
 */
export function formatCellNumber(value: number, format: string, date1904 = false): string {
  if (!Number.isFinite(value)) return String(value);
  const section = positiveSection(format);
  const bare = withoutLiterals(section);
  if (isDateFormat(bare)) return formatSerialDate(value, bare, date1904);
  const decimals = /\.(0+)/.exec(bare)?.[1]?.length ?? 0;
  const fixedDecimals = /[0#?]\.?[0#?]*/.test(bare) && !/^general$/i.test(bare.trim());
  let text: string;
  if (bare.includes('%')) {
    text = `${trimNumber(value * 100, fixedDecimals ? decimals : undefined)}%`;
  } else if (/[#0],[#0]/.test(bare)) {
    text = value.toLocaleString('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
  } else {
    text = trimNumber(value, fixedDecimals ? decimals : undefined);
  }
  const symbol = currencySymbol(section);
  if (!symbol) return text;
  return text.startsWith('-') ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`;
}

/** Built-in Excel number formats a cell's style may name by id (ECMA-376 18.8.30). */
const BUILT_IN_FORMATS: Readonly<Record<number, string>> = {
  0: 'General',
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'yyyy-mm-dd',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'yyyy-mm-dd h:mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00;(#,##0.00)',
  40: '#,##0.00;[Red](#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  48: '##0.0E+0',
  49: '@',
};

/** Ids 27-36 and 50-58 are East Asian date formats; read as dates. */
export function builtInFormat(id: number): string {
  if ((id >= 27 && id <= 36) || (id >= 50 && id <= 58)) return 'yyyy-mm-dd';
  return BUILT_IN_FORMATS[id] ?? 'General';
}

function positiveSection(format: string): string {
  return format.split(';')[0] ?? format;
}

/** The format without quoted text, escaped characters and [colour]/[$-locale] brackets. */
function withoutLiterals(section: string): string {
  return section
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, '')
    .replace(/_.|\*./g, '');
}

function isDateFormat(bare: string): boolean {
  if (/^general$/i.test(bare.trim())) return false;
  return /[dmyhs]/i.test(bare.replace(/e[+-]/gi, '').replace(/am\/pm|a\/p/gi, ''));
}

function currencySymbol(section: string): string | undefined {
  const bracketed = /\[\$([^\]-]+)/.exec(section)?.[1];
  if (bracketed) return bracketed;
  return /[$€£¥]/.exec(section.replace(/\[[^\]]*\]/g, ''))?.[0];
}

/** The shortest decimal for the number (15 significant digits), or fixed decimals when given. */
function trimNumber(value: number, decimals: number | undefined): string {
  if (decimals !== undefined) return value.toFixed(decimals);
  const rounded = Number(value.toPrecision(15));
  if (Math.abs(rounded) >= 1e21 || (rounded !== 0 && Math.abs(rounded) < 1e-6)) {
    return String(rounded);
  }
  return rounded.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Serial 0 in the 1900 system, counting Excel's phantom 29 February 1900 (serials from 61 on). */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

function formatSerialDate(serial: number, bare: string, date1904: boolean): string {
  const hasTime = /[hs]/i.test(bare);
  const hasDate = /[dy]/i.test(bare) || /m{3,}/i.test(bare) || (/m/i.test(bare) && !hasTime);
  let epoch = date1904 ? EPOCH_1904 : EPOCH_1900;
  if (!date1904 && serial < 61) epoch += DAY_MS;
  const instant = new Date(epoch + Math.round(serial * DAY_MS));
  const day = instant.toISOString().slice(0, 10);
  const time = instant.toISOString().slice(11, /s/i.test(bare) ? 19 : 16);
  if (hasDate && hasTime) return `${day} ${time}`;
  if (hasTime) return time;
  return day;
}
