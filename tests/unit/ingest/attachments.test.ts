import { describe, expect, it } from 'vitest';
import {
  attachmentPath,
  isAttachment,
  MAX_ATTACHMENTS_PER_FILE,
  planAttachments,
} from '../../../src/core/ingest/attachments.ts';
import { ParserRegistry } from '../../../src/core/ingest/parser-registry.ts';
import { defaultParsers } from '../../../src/core/ingest/default-parsers.ts';
import type { SourceFile } from '../../../src/core/ports/folder-source.ts';

const registry = new ParserRegistry(defaultParsers, { maxFileBytes: 100 });
const check = (path: string, size: number) => void registry.check(path, size);
const message: SourceFile = {
  path: 'mail/report.eml',
  size: 10,
  mtime: 42,
  read: async () => new Uint8Array(10),
};
const bytes = (text: string) => new TextEncoder().encode(text);

describe('attachmentPath', () => {
  it('places a name under the container, made unique before its extension', () => {
    const taken = new Set<string>();
    expect(attachmentPath('mail/report.eml', 'notes.txt', taken)).toBe(
      'mail/report.eml/attachments/notes.txt',
    );
    expect(attachmentPath('mail/report.eml', 'notes.txt', taken)).toBe(
      'mail/report.eml/attachments/notes (2).txt',
    );
    expect(attachmentPath('mail/report.eml', 'README', taken)).toBe(
      'mail/report.eml/attachments/README',
    );
    expect(attachmentPath('mail/report.eml', 'README', taken)).toBe(
      'mail/report.eml/attachments/README (2)',
    );
  });

  it('keeps a name out of other folders: no "..", ".", empty part, backslash or control character', () => {
    const taken = new Set<string>();
    expect(attachmentPath('a.mbox', '../../etc/passwd', taken)).toBe(
      'a.mbox/attachments/etc/passwd',
    );
    expect(attachmentPath('a.mbox', 'message 2//x\\y\u0000.txt', taken)).toBe(
      'a.mbox/attachments/message 2/x y .txt',
    );
    expect(attachmentPath('a.mbox', '/./', taken)).toBe('a.mbox/attachments/attachment');
  });
});

describe('planAttachments', () => {
  it('keeps readable attachments with their container and time, and names the others in warnings', () => {
    const plan = planAttachments(
      message,
      message.path,
      [
        { name: 'budget.csv', bytes: bytes('a,b\n1,2\n') },
        { name: 'archive.zip', bytes: bytes('PK') },
        { name: 'tool.exe', bytes: bytes('MZ') },
        { name: 'empty.txt', bytes: new Uint8Array(0) },
        { name: 'huge.txt', bytes: new Uint8Array(101) },
      ],
      check,
    );
    expect(
      plan.files.map((file) => [file.path, file.name, file.container, file.mtime, file.size]),
    ).toEqual([['mail/report.eml/attachments/budget.csv', 'budget.csv', 'mail/report.eml', 42, 8]]);
    expect(isAttachment(plan.files[0]!)).toBe(true);
    expect(isAttachment(message)).toBe(false);
    expect(plan.warnings).toEqual([
      'Attachments not indexed (type not supported): archive.zip, tool.exe',
      'Attachments not indexed (empty): empty.txt',
      'Attachments not indexed (too large): huge.txt',
    ]);
  });

  it(`keeps at most ${MAX_ATTACHMENTS_PER_FILE} and says how many there were`, async () => {
    const many = Array.from({ length: MAX_ATTACHMENTS_PER_FILE + 2 }, (_, index) => ({
      name: `note ${index}.txt`,
      bytes: bytes('x'),
    }));
    const plan = planAttachments(message, 'mail', many, check);
    expect(plan.files).toHaveLength(MAX_ATTACHMENTS_PER_FILE);
    expect(plan.warnings).toEqual([
      `Only the first ${MAX_ATTACHMENTS_PER_FILE} of its ${MAX_ATTACHMENTS_PER_FILE + 2} readable attachments were indexed.`,
    ]);
    expect(new TextDecoder().decode(await plan.files[0]!.read())).toBe('x');
  });
});
