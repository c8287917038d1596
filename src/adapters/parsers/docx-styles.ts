import { attribute, child, children, type Element, parseXml } from './office/xml.ts';

interface StyleFacts {
  name: string;
  basedOn?: string;
  /** 0-8 from w:outlineLvl; 9 is body text. */
  outlineLevel?: number;
}

/**
 * The paragraph styles of a Word document that are headings, with their level 1-6: a style with
 * an outline level (its own or inherited through w:basedOn), the Title style, and the heading
 * styles publishers name themselves ("ChapterTitle", "HeadA", "HeadB", "Head1"), which Word
 * shows as headings by their looks only.
 */
export function headingStyles(path: string, stylesXml: string | undefined): Map<string, number> {
  const levels = new Map<string, number>();
  if (stylesXml === undefined) return levels;
  const facts = new Map<string, StyleFacts>();
  for (const style of children(parseXml(path, 'word/styles.xml', stylesXml), 'style')) {
    if (attribute(style, 'type') !== 'paragraph') continue;
    const id = attribute(style, 'styleId');
    if (!id) continue;
    facts.set(id, styleFacts(style));
  }
  for (const [id, style] of facts) {
    const level = namedLevel(style.name) ?? outlineLevel(id, facts);
    if (level !== undefined) levels.set(id, Math.min(6, Math.max(1, level)));
  }
  return levels;
}

function styleFacts(style: Element): StyleFacts {
  const value = (element: Element | undefined): string | undefined =>
    element ? attribute(element, 'val') : undefined;
  const properties = child(style, 'pPr');
  const outline = value(properties ? child(properties, 'outlineLvl') : undefined);
  const facts: StyleFacts = { name: value(child(style, 'name')) ?? '' };
  const basedOn = value(child(style, 'basedOn'));
  if (basedOn) facts.basedOn = basedOn;
  if (outline !== undefined && /^\d+$/.test(outline)) facts.outlineLevel = Number(outline);
  return facts;
}

/** The level an outline level gives (1-based), following w:basedOn; undefined for body text. */
function outlineLevel(id: string, facts: Map<string, StyleFacts>): number | undefined {
  const seen = new Set<string>();
  for (let current = facts.get(id); current; current = facts.get(current.basedOn ?? '')) {
    if (current.outlineLevel !== undefined) {
      return current.outlineLevel < 9 ? current.outlineLevel + 1 : undefined;
    }
    if (seen.has(current.name) || seen.size > 20) return undefined;
    seen.add(current.name);
  }
  return undefined;
}

/** Levels by style name: Title and chapter titles 1, "Heading 2"/"Head2" 2, "HeadA" 2, "HeadB" 3. */
function namedLevel(name: string): number | undefined {
  const trimmed = name.trim();
  if (/^(title|(chapter|part|book|document)\s*title)$/i.test(trimmed)) return 1;
  const numbered = /^head(?:ing)?[\s_-]*(\d)(?!\d)/i.exec(trimmed)?.[1];
  if (numbered !== undefined) return Number(numbered);
  const lettered = /^[Hh]ead(?:ing)?[\s_-]*([A-E])(?![a-z])/.exec(trimmed)?.[1];
  if (lettered !== undefined) return lettered.charCodeAt(0) - 'A'.charCodeAt(0) + 2;
  return undefined;
}

/** mammoth style-map lines that make each heading style an HTML heading. */
export function headingStyleMap(levels: Map<string, number>): string[] {
  const lines: string[] = [];
  for (const [id, level] of levels) {
    if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(id)) lines.push(`p.${id} => h${level}:fresh`);
  }
  return lines;
}
