import { CorruptFileError } from '../../../core/errors.ts';
import { documentFromBlocks, withTitleHeading } from '../../../core/ingest/parsed-document.ts';
import { tableRowBlocks } from '../../../core/ingest/table-rows.ts';
import type { Block, ParsedDocument, ParseInput } from '../../../core/ports/parser.ts';
import { OdfBlockReader, cellText } from './odf-blocks.ts';
import { attribute, child, children, descendants, type Element, parseXml } from './xml.ts';
import { ZipArchive } from './zip-archive.ts';

/** Repeated rows or columns read at most this many times (a sheet's empty tail repeats 1M). */
const MAX_REPEAT = 10_000;

/** OpenDocument text (.odt): headings by outline level, paragraphs, lists, tables, notes. */
export async function parseOdt({ path, bytes }: ParseInput): Promise<ParsedDocument> {
  const { body, title } = openBody(path, bytes, 'text');
  const reader = new OdfBlockReader();
  reader.readContainer(body);
  return finish(path, reader.blocks, title);
}

/**
 * OpenDocument presentations (.odp): each slide's page number on its blocks, its title frame as a
 * heading, its text boxes and tables, then its speaker notes as a paragraph marked "Notes:".
 */
export async function parseOdp({ path, bytes }: ParseInput): Promise<ParsedDocument> {
  const { body, title } = openBody(path, bytes, 'presentation');
  const blocks: Block[] = [];
  children(body, 'page').forEach((slide, index) => {
    const page = index + 1;
    const reader = new OdfBlockReader(page);
    for (const frame of children(slide, 'frame')) {
      const role = attribute(frame, 'class');
      if (role === 'title') {
        const text = cellText(frame);
        if (text) blocks.push({ kind: 'heading', level: 2, text, page });
      } else if (role !== 'page' && role !== 'page-number' && role !== 'date-time') {
        reader.readContainer(frame);
      }
    }
    for (const shape of children(slide).filter((element) => element.localName !== 'frame')) {
      if (shape.localName !== 'notes' && shape.localName !== 'forms') reader.readContainer(shape);
    }
    blocks.push(...reader.blocks);
    const notes = child(slide, 'notes');
    const notesText = notes ? notesOf(notes) : '';
    if (notesText) blocks.push({ kind: 'paragraph', text: `Notes: ${notesText}`, page });
  });
  return finish(path, blocks, title);
}

/** OpenDocument spreadsheets (.ods): each sheet a heading, each row a block naming its columns. */
export async function parseOds({ path, bytes }: ParseInput): Promise<ParsedDocument> {
  const { body, title } = openBody(path, bytes, 'spreadsheet');
  const blocks: Block[] = [];
  const warnings: string[] = [];
  for (const table of children(body, 'table')) {
    const sheet = tableRowBlocks(sheetRows(table), { name: attribute(table, 'name') ?? '' });
    blocks.push(...sheet.blocks);
    if (sheet.warning) warnings.push(sheet.warning);
  }
  const document = finish(path, blocks, title);
  if (warnings.length > 0) document.warnings = warnings;
  return document;
}

function openBody(
  path: string,
  bytes: Uint8Array,
  kind: 'text' | 'presentation' | 'spreadsheet',
): { body: Element; title?: string } {
  const archive = ZipArchive.open(
    path,
    bytes,
    (name) => name === 'content.xml' || name === 'meta.xml',
  );
  const xml = archive.text('content.xml');
  if (xml === undefined) throw new CorruptFileError(path, 'it has no content.xml part');
  const content = parseXml(path, 'content.xml', xml);
  const body = child(content, 'body');
  const inner = body && child(body, kind);
  if (!inner) throw new CorruptFileError(path, `its content.xml holds no office:${kind} body`);
  const meta = archive.text('meta.xml');
  const titleElement = meta ? descendants(parseXml(path, 'meta.xml', meta), 'title')[0] : undefined;
  const title = titleElement?.textContent?.replace(/\s+/g, ' ').trim();
  return title ? { body: inner, title } : { body: inner };
}

function finish(path: string, blocks: Block[], title: string | undefined): ParsedDocument {
  withTitleHeading(blocks, title);
  return documentFromBlocks(path, blocks, title ?? firstHeading(blocks));
}

function firstHeading(blocks: Block[]): string | undefined {
  return blocks.find((block) => block.kind === 'heading')?.text;
}

function notesOf(notes: Element): string {
  const reader = new OdfBlockReader();
  for (const frame of children(notes, 'frame')) {
    if (attribute(frame, 'class') === 'notes') reader.readContainer(frame);
  }
  return reader.blocks.map((block) => block.text).join('\n');
}

/** A sheet's rows as cell texts, repeated rows and cells expanded (bounded), covered cells empty. */
function* sheetRows(table: Element): Generator<string[]> {
  for (const row of descendants(table, 'table-row')) {
    const cells: string[] = [];
    for (const cell of children(row)) {
      if (cell.localName !== 'table-cell' && cell.localName !== 'covered-table-cell') continue;
      const text = cell.localName === 'table-cell' ? cellValue(cell) : '';
      const repeat = Math.min(
        MAX_REPEAT,
        Number(attribute(cell, 'number-columns-repeated') ?? 1) || 1,
      );
      if (text === '' && cells.length + repeat > MAX_REPEAT) break;
      for (let index = 0; index < repeat; index += 1) cells.push(text);
    }
    const filled = cells.some((cell) => cell.length > 0);
    const repeat = Math.min(MAX_REPEAT, Number(attribute(row, 'number-rows-repeated') ?? 1) || 1);
    for (let index = 0; index < (filled ? repeat : 1); index += 1) yield cells;
  }
}

/** What the cell shows (its paragraphs, as formatted by the application), else its raw value. */
function cellValue(cell: Element): string {
  const shown = cellText(cell);
  if (shown) return shown;
  for (const name of ['date-value', 'time-value', 'boolean-value', 'value']) {
    const value = attribute(cell, name);
    if (value !== undefined) return value;
  }
  return '';
}
