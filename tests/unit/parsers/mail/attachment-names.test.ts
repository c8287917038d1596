import { describe, expect, it } from 'vitest';
import { attachmentFileName } from '../../../../src/adapters/parsers/mail/attachment-names.ts';

describe('attachmentFileName', () => {
  it('keeps a given name with an extension and tidies its spaces', () => {
    expect(attachmentFileName('  Q3   budget.xlsx ', 'application/octet-stream', 1)).toBe(
      'Q3 budget.xlsx',
    );
  });

  it('adds the extension of the MIME type to a name without one', () => {
    expect(attachmentFileName('minutes', 'application/pdf', 1)).toBe('minutes.pdf');
    expect(attachmentFileName('Forwarded', 'message/rfc822', 1)).toBe('Forwarded.eml');
  });

  it('names a nameless part by its place, with the extension of its type when known', () => {
    expect(attachmentFileName(null, 'text/plain', 3)).toBe('attachment 3.txt');
    expect(attachmentFileName(undefined, 'application/x-unknown', 2)).toBe('attachment 2');
  });
});
