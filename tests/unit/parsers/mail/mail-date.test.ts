import { describe, expect, it } from 'vitest';
import { describeMailDate } from '../../../../src/adapters/parsers/mail/mail-date.ts';

describe('describeMailDate', () => {
  it('says the date in words on the sender’s clock, with the offset', () => {
    expect(describeMailDate('Thu, 4 Oct 2012 13:02:39 +0200')).toBe(
      '4 October 2012, 13:02 (UTC+02:00)',
    );
    expect(describeMailDate('Wed, 21 Mar 2018 14:14:32 -0800 (PST)')).toBe(
      '21 March 2018, 14:14 (UTC-08:00)',
    );
  });

  it('reads zone names, two-digit years, JavaScript UTC strings and a missing weekday', () => {
    expect(describeMailDate('Sun, 28 Mar 2010 22:27:38 GMT')).toBe('28 March 2010, 22:27 (UTC)');
    expect(describeMailDate('1 Jan 99 8:05 EST')).toBe('1 January 1999, 08:05 (UTC-05:00)');
    expect(describeMailDate('5 Feb 2021 09:00')).toBe('5 February 2021, 09:00');
  });

  it('returns a date it cannot read as written, spaces tidied', () => {
    expect(describeMailDate('  yesterday   evening ')).toBe('yesterday evening');
    expect(describeMailDate('1 Foo 2020 10:00 +0000')).toBe('1 Foo 2020 10:00 +0000');
  });
});
