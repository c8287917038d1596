import type { PdfLine } from './pdf-text-layout.ts';

/** How many lines in from the top and from the bottom of a page may run. */
const EDGE_LINES = 2;
/** Fewer pages with text than this are too few to tell a running line from a repeated one. */
const MIN_PAGES = 3;
/** A page of this many lines or fewer has no header or footer apart from its text. */
const MIN_LINES = 2;
/** A line is running when it repeats at the same edge of at least this share of pages. */
const MIN_SHARE = 0.5;

/**
 * Takes out running headers, footers and page numbers: a page's first line from the top (or from
 * the bottom) whose text, digits aside ("Page 3 of 12" reads as "page # of #"), recurs at the same
 * edge of at least half of the pages with text (three at least); then the next line in from that
 * edge by the same rule, on the pages whose edge line went. Pages of one or two lines keep them,
 * and a document with fewer than three pages with text keeps every line. Pages stay in order; lines keep theirs.
 */
export function withoutRunningLines(pages: readonly PdfLine[][]): PdfLine[][] {
  const withText = pages.filter((lines) => lines.length > 0).length;
  if (withText < MIN_PAGES) return pages.map((lines) => [...lines]);
  const needed = Math.max(MIN_PAGES, Math.ceil(withText * MIN_SHARE));
  const running = new Set<PdfLine>();
  for (const edge of ['top', 'bottom'] as const) {
    // Each page's lines from this edge inwards, for as long as they are running.
    let open = pages
      .filter((lines) => lines.length > MIN_LINES)
      .map((lines) =>
        [...lines].sort((above, below) => (edge === 'top' ? below.y - above.y : above.y - below.y)),
      );
    for (let depth = 0; depth < EDGE_LINES; depth += 1) {
      const pagesPerKey = new Map<string, number>();
      for (const lines of open) {
        const line = lines[depth];
        if (line) pagesPerKey.set(normalised(line), (pagesPerKey.get(normalised(line)) ?? 0) + 1);
      }
      open = open.filter((lines) => {
        const line = lines[depth];
        if (!line || (pagesPerKey.get(normalised(line)) ?? 0) < needed) return false;
        running.add(line);
        return true;
      });
    }
  }
  return pages.map((lines) => lines.filter((line) => !running.has(line)));
}

function normalised(line: PdfLine): string {
  return line.text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}
