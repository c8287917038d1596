import { describe, expect, it } from 'vitest';
import { pptxParser } from '../../../../src/adapters/parsers/office/office-parsers.ts';
import { coreWithTitle, relsOf, zipOf } from '../../../support/office-packages.ts';
import { failureName, parseWith } from '../../../support/parse-helpers.ts';

const NAMESPACES =
  'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" ' +
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

function shape(
  text: string,
  options: { placeholder?: string; y?: number; x?: number } = {},
): string {
  const placeholder = options.placeholder
    ? `<p:nvPr><p:ph type="${options.placeholder}"/></p:nvPr>`
    : '<p:nvPr/>';
  const position =
    options.y === undefined
      ? ''
      : `<a:xfrm><a:off x="${options.x ?? 0}" y="${options.y}"/></a:xfrm>`;
  const paragraphs = text
    .split('\n')
    .map((line) => `<a:p><a:r><a:t>${line}</a:t></a:r></a:p>`)
    .join('');
  return `<p:sp><p:nvSpPr><p:cNvPr id="1" name="s"/>${placeholder}</p:nvSpPr><p:spPr>${position}</p:spPr><p:txBody>${paragraphs}</p:txBody></p:sp>`;
}

function slide(...shapes: string[]): string {
  return `<p:sld ${NAMESPACES}><p:cSld><p:spTree>${shapes.join('')}</p:spTree></p:cSld></p:sld>`;
}

const table =
  '<p:graphicFrame><p:xfrm><a:off x="0" y="5000000"/></p:xfrm><a:graphic><a:graphicData><a:tbl>' +
  '<a:tr><a:tc><a:txBody><a:p><a:r><a:t>City</a:t></a:r></a:p></a:txBody></a:tc><a:tc><a:txBody><a:p><a:r><a:t>Sales</a:t></a:r></a:p></a:txBody></a:tc></a:tr>' +
  '<a:tr><a:tc><a:txBody><a:p><a:r><a:t>Oslo</a:t></a:r></a:p></a:txBody></a:tc><a:tc><a:txBody><a:p><a:r><a:t>12</a:t></a:r></a:p></a:txBody></a:tc></a:tr>' +
  '</a:tbl></a:graphicData></a:graphic></p:graphicFrame>';

function presentation(): Uint8Array {
  return zipOf({
    '_rels/.rels': relsOf({ rId1: ['officeDocument', 'ppt/presentation.xml'] }),
    'docProps/core.xml': coreWithTitle('Quarterly review'),
    'ppt/presentation.xml': `<p:presentation ${NAMESPACES}><p:sldIdLst><p:sldId id="257" r:id="rId7"/><p:sldId id="256" r:id="rId3"/></p:sldIdLst></p:presentation>`,
    'ppt/_rels/presentation.xml.rels': relsOf({
      rId3: ['slide', 'slides/slide1.xml'],
      rId7: ['slide', 'slides/slide2.xml'],
    }),
    'ppt/slides/slide2.xml': slide(
      shape('Right column', { y: 2000000, x: 6000000 }),
      shape('Left column', { y: 2000000, x: 100 }),
      shape('Agenda', { placeholder: 'title' }),
      shape('Confidential', { placeholder: 'ftr', y: 6000000 }),
      shape('3', { placeholder: 'sldNum', y: 6000000 }),
      table,
    ),
    'ppt/slides/_rels/slide2.xml.rels': relsOf({
      rId1: ['notesSlide', '../notesSlides/notesSlide1.xml'],
      rId2: ['comments', '../comments/comment1.xml'],
    }),
    'ppt/notesSlides/notesSlide1.xml': slide(
      shape('', { placeholder: 'sldImg' }),
      shape('Mention the Oslo numbers', { placeholder: 'body' }),
    ),
    'ppt/comments/comment1.xml': `<p:cmLst ${NAMESPACES}><p:cm authorId="0"><p:text>Check the total</p:text></p:cm></p:cmLst>`,
    'ppt/slides/slide1.xml': slide(
      shape('Thanks', { placeholder: 'ctrTitle' }),
      shape('Confidential', { placeholder: 'ftr' }),
    ),
  });
}

describe('pptxParser', () => {
  it('reads slides in presentation order with the slide number as page', async () => {
    const document = await parseWith(pptxParser, presentation(), 'review.pptx');
    expect(document.title).toBe('Quarterly review');
    expect(document.blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Quarterly review' },
      { kind: 'heading', level: 2, text: 'Agenda', page: 1 },
      { kind: 'paragraph', text: 'Left column', page: 1 },
      { kind: 'paragraph', text: 'Right column', page: 1 },
      { kind: 'table', text: 'City | Sales\nOslo | 12', page: 1 },
      { kind: 'paragraph', text: 'Comment: Check the total', page: 1 },
      { kind: 'paragraph', text: 'Notes: Mention the Oslo numbers', page: 1 },
      { kind: 'heading', level: 2, text: 'Thanks', page: 2 },
      { kind: 'paragraph', text: 'Confidential' },
    ]);
  });

  it('reports a package without a presentation as CorruptFileError', async () => {
    expect(await failureName(pptxParser, zipOf({ 'a.xml': '<a/>' }), 'x.pptx')).toBe(
      'CorruptFileError',
    );
  });
});
