import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { defaultParsers } from '../../src/core/ingest/default-parsers.ts';
import { ParserRegistry } from '../../src/core/ingest/parser-registry.ts';
import type { ParsedDocument } from '../../src/core/ports/parser.ts';
import { REALDOCS, realdoc } from '../support/realdocs.ts';

const registry = new ParserRegistry(defaultParsers);

async function parse(name: string): Promise<ParsedDocument> {
  const bytes = new Uint8Array(await readFile(realdoc('text', name)));
  return registry.parse({ path: name, bytes });
}

/** UTF-8 read as a single-byte code page: "Ã©" for "é", "Â " for a no-break space. */
const MOJIBAKE = /Ã[\u0080-\u00bf]|Â[\u00a0-\u00bf]|â€/;

describe('the real text and HTML files of shared/realdocs', () => {
  it('reads every file, without mojibake or replacement characters', async () => {
    const names = await readdir(`${REALDOCS}/text`);
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) {
      const { text } = await parse(name);
      expect.soft(text, name).not.toMatch(MOJIBAKE);
      expect.soft(text, name).not.toContain('\uFFFD');
    }
  });

  it('honours the charset an HTML page declares in <meta http-equiv> (ISO-8859-6 Arabic)', async () => {
    const { text } = await parse('testHTMLNoisyMetaEncoding_2.html');
    expect(text).toContain('الاتحاد الجزائري');
  });

  it('lets the byte order mark of a UTF-16 page win over its declared charset', async () => {
    const document = await parse('testHTML_charset_utf16le.html');
    expect(document.title).toBe('Title');
    expect(document.text).toContain('This is a sample text');
  });

  it('keeps the headings and paragraphs of a page laid out with tables (LWN)', async () => {
    const { blocks } = await parse('lwn-1.html');
    const headings = blocks.filter((block) => block.kind === 'heading').map((block) => block.text);
    expect(headings).toContain('A trademark battle in the Arduino community');
    expect(headings).toContain('Development statistics');
    const paragraph = blocks.find((block) =>
      block.text.startsWith('The current fight is a battle'),
    );
    expect(paragraph?.kind).toBe('paragraph');
    expect(paragraph?.text.length).toBeLessThan(1000);
    const releases = blocks.find((block) => block.text.startsWith('Release | Date'));
    expect(releases?.kind).toBe('table');
  });

  it('reads Windows-1252 text with Portuguese and Spanish accents', async () => {
    const { text } = await parse('multi-language.txt');
    expect(text).toContain('Port ABC doação uno negócios');
    expect(text).toContain('español ABC adhoc prácticas');
  });
});
