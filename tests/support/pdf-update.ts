/**
 * Changes a PDF the way editors do, by an incremental update: the objects given (new ones, or new
 * versions of old ones, by number) are appended with a cross-reference section of their own whose
 * trailer points back to the previous one. Together with `makePdf` (scripts/fixtures/pdf-writer.ts,
 * whose objects are: 1 catalog, 2 page tree, 3 and 4 fonts, then per page k from 0 its content
 * stream 5 + 2k and its page 6 + 2k) it gives test PDFs with outlines, annotations or a damaged page.
 */
export function updatePdf(pdf: Uint8Array, objects: Record<number, string>): Uint8Array {
  const original = latin1(pdf);
  const previous = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(original)?.[1];
  const trailer = /trailer\s*<<([\s\S]*?)>>\s*startxref/.exec(original)?.[1] ?? '';
  const size = Number(/\/Size (\d+)/.exec(trailer)?.[1]);
  const root = /\/Root (\d+ \d+ R)/.exec(trailer)?.[1];
  if (previous === undefined || !root) throw new Error('not a PDF written by makePdf');
  const numbers = Object.keys(objects)
    .map(Number)
    .sort((a, b) => a - b);
  let output = original;
  const offsets = new Map<number, number>();
  for (const number of numbers) {
    offsets.set(number, output.length);
    output += `${number} 0 obj\n${objects[number]}\nendobj\n`;
  }
  const xref = output.length;
  output += 'xref\n';
  for (const number of numbers) {
    output += `${number} 1\n${String(offsets.get(number)).padStart(10, '0')} 00000 n \n`;
  }
  const newSize = Math.max(size, ...numbers.map((number) => number + 1));
  output += `trailer\n<< /Size ${newSize} /Root ${root} /Prev ${previous} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(output, (character) => character.charCodeAt(0));
}

/** The object number `makePdf` gives page `page` (1-based) and its content stream. */
export function makePdfObjects(page: number): { page: number; contents: number } {
  return { contents: 3 + 2 * page, page: 4 + 2 * page };
}

function latin1(bytes: Uint8Array): string {
  return new TextDecoder('latin1').decode(bytes);
}
