import { readFile } from 'node:fs/promises';
import type * as MsgReaderModule from '@kenjiuno/msgreader';
import { describe, expect, it, vi } from 'vitest';
import { createMsgParser, rtfBodyReader } from '../../src/adapters/parsers/mail/msg.ts';
import { createNodeParsers } from '../../scripts/node-parsers.ts';
import { realdoc } from '../support/realdocs.ts';

// The realdocs items all have a plain body; this one is read as if it had only its RTF body.
vi.mock('@kenjiuno/msgreader', async (importOriginal) => {
  const actual = await importOriginal<typeof MsgReaderModule>();
  class WithoutPlainBody extends actual.default {
    override getFileData() {
      const fields = super.getFileData();
      delete fields.body;
      delete fields.bodyHtml;
      delete fields.html;
      return fields;
    }
  }
  return { default: WithoutPlainBody };
});

async function outlookItem(): Promise<Uint8Array> {
  return new Uint8Array(await readFile(realdoc('mail', 'testMSG_Post.msg')));
}

describe('an Outlook item whose body is only RTF', () => {
  it('hands the decompressed RTF to the RTF reader and shows what it reads', async () => {
    const seen: string[] = [];
    const parser = createMsgParser(async (path, rtf) => {
      seen.push(path, new TextDecoder('latin1').decode(rtf.subarray(0, 6)));
      return [{ kind: 'paragraph', text: 'Text the RTF reader found.' }];
    });
    const document = await parser.parse({ path: 'mail/post.msg', bytes: await outlookItem() });
    expect(seen).toEqual(['mail/post.msg', '{\\rtf1']);
    expect(document.title).toBe('QuickBrownFox');
    expect(document.text).toContain('Text the RTF reader found.');
    expect(document.warnings).toBeUndefined();
  });

  it("reads the body with the registry's own RTF parser", async () => {
    for (const [name, sentence] of [
      ['testMSG_Post.msg', 'Is going to jump over the lazy brown dog!!!'],
      ['testMSG_Appointment.msg', 'This is a meeting to discuss jumping'],
      ['test-outlook2003.msg', 'Thank you for using Microsoft'],
    ] as const) {
      const parser = createMsgParser(rtfBodyReader(createNodeParsers()));
      const bytes = new Uint8Array(await readFile(realdoc('mail', name)));
      const document = await parser.parse({ path: `mail/${name}`, bytes });
      expect.soft(document.text, name).toContain(sentence);
      expect.soft(document.text, name).not.toMatch(/\\[a-z]+|[{}]/);
      expect.soft(document.warnings, name).toBeUndefined();
    }
  });

  it('keeps the headers and says why when the RTF cannot be read', async () => {
    const parser = createMsgParser(() => Promise.reject(new Error('no reader for .rtf files')));
    const document = await parser.parse({ path: 'mail/post.msg', bytes: await outlookItem() });
    expect(document.text).toContain('From: Allison, Timothy B.');
    expect(document.warnings).toEqual([
      'Its body is stored only as RTF, which could not be read: no reader for .rtf files',
    ]);
  });
});
