import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { ParsedDocument } from '../../src/core/ports/parser.ts';
import { createNodeParsers } from '../../scripts/node-parsers.ts';
import { REALDOCS, realdoc } from '../support/realdocs.ts';

const registry = createNodeParsers();

async function parse(name: string): Promise<ParsedDocument> {
  const bytes = new Uint8Array(await readFile(realdoc('mail', name)));
  return registry.parse({ path: `mail/${name}`, bytes });
}

const names = (document: ParsedDocument) =>
  document.attachments?.map((attachment) => attachment.name) ?? [];

/** What a person reading each message sees: its title and words that must be in the text. */
const SEEN: Record<string, { title?: string; contains: string[] }> = {
  'testEML_embedded_xhtml_and_img.eml': {
    title: 'This is the subject',
    contains: [
      'From: Sender <sender@test.com>',
      'To: Receiver@test.com',
      'Date: 21 March 2018, 14:14 (UTC-08:00)',
      'This is a test',
      'Using inline content',
    ],
  },
  'testGroupWiseEml.eml': {
    title: 'test333',
    contains: ['From: Novell GroupWise', 'Date: 27 June 2013, 13:29 (UTC+02:00)', 'test'],
  },
  'testLotusEml.eml': {
    contains: ['From: XXX.XXX@XXXX.de', 'To: XXXX@alfresco.com', 'Message body'],
  },
  'headers.mbox': { contains: ['subject', 'From: author@domain.com', 'Test content'] },
  'multiline2.mbox': { contains: ['Test content\n    outside of header'] },
  'testMBOX_complex.mbox': {
    contains: [
      'xxxxxxx',
      'From: Some Person <hey@example.com>',
      'My name is Another Person. body 1',
      'Thank you in advance for your response.',
    ],
  },
  'test-outlook2003.msg': {
    title: 'Welcome to Microsoft Office Outlook 2003',
    contains: [
      'From: Microsoft Outlook 2003 Team <olteam@microsoft.com>',
      'To: New Outlook User',
      'Date: 28 March 2010, 22:27 (UTC)',
      'Thank you for using Microsoft® Office Outlook® 2003!',
    ],
  },
  'testMSG_Appointment.msg': {
    title: 'Quick brown fox',
    contains: [
      'To: Allison, Timothy B. <tallison@mitre.org>',
      'Location: under lazy dog',
      'Starts: 28 February 2017, 18:30 (UTC)',
      'This is a meeting to discuss jumping',
    ],
  },
  'testMSG_Post.msg': {
    title: 'QuickBrownFox',
    contains: ['From: Allison, Timothy B.', 'Is going to jump over the lazy brown dog!!!'],
  },
  'testMSG_Task.msg': {
    title: 'Must jump over the lazy dog',
    contains: ['Quick brown fox must do what he must'],
  },
};

describe('the real mail files of shared/realdocs', () => {
  it('reads every file with what a person sees in it, and no markup or encoded text', async () => {
    const files = await readdir(`${REALDOCS}/mail`);
    expect(files.sort()).toEqual(Object.keys(SEEN).sort());
    for (const [name, seen] of Object.entries(SEEN)) {
      const document = await parse(name);
      if (seen.title) expect.soft(document.title, name).toBe(seen.title);
      for (const text of seen.contains) expect.soft(document.text, name).toContain(text);
      expect.soft(document.text, name).not.toMatch(/<\/?(html|body|p|div)\b|=3D|=20\n|\uFFFD/i);
      expect.soft(document.warnings, name).toBeUndefined();
    }
  });

  it('returns the attachments: an attached message and a text file, an inline image, Outlook pictures', async () => {
    const groupWise = await parse('testGroupWiseEml.eml');
    expect(names(groupWise)).toEqual(['test.eml', 'Neues Textdokument.txt']);
    const attachedMessage = await registry.parse({
      path: 'mail/testGroupWiseEml.eml/attachments/test.eml',
      bytes: groupWise.attachments![0]!.bytes,
    });
    expect(attachedMessage.title).toBe('test2');
    expect(attachedMessage.text).toContain('Date: 27 June 2013, 13:27 (UTC+02:00)');
    expect(new TextDecoder().decode(groupWise.attachments![1]!.bytes)).toContain(
      'ssssssssssssssssssssss',
    );

    expect(names(await parse('testEML_embedded_xhtml_and_img.eml'))).toEqual(['testimage.jpeg']);
    const outlook = await parse('test-outlook2003.msg');
    expect(names(outlook)).toHaveLength(11);
    expect(outlook.attachments?.[0]?.bytes.subarray(0, 3)).toEqual(
      new Uint8Array([0xff, 0xd8, 0xff]),
    );
  });

  it('makes the subject of a mailbox message a heading with its header paragraph under it', async () => {
    const document = await parse('testMBOX_complex.mbox');
    expect(document.blocks[0]).toEqual({ kind: 'heading', level: 1, text: 'xxxxxxx' });
    expect(document.blocks[1]?.text).toBe(
      'From: Some Person <hey@example.com>\nDate: 20 July 2015, 00:01 (UTC-07:00)',
    );
  });
});
