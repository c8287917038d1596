import type * as Pdfjs from 'pdfjs-dist';
import { cleanPdfText } from './pdf-text-clean.ts';

/** A bookmark of the document's outline: the heading it names and where it points. */
export interface OutlineEntry {
  title: string;
  /** 1 for a top-level bookmark, deeper ones one more per level (at most 6). */
  level: number;
  /** 1-based page. */
  page: number;
  /** The top of the view it opens, in points from the bottom of the page, when it says. */
  top?: number;
}

/** More bookmarks than this are not read (a generated index of every term, say). */
const MAX_ENTRIES = 2000;

type OutlineNode = Awaited<ReturnType<Pdfjs.PDFDocumentProxy['getOutline']>>[number];
type Destination = unknown[];

/**
 * The outline (bookmarks) with each entry's page and position, in outline order. Entries that
 * lead nowhere in the document (a web link, a broken destination) are left out; a damaged outline
 * reads as none.
 */
export async function readOutline(document: Pdfjs.PDFDocumentProxy): Promise<OutlineEntry[]> {
  const outline = await document.getOutline().catch(() => null);
  const entries: OutlineEntry[] = [];
  const visit = async (nodes: readonly OutlineNode[], level: number): Promise<void> => {
    for (const node of nodes) {
      if (entries.length >= MAX_ENTRIES) return;
      const title = cleanPdfText(node.title).replace(/\s+/g, ' ').trim();
      const target = await resolve(document, node.dest).catch(() => undefined);
      if (title && target) entries.push({ title, level: Math.min(level, 6), ...target });
      await visit(node.items, level + 1);
    }
  };
  await visit(outline ?? [], 1);
  return entries;
}

async function resolve(
  document: Pdfjs.PDFDocumentProxy,
  dest: string | Destination | null,
): Promise<{ page: number; top?: number } | undefined> {
  const explicit = typeof dest === 'string' ? await document.getDestination(dest) : dest;
  if (!Array.isArray(explicit)) return undefined;
  const [reference, view] = explicit as [unknown, { name?: unknown } | null | undefined];
  const index =
    typeof reference === 'number'
      ? reference
      : await document.getPageIndex(reference as { num: number; gen: number });
  const top = viewTop(view?.name, explicit.slice(2));
  return top === undefined ? { page: index + 1 } : { page: index + 1, top };
}

/** The top edge of the view a destination opens: XYZ and FitH/FitBH name it, FitR bounds it. */
function viewTop(view: unknown, args: unknown[]): number | undefined {
  const value =
    view === 'XYZ'
      ? args[1]
      : view === 'FitH' || view === 'FitBH'
        ? args[0]
        : view === 'FitR'
          ? args[3]
          : undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
