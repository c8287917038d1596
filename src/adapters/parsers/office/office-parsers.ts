import type { ParsedDocument, ParseInput, Parser } from '../../../core/ports/parser.ts';

type Parse = (input: ParseInput) => Promise<ParsedDocument>;

/**
 * A parser whose code (with fflate and @xmldom/xmldom) loads on the first file it reads. The
 * formats here are ZIP packages of XML parts: Office Open XML, OpenDocument and EPUB.
 */
function lazyParser(extensions: string[], load: () => Promise<Parse>): Parser {
  return { extensions, parse: async (input) => (await load())(input) };
}

/** Excel workbooks: `office/xlsx.ts`. */
export const xlsxParser = lazyParser(
  ['xlsx', 'xlsm'],
  async () => (await import('./xlsx.ts')).parseXlsx,
);

/** PowerPoint presentations: `office/pptx.ts`. */
export const pptxParser = lazyParser(
  ['pptx', 'pptm', 'ppsx'],
  async () => (await import('./pptx.ts')).parsePptx,
);

/** OpenDocument text: `office/opendocument.ts`. */
export const odtParser = lazyParser(
  ['odt', 'ott'],
  async () => (await import('./opendocument.ts')).parseOdt,
);

/** OpenDocument presentations: `office/opendocument.ts`. */
export const odpParser = lazyParser(
  ['odp', 'otp'],
  async () => (await import('./opendocument.ts')).parseOdp,
);

/** OpenDocument spreadsheets: `office/opendocument.ts`. */
export const odsParser = lazyParser(
  ['ods', 'ots'],
  async () => (await import('./opendocument.ts')).parseOds,
);

/** EPUB books: `office/epub.ts`. */
export const epubParser = lazyParser(['epub'], async () => (await import('./epub.ts')).parseEpub);
