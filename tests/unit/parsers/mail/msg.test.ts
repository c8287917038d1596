import { describe, expect, it } from 'vitest';
import { decodeCodepage } from '../../../../src/adapters/parsers/mail/codepages.ts';
import { createMsgParser } from '../../../../src/adapters/parsers/mail/msg.ts';
import { failureName } from '../../../support/parse-helpers.ts';

describe('createMsgParser', () => {
  const parser = createMsgParser(() => Promise.reject(new Error('no RTF reader in this test')));

  it('fails bytes that are not an Outlook compound file with CorruptFileError', async () => {
    expect(
      await failureName(parser, 'Subject: plain text, not an Outlook item', 'mail/x.msg'),
    ).toBe('CorruptFileError');
    expect(await failureName(parser, new Uint8Array(4096), 'mail/zeros.msg')).toBe(
      'CorruptFileError',
    );
  });
});

describe('decodeCodepage', () => {
  it('decodes Windows code pages by number, and ISO or UTF-8 ones by their own labels', () => {
    expect(decodeCodepage(new Uint8Array([0xcf, 0xf0, 0xe8]), 1251)).toBe('При');
    expect(decodeCodepage(new Uint8Array([0xe9]), 28591)).toBe('é');
    expect(decodeCodepage(new TextEncoder().encode('ü'), 65001)).toBe('ü');
  });

  it('falls back to UTF-8 for no code page or one the runtime does not know', () => {
    expect(decodeCodepage(new TextEncoder().encode('ok'), undefined)).toBe('ok');
    expect(decodeCodepage(new TextEncoder().encode('ok'), 99999)).toBe('ok');
  });
});
