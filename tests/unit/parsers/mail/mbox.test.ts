import { describe, expect, it } from 'vitest';
import { MAX_MBOX_MESSAGES, mboxParser } from '../../../../src/adapters/parsers/mail/mbox.ts';
import { splitMbox } from '../../../../src/adapters/parsers/mail/mbox-split.ts';
import { failureName, parseWith } from '../../../support/parse-helpers.ts';

const decoder = new TextDecoder();
const encode = (text: string) => new TextEncoder().encode(text);
const split = (text: string) => splitMbox(encode(text)).map((bytes) => decoder.decode(bytes));

function entry(
  subject: string,
  body: string,
  envelope = 'From sender@example.org Mon Jun 01 10:00:00 2009',
): string {
  return `${envelope}\nFrom: sender@example.org\nSubject: ${subject}\n\n${body}\n\n`;
}

describe('splitMbox', () => {
  it('starts a message at each envelope line after an empty line and drops the envelope line', () => {
    expect(split(entry('One', 'first') + entry('Two', 'second'))).toEqual([
      'From: sender@example.org\nSubject: One\n\nfirst\n\n',
      'From: sender@example.org\nSubject: Two\n\nsecond\n\n',
    ]);
  });

  it('unquotes ">From " lines by one ">" (mboxrd), and keeps an unquoted "From " inside a paragraph', () => {
    const [only] = split(
      entry(
        'Quoted',
        '>From the archive\n>>From deeper\nFrom here on, a body line\nnot >From this one',
      ),
    );
    expect(only).toContain(
      '\nFrom the archive\n>From deeper\nFrom here on, a body line\nnot >From this one',
    );
  });

  it('does not split at a body line "From ..." without a date, even after an empty line', () => {
    expect(split(entry('Kept', 'first paragraph\n\nFrom now on we meet on Mondays.'))).toHaveLength(
      1,
    );
  });

  it('keeps CRLF line ends and skips empty stretches', () => {
    const crlf = 'From a@b Mon Jun 01 10:00:00 2009\r\nSubject: A\r\n\r\nbody\r\n\r\n\r\n';
    expect(split(crlf)).toEqual(['Subject: A\r\n\r\nbody\r\n\r\n\r\n']);
    expect(split('\n\n')).toEqual([]);
  });

  it('leaves the bytes of each message undecoded', () => {
    const latin1 = new Uint8Array([
      ...encode('From a@b Mon Jun 01 10:00:00 2009\nSubject: x\n\n'),
      0xe9,
      0x0a,
    ]);
    expect(splitMbox(latin1)[0]?.at(-2)).toBe(0xe9);
  });
});

describe('mboxParser', () => {
  it('makes each message a heading with its headers and body under it, attachments named by message', async () => {
    const withAttachment = [
      'From x@example.org Tue Jun 02 10:00:00 2009',
      'From: x@example.org',
      'Subject: Minutes',
      'Content-Type: multipart/mixed; boundary="q"',
      '',
      '--q',
      'Content-Type: text/plain',
      '',
      'Minutes attached.',
      '--q',
      'Content-Type: text/plain; name="minutes.txt"',
      'Content-Disposition: attachment; filename="minutes.txt"',
      '',
      'We agreed on the budget.',
      '--q--',
      '',
    ].join('\n');
    const document = await parseWith(
      mboxParser,
      entry('Hello', 'First message.') + withAttachment,
      'mail/inbox.mbox',
    );
    const headings = document.blocks.filter((block) => block.kind === 'heading');
    expect(headings.map((block) => [block.level, block.text])).toEqual([
      [1, 'Hello'],
      [1, 'Minutes'],
    ]);
    expect(document.text).toContain('First message.');
    expect(document.text).toContain('Minutes attached.');
    expect(document.attachments?.map((attachment) => attachment.name)).toEqual([
      'message 2/minutes.txt',
    ]);
    expect(document.warnings).toBeUndefined();
  });

  it(`reads the first ${MAX_MBOX_MESSAGES} messages of a huge mailbox and says so`, async () => {
    const mailbox = Array.from({ length: MAX_MBOX_MESSAGES + 3 }, (_, index) =>
      entry(`Note ${index + 1}`, 'x'),
    ).join('');
    const document = await parseWith(mboxParser, mailbox, 'mail/huge.mbox');
    expect(document.blocks.filter((block) => block.kind === 'heading')).toHaveLength(
      MAX_MBOX_MESSAGES,
    );
    expect(document.warnings).toEqual([
      `Only the first 2,000 of its 2,003 messages were indexed; split the mailbox in your mail program to index the rest.`,
    ]);
  });

  it('skips a message without headers with a warning, and fails a mailbox with none readable', async () => {
    const broken = 'From a@b Mon Jun 01 10:00:00 2009\n\njust text, no headers\n\n';
    const document = await parseWith(mboxParser, entry('Fine', 'ok') + broken, 'mail/mixed.mbox');
    expect(document.text).toContain('Fine');
    expect(document.warnings).toEqual(['1 message without e-mail headers skipped: 2']);
    expect(await failureName(mboxParser, broken, 'mail/bad.mbox')).toBe('CorruptFileError');
  });
});
