import { describe, expect, it } from 'vitest';
import { emlParser } from '../../../../src/adapters/parsers/mail/eml.ts';
import { failureName, parseWith } from '../../../support/parse-helpers.ts';

/** A message from header lines and a body, with CRLF line ends as mail carries them. */
function message(headers: string[], body: string): string {
  return [...headers, '', body].join('\r\n');
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('emlParser', () => {
  it('puts the subject first as the title, then who, to whom and when in plain words, then the text', async () => {
    const document = await parseWith(
      emlParser,
      message(
        [
          'From: "Ada Lovelace" <ada@example.org>',
          'To: Charles Babbage <charles@example.org>, team@example.org',
          'Cc: Mary <mary@example.org>',
          'Subject: Notes on the engine',
          'Date: Tue, 9 Jun 2009 23:58:45 -0400',
        ],
        'The engine weaves algebraic patterns.\r\n\r\nSecond paragraph.',
      ),
      'mail/notes.eml',
    );
    expect(document.title).toBe('Notes on the engine');
    expect(document.blocks[0]).toEqual({ kind: 'heading', level: 1, text: 'Notes on the engine' });
    expect(document.blocks[1]?.text).toBe(
      [
        'From: Ada Lovelace <ada@example.org>',
        'To: Charles Babbage <charles@example.org>, team@example.org',
        'Cc: Mary <mary@example.org>',
        'Date: 9 June 2009, 23:58 (UTC-04:00)',
      ].join('\n'),
    );
    expect(document.blocks.slice(2).map((block) => block.text)).toEqual([
      'The engine weaves algebraic patterns.',
      'Second paragraph.',
    ]);
    expect(document.attachments).toBeUndefined();
  });

  it('prefers the text part of a multipart/alternative message and decodes quoted-printable', async () => {
    const document = await parseWith(
      emlParser,
      message(
        [
          'From: a@example.org',
          'Subject: =?UTF-8?Q?Caf=C3=A9_menu?=',
          'MIME-Version: 1.0',
          'Content-Type: multipart/alternative; boundary="b1"',
        ],
        [
          '--b1',
          'Content-Type: text/plain; charset=utf-8',
          'Content-Transfer-Encoding: quoted-printable',
          '',
          'Cr=C3=A8me br=C3=BBl=C3=A9e for a very long line that is soft-broken here=',
          ' and continues.',
          '--b1',
          'Content-Type: text/html; charset=utf-8',
          '',
          '<p>HTML version only</p>',
          '--b1--',
        ].join('\r\n'),
      ),
      'mail/menu.eml',
    );
    expect(document.title).toBe('Café menu');
    expect(document.text).toContain(
      'Crème brûlée for a very long line that is soft-broken here and continues.',
    );
    expect(document.text).not.toContain('HTML version only');
  });

  it('reads a base64 body in a legacy charset (windows-1251) through the charset it declares', async () => {
    const cyrillic = new Uint8Array([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x20, 0xec, 0xe8, 0xf0]);
    const document = await parseWith(
      emlParser,
      message(
        [
          'From: b@example.org',
          'Subject: =?windows-1251?B?zu/r4PLg?=',
          'Content-Type: text/plain; charset=windows-1251',
          'Content-Transfer-Encoding: base64',
        ],
        Buffer.from(cyrillic).toString('base64'),
      ),
      'mail/ru.eml',
    );
    expect(document.title).toBe('Оплата');
    expect(document.text).toContain('Привет мир');
  });

  it('reads 8-bit ISO-8859-1 text as its charset says', async () => {
    const head = new TextEncoder().encode(
      message(
        ['From: c@example.org', 'Subject: Umlaut', 'Content-Type: text/plain; charset=iso-8859-1'],
        '',
      ),
    );
    const body = new Uint8Array([0x47, 0x72, 0xfc, 0xdf, 0x65]); // "Grüße"
    const document = await parseWith(emlParser, new Uint8Array([...head, ...body]), 'mail/de.eml');
    expect(document.text).toContain('Grüße');
  });

  it('reads an old message in a legacy encoding that names no charset, as a text file is read', async () => {
    const head = new TextEncoder().encode(message(['From: c@example.org', 'Subject: Alt'], ''));
    const latin1 = new TextEncoder().encode('Grüße aus Köln, schöne Grüße an Jürgen.');
    const body = Uint8Array.from(new TextDecoder().decode(latin1), (character) =>
      character.charCodeAt(0),
    );
    const document = await parseWith(emlParser, new Uint8Array([...head, ...body]), 'mail/old.eml');
    expect(document.text).toContain('Grüße aus Köln, schöne Grüße an Jürgen.');
    expect(document.text).not.toContain('\uFFFD');
  });

  it('reads an HTML-only message through the HTML extractor: markup and scripts dropped, headings under the subject', async () => {
    const document = await parseWith(
      emlParser,
      message(
        ['From: news@example.org', 'Subject: Newsletter', 'Content-Type: text/html; charset=utf-8'],
        '<html><head><title>Ignored title</title><script>alert(1)</script></head><body><h1>Quarterly results</h1><p>Revenue grew <b>12%</b>.</p></body></html>',
      ),
      'mail/news.eml',
    );
    expect(document.text).toContain('Revenue grew 12%.');
    expect(document.text).not.toMatch(/alert|<b>|Ignored title/);
    expect(document.blocks).toContainEqual({
      kind: 'heading',
      level: 2,
      text: 'Quarterly results',
    });
  });

  it('returns attached files with their names and decoded bytes, and lists them in the header paragraph', async () => {
    const document = await parseWith(
      emlParser,
      message(
        ['From: d@example.org', 'Subject: Budget', 'Content-Type: multipart/mixed; boundary="m"'],
        [
          '--m',
          'Content-Type: text/plain',
          '',
          'See the attached budget.',
          '--m',
          'Content-Type: text/csv; name="budget.csv"',
          'Content-Disposition: attachment; filename="budget.csv"',
          'Content-Transfer-Encoding: base64',
          '',
          base64('item,cost\nrent,1200\n'),
          '--m',
          'Content-Type: application/pdf',
          'Content-Disposition: attachment',
          'Content-Transfer-Encoding: base64',
          '',
          base64('%PDF-1.4 not really'),
          '--m--',
        ].join('\r\n'),
      ),
      'mail/budget.eml',
    );
    expect(document.attachments?.map((attachment) => attachment.name)).toEqual([
      'budget.csv',
      'attachment 2.pdf',
    ]);
    expect(new TextDecoder().decode(document.attachments?.[0]?.bytes)).toBe(
      'item,cost\nrent,1200\n',
    );
    expect(document.blocks[1]?.text).toContain('Attachments: budget.csv, attachment 2.pdf');
  });

  it('keeps a forwarded message shown inline in the body, and returns an attached message as an .eml file', async () => {
    const inner = message(
      ['From: e@example.org', 'Subject: Original plan', 'Content-Type: text/plain'],
      'Meet at the lighthouse at noon.',
    );
    const inlineForward = await parseWith(
      emlParser,
      message(
        [
          'From: f@example.org',
          'Subject: Fwd: plan',
          'Content-Type: multipart/mixed; boundary="x"',
        ],
        [
          '--x',
          'Content-Type: text/plain',
          '',
          'Forwarding this.',
          '--x',
          'Content-Type: message/rfc822',
          '',
          inner,
          '--x--',
        ].join('\r\n'),
      ),
      'mail/forward.eml',
    );
    expect(inlineForward.text).toContain('Forwarding this.');
    expect(inlineForward.text).toContain('Meet at the lighthouse at noon.');

    const attached = await parseWith(
      emlParser,
      message(
        [
          'From: f@example.org',
          'Subject: Fwd: plan',
          'Content-Type: multipart/mixed; boundary="x"',
        ],
        [
          '--x',
          'Content-Type: text/plain',
          '',
          'Attached the original.',
          '--x',
          'Content-Type: message/rfc822',
          'Content-Disposition: attachment',
          '',
          inner,
          '--x--',
        ].join('\r\n'),
      ),
      'mail/attached.eml',
    );
    expect(attached.attachments?.map((attachment) => attachment.name)).toEqual([
      'attachment 1.eml',
    ]);
    const nested = await parseWith(
      emlParser,
      attached.attachments![0]!.bytes,
      'mail/attached.eml/attachment 1.eml',
    );
    expect(nested.title).toBe('Original plan');
    expect(nested.text).toContain('Meet at the lighthouse at noon.');
  });

  it('leaves out pictures the HTML body shows by Content-ID', async () => {
    const document = await parseWith(
      emlParser,
      message(
        ['From: g@example.org', 'Subject: Logo', 'Content-Type: multipart/related; boundary="r"'],
        [
          '--r',
          'Content-Type: text/html',
          '',
          '<p>Hello</p><img src="cid:logo@x">',
          '--r',
          'Content-Type: image/png',
          'Content-ID: <logo@x>',
          'Content-Transfer-Encoding: base64',
          '',
          'iVBORw0KGgo=',
          '--r--',
        ].join('\r\n'),
      ),
      'mail/logo.eml',
    );
    expect(document.attachments).toBeUndefined();
  });

  it('shows a message without a subject under "(no subject)" and fails text without headers as CorruptFileError', async () => {
    const document = await parseWith(
      emlParser,
      message(['From: h@example.org'], 'Body only.'),
      'mail/x.eml',
    );
    expect(document.blocks[0]?.text).toBe('(no subject)');
    expect(document.title).toBeUndefined();
    expect(await failureName(emlParser, '\r\nno headers here', 'mail/y.eml')).toBe(
      'CorruptFileError',
    );
  });
});
