import { describe, expect, it } from 'vitest';
import { epubParser } from '../../../../src/adapters/parsers/office/office-parsers.ts';
import { zipOf } from '../../../support/office-packages.ts';
import { failureName, parseWith } from '../../../support/parse-helpers.ts';

const CONTAINER =
  '<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>';

function opf(manifest: string, spine: string): string {
  return `<package xmlns="http://www.idpf.org/2007/opf" xmlns:dc="http://purl.org/dc/elements/1.1/"><metadata><dc:title>The Harbour Book</dc:title></metadata><manifest>${manifest}</manifest><spine toc="ncx">${spine}</spine></package>`;
}

function chapter(body: string): string {
  return `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>ignored</title></head><body>${body}</body></html>`;
}

describe('epubParser', () => {
  it('reads chapters in spine order under their titles from the nav document', async () => {
    const bytes = zipOf({
      mimetype: 'application/epub+zip',
      'META-INF/container.xml': CONTAINER,
      'OEBPS/content.opf': opf(
        '<item id="nav" href="nav.xhtml" properties="nav" media-type="application/xhtml+xml"/>' +
          '<item id="c1" href="text/one.xhtml" media-type="application/xhtml+xml"/>' +
          '<item id="c2" href="text/two%20b.xhtml" media-type="application/xhtml+xml"/>',
        '<itemref idref="c2"/><itemref idref="c1"/>',
      ),
      'OEBPS/nav.xhtml': chapter(
        '<nav epub:type="toc" xmlns:epub="http://www.idpf.org/2007/ops"><ol><li><a href="text/one.xhtml">Tides</a></li><li><a href="text/two%20b.xhtml#start">Winds</a></li></ol></nav>',
      ),
      'OEBPS/text/one.xhtml': chapter('<h1>Tides</h1><p>The tide rose 3.9 m.</p>'),
      'OEBPS/text/two b.xhtml': chapter('<p>Gales from the west.</p><script>alert(1)</script>'),
    });
    const document = await parseWith(epubParser, bytes, 'book.epub');
    expect(document.title).toBe('The Harbour Book');
    expect(document.blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Winds' },
      { kind: 'paragraph', text: 'Gales from the west.' },
      { kind: 'heading', level: 1, text: 'Tides' },
      { kind: 'paragraph', text: 'The tide rose 3.9 m.' },
    ]);
  });

  it('takes chapter titles from an EPUB 2 NCX', async () => {
    const bytes = zipOf({
      'META-INF/container.xml': CONTAINER,
      'OEBPS/content.opf': opf(
        '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/><item id="c1" href="one.html" media-type="application/xhtml+xml"/>',
        '<itemref idref="c1"/>',
      ),
      'OEBPS/toc.ncx':
        '<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/"><navMap><navPoint id="p1"><navLabel><text>Chapter One</text></navLabel><content src="one.html"/></navPoint></navMap></ncx>',
      'OEBPS/one.html': chapter('<p>Opening words.</p>'),
    });
    const document = await parseWith(epubParser, bytes, 'old.epub');
    expect(document.text).toBe('Chapter One\n\nOpening words.');
  });

  it('says so when the chapters are under DRM, and when there is no package document', async () => {
    const bytes = zipOf({
      'META-INF/container.xml': CONTAINER,
      'META-INF/encryption.xml':
        '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:CipherData><enc:CipherReference URI="OEBPS/one.html"/></enc:CipherData></enc:EncryptedData></encryption>',
      'OEBPS/content.opf': opf(
        '<item id="c1" href="one.html" media-type="application/xhtml+xml"/>',
        '<itemref idref="c1"/>',
      ),
      'OEBPS/one.html': 'encrypted bytes',
    });
    await expect(epubParser.parse({ path: 'drm.epub', bytes })).rejects.toThrow(/DRM/);
    expect(
      await failureName(epubParser, zipOf({ mimetype: 'application/epub+zip' }), 'x.epub'),
    ).toBe('CorruptFileError');
  });
});
