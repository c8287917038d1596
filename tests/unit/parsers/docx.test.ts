import { describe, expect, it } from 'vitest';
import { docxParser } from '../../../src/adapters/parsers/docx.ts';
import { compoundFileNaming, relsOf, zipOf } from '../../support/office-packages.ts';
import { failureName, parseWith } from '../../support/parse-helpers.ts';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const CONTENT_TYPES =
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

function paragraph(text: string, style?: string, properties = ''): string {
  const styleElement = style ? `<w:pStyle w:val="${style}"/>` : '';
  return `<w:p><w:pPr>${styleElement}${properties}</w:pPr><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
}

function style(id: string, name: string, extra = ''): string {
  return `<w:style w:type="paragraph" w:customStyle="1" w:styleId="${id}"><w:name w:val="${name}"/>${extra}</w:style>`;
}

function docx(
  body: string,
  extra: Record<string, string | Uint8Array> = {},
  styles = '',
): Uint8Array {
  return zipOf({
    '[Content_Types].xml': CONTENT_TYPES,
    '_rels/.rels': relsOf({ rId1: ['officeDocument', 'word/document.xml'] }),
    'word/document.xml': `<w:document ${W} ${R}><w:body>${body}</w:body></w:document>`,
    'word/styles.xml': `<w:styles ${W}>${style('Normal', 'Normal')}${styles}</w:styles>`,
    ...extra,
  });
}

describe('docxParser', () => {
  it('finds headings by outline level and by the heading style names publishers use', async () => {
    const styles =
      style('ChapterTitle', 'ChapterTitle') +
      style('HeadA', 'HeadA') +
      style('HeadB', 'HeadB') +
      style('Outline2', 'Section', '<w:pPr><w:outlineLvl w:val="1"/></w:pPr>') +
      style('Inherits', 'Inherits', '<w:basedOn w:val="Outline2"/>') +
      style('Header', 'Header');
    const body =
      paragraph('Common Concepts', 'ChapterTitle') +
      paragraph('Variables', 'HeadA') +
      paragraph('Shadowing', 'HeadB') +
      paragraph('By style outline', 'Inherits') +
      paragraph('By paragraph outline', undefined, '<w:outlineLvl w:val="2"/>') +
      paragraph('Running header text', 'Header');
    const document = await parseWith(docxParser, docx(body, {}, styles), 'chapter.docx');
    expect(document.title).toBe('Common Concepts');
    expect(document.blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Common Concepts' },
      { kind: 'heading', level: 2, text: 'Variables' },
      { kind: 'heading', level: 3, text: 'Shadowing' },
      { kind: 'heading', level: 2, text: 'By style outline' },
      { kind: 'heading', level: 3, text: 'By paragraph outline' },
      { kind: 'paragraph', text: 'Running header text' },
    ]);
  });

  it('reads embedded HTML documents in place, ruby with its reading, and headers and footers once', async () => {
    const body =
      paragraph('Before') +
      '<w:altChunk r:id="rIdChunk"/>' +
      '<w:p><w:r><w:ruby><w:rubyPr/><w:rt><w:r><w:t>かん</w:t></w:r></w:rt><w:rubyBase><w:r><w:t>漢</w:t></w:r></w:rubyBase></w:ruby></w:r></w:p>' +
      '<w:p><w:fldSimple w:instr=" SEQ Table "><w:r><w:t>Table 1</w:t></w:r></w:fldSimple></w:p>';
    const footer = `<w:ftr ${W}>${paragraph('Harbour Authority')}<w:p><w:r><w:t>7</w:t></w:r></w:p></w:ftr>`;
    const bytes = docx(body, {
      'word/_rels/document.xml.rels': relsOf({ rIdChunk: ['aFChunk', 'chunk.html'] }),
      'word/chunk.html': '<html><body><h2>Embedded</h2><p>Tide table &amp; notes</p></body></html>',
      'word/footer1.xml': footer,
      'word/footer2.xml': footer,
    });
    const document = await parseWith(docxParser, bytes, 'embedded.docx');
    expect(document.blocks.map((block) => block.text)).toEqual([
      'Before',
      'Embedded',
      'Tide table & notes',
      '漢(かん)',
      'Table 1',
      'Harbour Authority',
      '7',
    ]);
    expect(document.blocks[1]).toEqual({ kind: 'heading', level: 2, text: 'Embedded' });
  });

  it("turns the converter's messages into warnings, each said once", async () => {
    const body = paragraph('One', 'Mystery') + paragraph('Two', 'Mystery');
    const document = await parseWith(
      docxParser,
      docx(body, {}, style('Mystery', 'Mystery style')),
      'w.docx',
    );
    expect(document.warnings).toEqual([
      '1 style of this document is not known to the converter (Mystery style); its text was read as plain text.',
    ]);
  });

  it('tells encrypted files (any letter case) from old .doc files', async () => {
    expect(await failureName(docxParser, compoundFileNaming('ENCRYPTIONINFO'), 'a.docx')).toBe(
      'PasswordProtectedError',
    );
    await expect(
      docxParser.parse({ path: 'old.docx', bytes: compoundFileNaming('WordDocument') }),
    ).rejects.toThrow(/old-format Word \(\.doc\)/);
  });
});
