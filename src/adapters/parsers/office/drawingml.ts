import { relatedParts, relationships } from './package-parts.ts';
import { children, descendants, type Element, parseXml, textOf } from './xml.ts';
import type { ZipArchive } from './zip-archive.ts';

/** One DrawingML paragraph (`a:p`): its runs and fields, line breaks as "\n". */
export function paragraphText(paragraph: Element): string {
  let text = '';
  for (const part of children(paragraph)) {
    if (part.localName === 'r' || part.localName === 'fld') {
      for (const run of children(part, 't')) text += textOf(run);
    } else if (part.localName === 'br') {
      text += '\n';
    }
  }
  return text.replace(/[ \t\u00a0]+/g, ' ').trim();
}

/** The non-empty paragraphs of every text body under an element, in document order. */
export function paragraphsUnder(element: Element): string[] {
  return descendants(element, 'p')
    .filter((paragraph) => paragraph.namespaceURI === DRAWING_NAMESPACE)
    .map(paragraphText)
    .filter((text) => text.length > 0);
}

const DRAWING_NAMESPACE = 'http://schemas.openxmlformats.org/drawingml/2006/main';

/**
 * The text a drawing part shows (shapes, text boxes, SmartArt, chart titles and labels): its own
 * paragraphs, then those of the charts and diagram data it links to, one line each.
 */
export function drawingText(path: string, archive: ZipArchive, part: string): string[] {
  const xml = archive.text(part);
  if (xml === undefined) return [];
  return [
    ...paragraphsUnder(parseXml(path, part, xml)),
    ...linkedGraphicsText(path, archive, part),
  ];
}

/** The paragraphs of the charts and SmartArt diagrams a part links to. */
export function linkedGraphicsText(path: string, archive: ZipArchive, part: string): string[] {
  const lines: string[] = [];
  const linked = relationships(path, archive, part);
  for (const kind of ['chart', 'diagramData']) {
    for (const target of relatedParts(linked, kind)) {
      const xml = archive.text(target);
      if (xml !== undefined) lines.push(...paragraphsUnder(parseXml(path, target, xml)));
    }
  }
  return lines;
}
