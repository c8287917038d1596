import { documentFromBlocks, withTitleHeading } from '../../../core/ingest/parsed-document.ts';
import type { Block, ParsedDocument, ParseInput } from '../../../core/ports/parser.ts';
import { linkedGraphicsText, paragraphsUnder, paragraphText } from './drawingml.ts';
import { rejectCompoundFile } from './office-container.ts';
import { coreTitle, mainPart, relatedParts, relationships } from './package-parts.ts';
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

const PRESENTATION = 'ppt/presentation.xml';
/** Placeholders whose text is not the slide's content (date, slide number) or repeats (footer). */
const NOT_CONTENT = new Set(['dt', 'sldNum', 'hdr']);
const TITLES = new Set(['title', 'ctrTitle']);

/** A piece of a slide with where it sits, for reading order. */
interface SlideItem {
  kind: 'title' | 'text' | 'table' | 'footer';
  text: string;
  top?: number;
  left?: number;
}

/**
 * PowerPoint presentations (.pptx, .pptm): slides in presentation order, each block carrying its
 * slide number as `page`. A slide reads title first (a heading), then its text boxes and tables
 * top to bottom, left to right, the text of its charts and SmartArt, its comments and its speaker
 * notes (a paragraph marked "Notes:"). Footers, the same on every slide, are read once at the end.
 * The title comes from the document properties.
 */
export async function parsePptx({ path, bytes }: ParseInput): Promise<ParsedDocument> {
  rejectCompoundFile(path, bytes);
  const archive = ZipArchive.open(
    path,
    bytes,
    (name) => name.endsWith('.xml') || name.endsWith('.rels'),
  );
  const presentationPart = mainPart(path, archive, PRESENTATION);
  const presentation = parseXml(path, presentationPart, archive.text(presentationPart)!);
  const targets = relationships(path, archive, presentationPart);
  const blocks: Block[] = [];
  const footers = new Set<string>();
  const slideIds = descendants(presentation, 'sldId');
  slideIds.forEach((slideId, index) => {
    const part = targets.byId.get(relationshipId(slideId) ?? '');
    const xml = part === undefined ? undefined : archive.text(part);
    if (part === undefined || xml === undefined) return;
    const page = index + 1;
    const items = orderedItems(slideItems(parseXml(path, part, xml)));
    for (const item of items) {
      if (item.kind === 'footer') footers.add(item.text);
      else if (item.kind === 'title')
        blocks.push({ kind: 'heading', level: 2, text: item.text, page });
      else
        blocks.push({
          kind: item.kind === 'table' ? 'table' : 'paragraph',
          text: item.text,
          page,
        });
    }
    const graphics = linkedGraphicsText(path, archive, part);
    if (graphics.length > 0) blocks.push({ kind: 'paragraph', text: graphics.join('\n'), page });
    const related = relationships(path, archive, part);
    for (const comment of relatedParts(related, 'comments').flatMap((target) =>
      commentTexts(path, archive, target),
    )) {
      blocks.push({ kind: 'paragraph', text: `Comment: ${comment}`, page });
    }
    const notes = relatedParts(related, 'notesSlide')
      .map((target) => notesText(path, archive, target))
      .join('\n')
      .trim();
    if (notes) blocks.push({ kind: 'paragraph', text: `Notes: ${notes}`, page });
  });
  for (const footer of footers) blocks.push({ kind: 'paragraph', text: footer });
  const title = coreTitle(path, archive);
  withTitleHeading(blocks, title);
  const firstTitle = blocks.find((block) => block.kind === 'heading')?.text;
  return documentFromBlocks(path, blocks, title ?? firstTitle);
}

/** The slide's shapes, groups and tables as items, in the order the file lists them. */
function slideItems(slide: Element): SlideItem[] {
  const tree = descendants(slide, 'spTree')[0];
  return tree ? shapeItems(tree) : [];
}

function shapeItems(container: Element): SlideItem[] {
  const items: SlideItem[] = [];
  for (const shape of children(container)) {
    const name = shape.localName;
    if (name === 'sp') {
      const item = textShapeItem(shape);
      if (item) items.push(item);
    } else if (name === 'grpSp') {
      const inner = shapeItems(shape);
      const text = inner.map((item) => item.text).join('\n');
      if (text) items.push({ kind: 'text', text, ...position(shape) });
    } else if (name === 'graphicFrame') {
      const table = descendants(shape, 'tbl')[0];
      if (table) items.push({ kind: 'table', text: tableText(table), ...position(shape) });
    } else if (name === 'AlternateContent') {
      const choice = children(shape)[0];
      if (choice) items.push(...shapeItems(choice));
    }
  }
  return items.filter((item) => item.text.length > 0);
}

function textShapeItem(shape: Element): SlideItem | undefined {
  const body = child(shape, 'txBody');
  if (!body) return undefined;
  const text = children(body, 'p')
    .map(paragraphText)
    .filter((line) => line.length > 0)
    .join('\n');
  const placeholder = descendants(child(shape, 'nvSpPr') ?? shape, 'ph')[0];
  const type = placeholder ? (attribute(placeholder, 'type') ?? 'body') : undefined;
  if (type !== undefined && NOT_CONTENT.has(type)) return undefined;
  const kind =
    type === undefined ? 'text' : TITLES.has(type) ? 'title' : type === 'ftr' ? 'footer' : 'text';
  return { kind, text, ...position(shape) };
}

/** The shape's offset on the slide, when the slide gives one (placeholders often inherit it). */
function position(shape: Element): { top?: number; left?: number } {
  const offset = descendants(shape, 'off')[0];
  if (!offset) return {};
  return { top: Number(attribute(offset, 'y') ?? 0), left: Number(attribute(offset, 'x') ?? 0) };
}

/**
 * Titles first; then, when every other item has a position, top to bottom and left to right (items
 * within a sixth of an inch of each other's top count as one line); else the file's order.
 */
function orderedItems(items: SlideItem[]): SlideItem[] {
  const titles = items.filter((item) => item.kind === 'title');
  const others = items.filter((item) => item.kind !== 'title');
  const LINE = 152_400;
  if (others.every((item) => item.top !== undefined)) {
    others.sort((a, b) => {
      const rowA = Math.round(a.top! / LINE);
      const rowB = Math.round(b.top! / LINE);
      return rowA - rowB || a.left! - b.left!;
    });
  }
  return [...titles, ...others];
}

function tableText(table: Element): string {
  return children(table, 'tr')
    .map((row) =>
      children(row, 'tc')
        .map((cell) => paragraphsUnder(cell).join(' '))
        .join(' | '),
    )
    .filter((line) => line.replace(/[\s|]/g, '').length > 0)
    .join('\n');
}

/** Comments in the classic (`p:cm` / `p:text`) and the modern (threaded, `a:p`) format. */
function commentTexts(path: string, archive: ZipArchive, part: string): string[] {
  const xml = archive.text(part);
  if (xml === undefined) return [];
  const root = parseXml(path, part, xml);
  return descendants(root, 'cm')
    .map((comment) => {
      const classic = child(comment, 'text');
      return (classic ? textOf(classic) : paragraphsUnder(comment).join(' '))
        .replace(/\s+/g, ' ')
        .trim();
    })
    .filter((text) => text.length > 0);
}

/** The notes page's body placeholder text (not its slide image or page number). */
function notesText(path: string, archive: ZipArchive, part: string): string {
  const xml = archive.text(part);
  if (xml === undefined) return '';
  return slideItems(parseXml(path, part, xml))
    .filter((item) => item.kind === 'text')
    .map((item) => item.text)
    .join('\n');
}
