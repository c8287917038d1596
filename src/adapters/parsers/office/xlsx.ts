import { documentFromBlocks, withTitleHeading } from '../../../core/ingest/parsed-document.ts';
import { tableRowBlocks } from '../../../core/ingest/table-rows.ts';
import type { Block, ParsedDocument, ParseInput } from '../../../core/ports/parser.ts';
import { builtInFormat, formatCellNumber } from './cell-values.ts';
import { drawingText } from './drawingml.ts';
import {
  coreTitle,
  mainPart,
  relatedParts,
  relationships,
  type Relationships,
} from './package-parts.ts';
import { rejectCompoundFile } from './office-container.ts';
import {
  attribute,
  child,
  children,
  descendants,
  type Element,
  parseXml,
  relationshipId,
  textOf,
} from './xml.ts';
import { ZipArchive } from './zip-archive.ts';

const WORKBOOK = 'xl/workbook.xml';

/**
 * Excel workbooks (.xlsx, .xlsm): every worksheet as a heading with its name and one block per row
 * naming its columns (core/ingest/table-rows.ts). Cells show what Excel shows: shared and inline
 * strings, numbers and dates through their number format, TRUE/FALSE; formulas by their last
 * computed value. The text of shapes, charts and SmartArt on a sheet follows its rows.
 */
export async function parseXlsx({ path, bytes }: ParseInput): Promise<ParsedDocument> {
  rejectCompoundFile(path, bytes);
  const archive = ZipArchive.open(
    path,
    bytes,
    (name) => name.endsWith('.xml') || name.endsWith('.rels'),
  );
  const workbookPart = mainPart(path, archive, WORKBOOK);
  const workbook = parseXml(path, workbookPart, archive.text(workbookPart)!);
  const date1904 = /^(1|true)$/.test(
    attribute(child(workbook, 'workbookPr') ?? workbook, 'date1904') ?? '',
  );
  const targets = relationships(path, archive, workbookPart);
  const context: SheetContext = {
    sharedStrings: sharedStrings(path, archive, targets),
    formats: cellFormats(path, archive, targets),
    date1904,
  };
  const blocks: Block[] = [];
  const warnings: string[] = [];
  for (const sheet of descendants(workbook, 'sheet')) {
    const part = targets.byId.get(relationshipId(sheet) ?? '');
    const xml = part === undefined ? undefined : archive.text(part);
    if (part === undefined || xml === undefined || !part.includes('worksheet')) continue;
    const rows = sheetRows(parseXml(path, part, xml), context);
    const name = attribute(sheet, 'name') ?? part;
    const table = tableRowBlocks(rows, { name });
    const drawings = relatedParts(relationships(path, archive, part), 'drawing').flatMap(
      (drawing) => drawingText(path, archive, drawing),
    );
    if (table.blocks.length === 0 && drawings.length > 0) {
      blocks.push({ kind: 'heading', level: 2, text: name });
    }
    blocks.push(...table.blocks);
    if (drawings.length > 0) blocks.push({ kind: 'paragraph', text: drawings.join('\n') });
    if (table.warning) warnings.push(table.warning);
  }
  const title = coreTitle(path, archive);
  withTitleHeading(blocks, title);
  const document = documentFromBlocks(path, blocks, title);
  if (warnings.length > 0) document.warnings = warnings;
  return document;
}

interface SheetContext {
  sharedStrings: string[];
  /** Number format per cell style index (`s` attribute). */
  formats: string[];
  date1904: boolean;
}

/** The text of a rich string: its runs' `t` elements, leaving out phonetic guides (`rPh`). */
function stringItemText(item: Element): string {
  const direct = child(item, 't');
  let text = direct ? textOf(direct) : '';
  for (const run of children(item, 'r')) {
    const runText = child(run, 't');
    if (runText) text += textOf(runText);
  }
  return text;
}

function sharedStrings(path: string, archive: ZipArchive, targets: Relationships): string[] {
  const part = relatedParts(targets, 'sharedStrings')[0] ?? 'xl/sharedStrings.xml';
  const xml = archive.text(part);
  if (xml === undefined) return [];
  return children(parseXml(path, part, xml), 'si').map(stringItemText);
}

/** Each cell style's number format code, by style index. */
function cellFormats(path: string, archive: ZipArchive, targets: Relationships): string[] {
  const part = relatedParts(targets, 'styles')[0] ?? 'xl/styles.xml';
  const xml = archive.text(part);
  if (xml === undefined) return [];
  const styles = parseXml(path, part, xml);
  const custom = new Map<number, string>();
  for (const format of descendants(styles, 'numFmt')) {
    custom.set(Number(attribute(format, 'numFmtId')), attribute(format, 'formatCode') ?? 'General');
  }
  const cellXfs = child(styles, 'cellXfs');
  if (!cellXfs) return [];
  return children(cellXfs, 'xf').map((xf) => {
    const id = Number(attribute(xf, 'numFmtId') ?? 0);
    return custom.get(id) ?? builtInFormat(id);
  });
}

/** The sheet's rows as cell texts, placed by their references ("C7") so gaps stay gaps. */
function* sheetRows(sheet: Element, context: SheetContext): Generator<string[]> {
  const data = child(sheet, 'sheetData');
  if (!data) return;
  for (const row of children(data, 'row')) {
    const cells: string[] = [];
    for (const cell of children(row, 'c')) {
      const column = columnIndex(attribute(cell, 'r')) ?? cells.length;
      if (column >= MAX_COLUMNS) continue;
      while (cells.length < column) cells.push('');
      cells[column] = cellText(cell, context);
    }
    yield cells;
  }
}

/** Excel's own column limit (XFD). */
const MAX_COLUMNS = 16_384;

function columnIndex(reference: string | undefined): number | undefined {
  const letters = reference === undefined ? undefined : /^[A-Z]+/i.exec(reference)?.[0];
  if (!letters) return undefined;
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + letter.charCodeAt(0) - 64;
  return index - 1;
}

function cellText(cell: Element, context: SheetContext): string {
  const type = attribute(cell, 't') ?? 'n';
  const valueElement = child(cell, 'v');
  const value = valueElement ? textOf(valueElement) : '';
  switch (type) {
    case 's':
      return context.sharedStrings[Number(value)] ?? '';
    case 'inlineStr': {
      const item = child(cell, 'is');
      return item ? stringItemText(item) : value;
    }
    case 'b':
      return value === '1' ? 'TRUE' : value === '0' ? 'FALSE' : value;
    case 'n': {
      if (value.trim() === '') return '';
      const number = Number(value);
      if (Number.isNaN(number)) return value;
      const format = context.formats[Number(attribute(cell, 's') ?? 0)] ?? 'General';
      return formatCellNumber(number, format, context.date1904);
    }
    default:
      // 'str' (a formula's text), 'e' (an error such as #N/A), 'd' (an ISO date).
      return value;
  }
}
