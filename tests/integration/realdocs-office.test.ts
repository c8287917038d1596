import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createParserRegistry } from '../../src/adapters/parsers/index.ts';
import type { ParsedDocument } from '../../src/core/ports/parser.ts';
import { chunkDocument } from '../../src/core/retrieval/chunking.ts';
import { loadNodePdfjs, nodePdfResources } from '../../scripts/node-parsers.ts';
import { REALDOCS, realdoc } from '../support/realdocs.ts';

const registry = createParserRegistry({
  loadPdfjs: loadNodePdfjs,
  pdfResources: nodePdfResources(),
});

interface Expected {
  /** Words a person sees in the file, as they read in the document text. */
  contains?: string[];
  title?: string;
  headings?: string[];
  /** Text that must be on the given slide. */
  pages?: Record<string, number>;
  error?: string;
}

const EXPECTED: Record<string, Expected> = {
  '11113.docx': { contains: ['Colored:❤️😏📖👌😒🤍', 'BW: 😊'] },
  '9002.docx': {
    contains: ['a | b', 'Table 1 This is my table!', 'See Table 1 This is my table!'],
  },
  '9603.docx': { contains: ['A table with a contemporary style:', 'Test | Column\n1 | 2'] },
  'already_auto_ident.docx': { headings: ['Anchor Header'], contains: ['A link'] },
  'block_quotes.docx': {
    headings: ['Some block quotes, in different ways'],
    contains: ['This is called the Intense Quote style.', 'And back to the normal style.'],
  },
  'chapter03.docx': {
    title: 'Common Programming Concepts',
    contains: ['Shadowing', 'let mut x = 5;'],
  },
  'cross_reference.docx': { headings: ['TITLE'], contains: ['Cross-reference: TITLE'] },
  'definition_list.docx': {
    contains: ['Term 2 with inline markup', '{ some code, part of Definition 2 }'],
  },
  'protect.xlsx': { error: 'PasswordProtectedError' },
  'test-columnar.xlsx': {
    headings: ['testing'],
    contains: ['Description of the Row: This is row 3 of 10; Percent Done: 30.00%'],
  },
  'testBinControlWord.rtf': { error: 'EmptyFileError' },
  'testComment.pptx': {
    contains: ['Comment: Here is a comment'],
    pages: { 'Here is some text': 1 },
  },
  'testDdeLink.xlsx': { headings: ['Sheet1'] },
  'testEXCEL.xlsx': {
    title: 'Simple Excel document',
    contains: ['Sample Excel Worksheet - Numbers and their Squares', 'Number: 9; Square: 81'],
  },
  'testEXCEL_charts.xlsx': { contains: ['MONTH: August; NUMBER: 6', 'wants a peach'] },
  'testEXCEL_diagramData.xlsx': { contains: ['SmartArt text#1.', 'SmartArt text#3.'] },
  'testEXCEL_poi-61034.xlsx': { error: 'EmptyFileError' },
  'testODTEmbedded.odt': { contains: ['This document has bold and italic text.'] },
  'testODTMacro.odt': { contains: ['Hello dear user,', 'Click the smiley'] },
  'testODTStyles3.odt': {
    contains: [
      'Identificatie vredegerecht | Vredegerecht van het kanton Houthalen-Helchteren',
      'Comment: Beschermde persoon is overleden',
    ],
  },
  'testPPTX_Thumbnail.pptx': { pages: { 'This file contains an embedded thumbnail': 1 } },
  'testPPT_EmbeddedPDF.pptx': { error: 'EmptyFileError' },
  'testPPT_comment.pptx': {
    contains: ["Comment: I'm afraid I'm going to have to ask you to add some content"],
  },
  'testPPT_embeddedMP3.pptx': { error: 'EmptyFileError' },
  'testPPT_masterFooter.pptx': { contains: ['Master footer is here'] },
  'testPPT_oleWorkbook.pptx': { pages: { MFL: 2 } },
  'testPPT_various.pptx': {
    contains: ['Row 2 Col 1 | Row 2 Col 2 | Row 2 Col 3', 'Bullet 2', '[1] This is a footnote.'],
    pages: { 'Here is a text box': 1 },
  },
  'testPhoneNumberExtractor.odt': { contains: ['- 9498888888', '- (949) 666 - 6666'] },
  'testRTF-ms932.rtf': { title: 'タイトル', contains: ['こんにちは', 'テスト'] },
  'testRTFBoldPlain.rtf': { contains: ['Anna Smith Hank (44598-55) 10 Yrs. 8 Mos.'] },
  'testRTFEmbeddedLink.rtf': { error: 'EmptyFileError' },
  'testRTFHyperlinkAndStyles.rtf': {
    contains: ['10”Flour Tortilla', 'Caesar DIP: Dip, Caesar.doc', 'Procedure Text'],
  },
  'testRTFListOverride.rtf': { contains: ['Body'] },
  'testRTFTIKA_1713.rtf': { contains: ['Part of bigger picture (to be developed)'] },
};

async function parse(name: string): Promise<ParsedDocument> {
  const bytes = new Uint8Array(await readFile(realdoc('office', name)));
  return registry.parse({ path: name, bytes });
}

describe('the real office files of shared/realdocs', () => {
  it('has an expectation for every file', async () => {
    expect((await readdir(`${REALDOCS}/office`)).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    if (expected.error) {
      it(`${name} fails with ${expected.error}`, async () => {
        await expect(parse(name)).rejects.toMatchObject({ name: expected.error });
      });
      continue;
    }
    it(`${name} reads with the words a person sees in it`, async () => {
      const document = await parse(name);
      for (const text of expected.contains ?? []) expect(document.text).toContain(text);
      if (expected.title) expect(document.title).toBe(expected.title);
      const headings = document.blocks.filter((block) => block.kind === 'heading');
      for (const heading of expected.headings ?? []) {
        expect(headings.map((block) => block.text)).toContain(heading);
      }
      for (const [text, page] of Object.entries(expected.pages ?? {})) {
        expect(document.blocks.find((block) => block.text.includes(text))?.page).toBe(page);
      }
      expect(chunkDocument(document).length).toBeGreaterThan(0);
    });
  }

  it("gives every chunk of the Rust book chapter a heading path from the publisher's styles", async () => {
    const document = await parse('chapter03.docx');
    const chunks = chunkDocument(document);
    expect(chunks.every((chunk) => chunk.headingPath.length > 0)).toBe(true);
    const headings = document.blocks.filter((block) => block.kind === 'heading');
    expect(headings[0]).toEqual({ kind: 'heading', level: 1, text: 'Common Programming Concepts' });
    expect(headings).toContainEqual({
      kind: 'heading',
      level: 2,
      text: 'Variables and Mutability',
    });
    expect(headings).toContainEqual({ kind: 'heading', level: 3, text: 'Shadowing' });
  });

  it('says in words which Word styles the converter did not know', async () => {
    const document = await parse('block_quotes.docx');
    expect(document.warnings).toEqual([
      '2 styles of this document are not known to the converter (Quote, Intense Quote); their text was read as plain text.',
    ]);
  });
});
