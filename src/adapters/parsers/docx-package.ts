import { XMLSerializer } from '@xmldom/xmldom';
import { zipSync } from 'fflate';
import { mainPart, relationships } from './office/package-parts.ts';
import {
  attribute,
  child,
  children,
  descendants,
  type Element,
  parseXml,
  textOf,
} from './office/xml.ts';
import { ZipArchive } from './office/zip-archive.ts';

const WORD_NAMESPACE = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
/** The style ids given to paragraphs whose own properties carry an outline level. */
const OUTLINE_STYLE = 'ArchivistOutline';

/** A Word package made ready for mammoth, with what mammoth does not read set aside. */
export interface PreparedDocx {
  /** The bytes mammoth reads: the file itself, or a copy with the rewrites below. */
  bytes: Uint8Array;
  stylesXml: string | undefined;
  /** Embedded documents (w:altChunk) by the marker paragraph that stands in their place. */
  altChunks: Map<string, { part: string; bytes: Uint8Array }>;
  /** The text of the headers and footers, each once, in package order. */
  headersAndFooters: string[];
}

/** The marker paragraph for the n-th embedded document. */
export function altChunkMarker(index: number): string {
  return `[[archivist-alt-chunk-${index}]]`;
}

/** Whether a paragraph is a marker (of an embedded document that could not be found). */
export function isAltChunkMarker(text: string): boolean {
  return /^\[\[archivist-alt-chunk-\d+\]\]$/.test(text);
}

/**
 * Reads the parts of a .docx that mammoth leaves out or misreads, and rewrites document.xml
 * where needed: each w:altChunk (an embedded HTML, MHT, RTF or text document) becomes a marker
 * paragraph, ruby text reads as "base(reading)", w:fldSimple fields keep their text, and a
 * paragraph with its own outline level gets a heading style.
 */
export function prepareDocx(path: string, bytes: Uint8Array): PreparedDocx {
  const archive = ZipArchive.open(path, bytes, () => true);
  const documentPart = mainPart(path, archive, 'word/document.xml');
  let stylesXml = archive.text('word/styles.xml');
  const altChunks = new Map<string, { part: string; bytes: Uint8Array }>();
  const headersAndFooters = headerAndFooterTexts(path, archive);
  const xml = archive.text(documentPart)!;
  if (!/<w:(altChunk|ruby|fldSimple)\b|<w:outlineLvl\b/.test(xml)) {
    return { bytes, stylesXml, altChunks, headersAndFooters };
  }
  const root = parseXml(path, documentPart, xml);
  const targets = relationships(path, archive, documentPart).byId;
  descendants(root, 'altChunk').forEach((chunk, index) => {
    const part = targets.get(attribute(chunk, 'id') ?? '');
    const content = part === undefined ? undefined : archive.bytes(part);
    const marker = altChunkMarker(index);
    if (part !== undefined && content !== undefined)
      altChunks.set(marker, { part, bytes: content });
    replaceWith(chunk, [markerParagraph(chunk, marker)]);
  });
  for (const ruby of descendants(root, 'ruby')) readRubyInline(ruby);
  for (const field of descendants(root, 'fldSimple')) replaceWith(field, children(field));
  const outlineLevels = new Set<number>();
  for (const paragraph of descendants(root, 'p')) {
    const level = directOutlineLevel(paragraph);
    if (level === undefined) continue;
    outlineLevels.add(level);
    setParagraphStyle(paragraph, `${OUTLINE_STYLE}${level}`);
  }
  if (outlineLevels.size > 0 && stylesXml !== undefined) {
    stylesXml = stylesXml.replace(/<\/w:styles>\s*$/, `${outlineStyles(outlineLevels)}</w:styles>`);
  }
  const parts: Record<string, Uint8Array> = {};
  for (const name of archive.names) parts[name] = archive.bytes(name) ?? new Uint8Array();
  parts[documentPart] = new TextEncoder().encode(new XMLSerializer().serializeToString(root));
  if (stylesXml !== undefined) parts['word/styles.xml'] = new TextEncoder().encode(stylesXml);
  return { bytes: zipSync(parts, { level: 0 }), stylesXml, altChunks, headersAndFooters };
}

function replaceWith(element: Element, replacements: Element[]): void {
  const parent = element.parentNode;
  if (!parent) return;
  for (const replacement of replacements) parent.insertBefore(replacement, element);
  parent.removeChild(element);
}

function wordElement(near: Element, localName: string): Element {
  return near.ownerDocument!.createElementNS(WORD_NAMESPACE, `w:${localName}`);
}

function markerParagraph(near: Element, text: string): Element {
  const paragraph = wordElement(near, 'p');
  const run = wordElement(near, 'r');
  const textElement = wordElement(near, 't');
  textElement.appendChild(near.ownerDocument!.createTextNode(text));
  run.appendChild(textElement);
  paragraph.appendChild(run);
  return paragraph;
}

/** Ruby (furigana): the base text, then the reading in parentheses, as plain runs. */
function readRubyInline(ruby: Element): void {
  const base = child(ruby, 'rubyBase');
  const reading = child(ruby, 'rt');
  const readingText = reading ? textOf(reading).trim() : '';
  const run = ruby.parentNode as Element | null;
  if (!run || run.localName !== 'r') return;
  const runs = base ? children(base, 'r') : [];
  if (readingText) {
    const readingRun = wordElement(ruby, 'r');
    const textElement = wordElement(ruby, 't');
    textElement.appendChild(ruby.ownerDocument!.createTextNode(`(${readingText})`));
    readingRun.appendChild(textElement);
    runs.push(readingRun);
  }
  replaceWith(run, runs);
}

/** A paragraph's own w:outlineLvl (0-8), if it has one. */
function directOutlineLevel(paragraph: Element): number | undefined {
  const properties = child(paragraph, 'pPr');
  const outline = properties ? child(properties, 'outlineLvl') : undefined;
  const value = outline ? Number(attribute(outline, 'val')) : Number.NaN;
  return Number.isInteger(value) && value >= 0 && value < 9 ? value : undefined;
}

function setParagraphStyle(paragraph: Element, styleId: string): void {
  let properties = child(paragraph, 'pPr');
  if (!properties) {
    properties = wordElement(paragraph, 'pPr');
    paragraph.insertBefore(properties, paragraph.firstChild);
  }
  let style = child(properties, 'pStyle');
  if (!style) {
    style = wordElement(paragraph, 'pStyle');
    properties.insertBefore(style, properties.firstChild);
  }
  style.setAttributeNS(WORD_NAMESPACE, 'w:val', styleId);
}

function outlineStyles(levels: Set<number>): string {
  return [...levels]
    .map(
      (level) =>
        `<w:style w:type="paragraph" w:customStyle="1" w:styleId="${OUTLINE_STYLE}${level}"><w:name w:val="${OUTLINE_STYLE} ${level}"/><w:pPr><w:outlineLvl w:val="${level}"/></w:pPr></w:style>`,
    )
    .join('');
}

/** Each distinct paragraph of the headers and footers that has a letter or digit in it. */
function headerAndFooterTexts(path: string, archive: ZipArchive): string[] {
  const texts = new Set<string>();
  for (const part of archive.names.filter((name) => /^word\/(header|footer)\d*\.xml$/.test(name))) {
    for (const paragraph of descendants(parseXml(path, part, archive.text(part)!), 'p')) {
      const text = descendants(paragraph, 't').map(textOf).join('').replace(/\s+/g, ' ').trim();
      if (/[\p{L}\p{N}]/u.test(text)) texts.add(text);
    }
  }
  return [...texts];
}
