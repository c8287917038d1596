const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Zones RFC 5322 still allows by name, as offsets. */
const NAMED_ZONES: Record<string, string> = {
  UT: '+0000',
  UTC: '+0000',
  GMT: '+0000',
  Z: '+0000',
  EST: '-0500',
  EDT: '-0400',
  CST: '-0600',
  CDT: '-0500',
  MST: '-0700',
  MDT: '-0600',
  PST: '-0800',
  PDT: '-0700',
};

/** "[Day, ]D Mon YYYY HH:MM[:SS] [zone]": the header form, and JavaScript's `toUTCString`. */
const MAIL_DATE =
  /^(?:[A-Za-z]{3},?\s*)?(\d{1,2})\s+([A-Za-z]{3})[a-z]*\s+(\d{2,4})\s+(\d{1,2}):(\d{2})(?::\d{2})?\s*([+-]\d{4}|[A-Za-z]{1,3}\b)?/;

/**
 * A message's date in plain words as its sender wrote it, e.g. "4 October 2012, 13:02 (UTC+02:00)":
 * the sender's own clock, not converted. A date in another form is returned as written.
 */
export function describeMailDate(raw: string): string {
  const written = raw.replace(/\s+/g, ' ').trim();
  const match = MAIL_DATE.exec(written);
  if (!match) return written;
  const [, day, monthName, yearText, hour, minute, zoneText] = match;
  const month = MONTHS.findIndex(
    (name) => name.slice(0, 3).toLowerCase() === monthName?.toLowerCase(),
  );
  if (month < 0) return written;
  const year = Number(yearText);
  const fullYear = yearText!.length === 4 ? year : year < 50 ? 2000 + year : 1900 + year;
  const zone = zoneText ? offsetOf(zoneText) : undefined;
  const time = `${hour!.padStart(2, '0')}:${minute}`;
  return `${Number(day)} ${MONTHS[month]} ${fullYear}, ${time}${zone ? ` (${zone})` : ''}`;
}

/** "+0200" or a zone name as "UTC+02:00"; undefined for a name RFC 5322 does not know. */
function offsetOf(zone: string): string | undefined {
  const offset = /^[+-]\d{4}$/.test(zone) ? zone : NAMED_ZONES[zone.toUpperCase()];
  if (!offset) return undefined;
  return offset === '+0000' || offset === '-0000'
    ? 'UTC'
    : `UTC${offset.slice(0, 3)}:${offset.slice(3)}`;
}
