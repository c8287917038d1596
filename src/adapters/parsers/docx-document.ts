import { CorruptFileError } from '../../core/errors.ts';
import { htmlParser } from '../../core/ingest/parsers/html.ts';
import { extractHtmlBlocks } from '../../core/ingest/parsers/html-blocks.ts';
import { rtfParser } from '../../core/ingest/parsers/rtf.ts';
import { textParser } from '../../core/ingest/parsers/text.ts';
import { documentFromBlocks } from '../../core/ingest/parsed-document.ts';
import type { Block, ParsedDocument, ParseInput } from '../../core/ports/parser.ts';
import { isAltChunkMarker, prepareDocx, type PreparedDocx } from './docx-package.ts';
import { headingStyleMap, headingStyles } from './docx-styles.ts';
import { converterWarnings } from './docx-warnings.ts';

/**
 * Reads a Word document (see `docx.ts`): the package prepared for mammoth, mammoth's HTML read
 * into blocks, embedded documents in their place, headers and footers after the text, mammoth's
 * messages as warnings. Loaded with the first .docx, with mammoth, fflate and @xmldom/xmldom.
 */
export async function parseDocx({ path, bytes }: ParseInput): Promise<ParsedDocument> {
  const prepared = prepareDocx(path, bytes);
  const mammoth = (await import('mammoth')).default;
  const arrayBuffer = prepared.bytes.slice().buffer;
  let result: Awaited<ReturnType<typeof mammoth.convertToHtml>>;
  try {
    // Node's mammoth reads `buffer`, the browser build `arrayBuffer`: give both the same bytes.
    const input = { arrayBuffer, buffer: arrayBuffer };
    const styleMap = headingStyleMap(headingStyles(path, prepared.stylesXml));
    result = await mammoth.convertToHtml(input, { styleMap });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new CorruptFileError(path, `not a readable Word document: ${detail}`);
  }
  const warnings = converterWarnings(result.messages);
  const blocks = await withAltChunks(
    path,
    extractHtmlBlocks(result.value).blocks,
    prepared,
    warnings,
  );
  for (const text of prepared.headersAndFooters) blocks.push({ kind: 'paragraph', text });
  const headings = blocks.filter((block) => block.kind === 'heading');
  const title = (headings.find((block) => block.level === 1) ?? headings[0])?.text;
  const document = documentFromBlocks(path, blocks, title);
  if (warnings.length > 0) document.warnings = warnings;
  return document;
}

/** The blocks with each embedded document's blocks where its marker paragraph stands. */
async function withAltChunks(
  path: string,
  blocks: Block[],
  prepared: PreparedDocx,
  warnings: string[],
): Promise<Block[]> {
  if (prepared.altChunks.size === 0) return blocks;
  const result: Block[] = [];
  for (const block of blocks) {
    const chunk = prepared.altChunks.get(block.text.trim());
    if (!chunk) {
      if (!isAltChunkMarker(block.text.trim())) result.push(block);
      continue;
    }
    try {
      result.push(...(await embeddedBlocks(`${path}/${chunk.part}`, chunk.bytes)));
    } catch {
      warnings.push(`An embedded document (${chunk.part}) could not be read and was left out.`);
    }
  }
  return result;
}

/** An embedded document's blocks: HTML, MHT (a web archive), RTF or plain text. */
async function embeddedBlocks(path: string, bytes: Uint8Array): Promise<Block[]> {
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  if (extension === 'mht' || extension === 'mhtml') {
    const { default: PostalMime } = await import('postal-mime');
    const archive = await PostalMime.parse(bytes);
    if (archive.html) return extractHtmlBlocks(archive.html).blocks;
    return archive.text ? [{ kind: 'paragraph', text: archive.text }] : [];
  }
  const parser = [htmlParser, rtfParser, textParser].find((candidate) =>
    candidate.extensions.includes(extension),
  );
  if (!parser)
    throw new CorruptFileError(path, 'an embedded document of a kind Archivist does not read');
  return (await parser.parse({ path, bytes })).blocks;
}
