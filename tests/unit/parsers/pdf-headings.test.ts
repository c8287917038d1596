import { describe, expect, it } from 'vitest';
import { structurePages, type PageParagraphs } from '../../../src/adapters/parsers/pdf-headings.ts';
import type { PdfParagraph } from '../../../src/adapters/parsers/pdf-text-layout.ts';

/** A paragraph of one line per text, from baseline `y` down, in `size` point type. */
const paragraph = (texts: string[], y: number, size = 10, fontName = 'body'): PdfParagraph => ({
  text: texts.join(' '),
  lines: texts.map((text, index) => ({
    text,
    y: y - index * size * 1.2,
    height: size,
    size,
    fontName,
  })),
});

const body = (y: number): PdfParagraph =>
  paragraph(['Body text that runs over a whole line of the page,', 'and on to the next one.'], y);

const outline = (page: PageParagraphs[]): string[] =>
  structurePages(page, [])
    .flat()
    .map((block) => `${block.kind}${block.level ?? ''}: ${block.text}`);

describe('structurePages from the type', () => {
  it('makes headings of short paragraphs set larger than the body, level by size', () => {
    const pages: PageParagraphs[] = [
      {
        number: 1,
        paragraphs: [
          paragraph(['Annual Report'], 760, 20),
          paragraph(['Visitors'], 720, 14),
          body(700),
          body(660),
        ],
      },
      { number: 2, paragraphs: [paragraph(['Finances'], 760, 14), body(740), body(700)] },
    ];
    expect(outline(pages)).toEqual([
      'heading1: Annual Report',
      'heading2: Visitors',
      `paragraph: ${body(0).text}`,
      `paragraph: ${body(0).text}`,
      'heading2: Finances',
      `paragraph: ${body(0).text}`,
      `paragraph: ${body(0).text}`,
    ]);
  });

  it('makes a heading of a short line in another font at the body size, below the sized ones', () => {
    const pages: PageParagraphs[] = [
      {
        number: 1,
        paragraphs: [
          paragraph(['Report'], 760, 18),
          paragraph(['Method'], 720, 10, 'bold'),
          body(700),
          body(660),
          body(620),
        ],
      },
    ];
    expect(outline(pages).slice(0, 2)).toEqual(['heading1: Report', 'heading2: Method']);
  });

  it('makes no heading of a sentence, a number, or a large line with nothing after it', () => {
    const pages: PageParagraphs[] = [
      {
        number: 1,
        paragraphs: [
          paragraph(['This is a sentence.'], 760, 14),
          paragraph(['2023'], 740, 14),
          body(700),
          body(660),
          paragraph(['Signature'], 600, 14),
        ],
      },
    ];
    expect(
      structurePages(pages, [])
        .flat()
        .every((block) => block.kind === 'paragraph'),
    ).toBe(true);
  });

  it('makes no headings when most paragraphs would be (a form)', () => {
    const pages: PageParagraphs[] = [
      {
        number: 1,
        paragraphs: [
          paragraph(['Name'], 760, 12),
          paragraph(['Address'], 740, 12),
          paragraph(['Town'], 720, 12),
          body(700),
        ],
      },
    ];
    expect(
      structurePages(pages, [])
        .flat()
        .every((block) => block.kind === 'paragraph'),
    ).toBe(true);
  });
});

describe('structurePages from the outline', () => {
  const pages: PageParagraphs[] = [
    { number: 1, paragraphs: [paragraph(['1. Introduction'], 760, 10), body(740)] },
    {
      number: 2,
      paragraphs: [
        body(760),
        paragraph(['2.1 Data', 'Samples were taken weekly.'], 600),
        body(500),
      ],
    },
  ];

  it('makes headings of the paragraphs and first lines that say the bookmarks, at their levels', () => {
    const blocks = structurePages(pages, [
      { title: '1 Introduction', level: 1, page: 1, top: 770 },
      { title: '2.1 Data', level: 2, page: 2, top: 610 },
    ]);
    expect(blocks[0]?.[0]).toEqual({ kind: 'heading', level: 1, text: '1. Introduction', page: 1 });
    expect(blocks[1]?.map((block) => block.kind)).toEqual([
      'paragraph',
      'heading',
      'paragraph',
      'paragraph',
    ]);
    expect(blocks[1]?.slice(1, 3)).toEqual([
      { kind: 'heading', level: 2, text: '2.1 Data', page: 2 },
      { kind: 'paragraph', text: 'Samples were taken weekly.', page: 2 },
    ]);
  });

  it('puts a bookmark the page does not say where it points, or at the top of its page', () => {
    const blocks = structurePages(pages, [
      { title: 'Methods', level: 1, page: 2, top: 650 },
      { title: 'Front matter', level: 1, page: 1 },
    ]);
    expect(blocks[0]?.[0]).toEqual({ kind: 'heading', level: 1, text: 'Front matter', page: 1 });
    expect(blocks[1]?.map((block) => block.text.slice(0, 8))).toEqual([
      'Body tex',
      'Methods',
      '2.1 Data',
      'Body tex',
    ]);
  });

  it('does not take a paragraph without letters or digits for a bookmark without them', () => {
    const page: PageParagraphs = { number: 1, paragraphs: [paragraph(['* * *'], 700), body(680)] };
    const [blocks] = structurePages([page], [{ title: '—', level: 1, page: 1, top: 720 }]);
    expect(blocks?.map((block) => `${block.kind}: ${block.text.slice(0, 5)}`)).toEqual([
      'heading: —',
      'paragraph: * * *',
      'paragraph: Body ',
    ]);
  });
});
