/**
 * Images of printed text for OCR tests, made here: a one-page PDF with the lines in Helvetica
 * (pdf.js's standard font data), drawn by pdf.js's Node build on its own canvas, then encoded as
 * PNG, JPEG and WebP by that canvas and as BMP and TIFF by the small writers below.
 */
import { loadNodePdfjs, nodePdfResources } from '../../scripts/node-parsers.ts';

export interface PrintedText {
  png: Uint8Array;
  jpeg: Uint8Array;
  webp: Uint8Array;
  bmp: Uint8Array;
  tiff: Uint8Array;
  /** The one-page PDF the images were drawn from. */
  pdf: Uint8Array;
  /** A PDF of the same page as a scan: the page's image and no text. */
  scannedPdf: Uint8Array;
}

/** Node canvas as pdf.js's NodeCanvasFactory makes it (@napi-rs/canvas). */
interface NodeCanvas {
  width: number;
  height: number;
  toBuffer(mime: string): Uint8Array;
}

/** Draws `lines` (24 pt, 300 DPI-like scale) and encodes the picture in every format. */
export async function printedText(lines: readonly string[]): Promise<PrintedText> {
  const pdf = textPdf(lines);
  const pdfjs = await loadNodePdfjs();
  const document = await pdfjs.getDocument({
    data: pdf.slice(),
    ...nodePdfResources(),
    verbosity: 0,
  }).promise;
  try {
    const page = await document.getPage(1);
    const viewport = page.getViewport({ scale: 3 });
    const factory = document.canvasFactory as { create(width: number, height: number): unknown };
    const { canvas, context } = factory.create(
      Math.ceil(viewport.width),
      Math.ceil(viewport.height),
    ) as { canvas: NodeCanvas; context: CanvasRenderingContext2D };
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context,
      viewport,
    }).promise;
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    const jpeg = canvas.toBuffer('image/jpeg');
    return {
      png: canvas.toBuffer('image/png'),
      jpeg,
      webp: canvas.toBuffer('image/webp'),
      bmp: bmpOf(pixels),
      tiff: tiffOf(pixels),
      pdf,
      scannedPdf: scanPdf(jpeg, canvas.width, canvas.height),
    };
  } finally {
    await document.destroy();
  }
}

/** A PDF from its objects (bodies without "n 0 obj"), with a correct cross-reference table. */
function pdfOf(objects: readonly (string | Uint8Array)[][]): Uint8Array {
  const parts: Uint8Array[] = [];
  let length = 0;
  const push = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? new TextEncoder().encode(part) : part;
    parts.push(bytes);
    length += bytes.length;
  };
  push('%PDF-1.4\n');
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    push(`${index + 1} 0 obj\n`);
    body.forEach(push);
    push('\nendobj\n');
  });
  const xref = length;
  push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A US Letter page with the lines in 24 pt Helvetica from the top left. */
function textPdf(lines: readonly string[]): Uint8Array {
  const text = lines
    .map((line, index) => `BT /F1 24 Tf 72 ${700 - index * 40} Td (${line}) Tj ET`)
    .join('\n');
  return pdfOf([
    ['<< /Type /Catalog /Pages 2 0 R >>'],
    ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    ],
    [`<< /Length ${text.length} >>\nstream\n${text}\nendstream`],
    ['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
  ]);
}

/** A US Letter page that is one JPEG image and no text, as a scanner writes it. */
function scanPdf(jpeg: Uint8Array, width: number, height: number): Uint8Array {
  const draw = 'q 612 0 0 792 0 0 cm /Im1 Do Q';
  return pdfOf([
    ['<< /Type /Catalog /Pages 2 0 R >>'],
    ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>',
    ],
    [`<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`],
    [
      `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
      jpeg,
      '\nendstream',
    ],
  ]);
}

/** A 24-bit bottom-up Windows bitmap. */
function bmpOf({ width, height, data }: ImageData): Uint8Array {
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const bytes = new Uint8Array(54 + rowBytes * height);
  const view = new DataView(bytes.buffer);
  bytes.set([0x42, 0x4d]);
  view.setUint32(2, bytes.length, true);
  view.setUint32(10, 54, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, width, true);
  view.setInt32(22, height, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 24, true);
  view.setUint32(34, rowBytes * height, true);
  for (let y = 0; y < height; y += 1) {
    const row = 54 + (height - 1 - y) * rowBytes;
    for (let x = 0; x < width; x += 1) {
      const source = (y * width + x) * 4;
      bytes[row + x * 3] = data[source + 2] ?? 0;
      bytes[row + x * 3 + 1] = data[source + 1] ?? 0;
      bytes[row + x * 3 + 2] = data[source] ?? 0;
    }
  }
  return bytes;
}

/** An uncompressed 8-bit RGB baseline TIFF (little-endian, one strip). */
function tiffOf({ width, height, data }: ImageData): Uint8Array {
  const entries: [tag: number, type: number, value: number][] = [
    [256, 4, width],
    [257, 4, height],
    [258, 3, 8],
    [259, 3, 1],
    [262, 3, 2],
    [273, 4, 0],
    [277, 3, 3],
    [278, 4, height],
    [279, 4, width * height * 3],
  ];
  const ifd = 8;
  const pixelsAt = ifd + 2 + entries.length * 12 + 4;
  const bytes = new Uint8Array(pixelsAt + width * height * 3);
  const view = new DataView(bytes.buffer);
  bytes.set([0x49, 0x49, 42, 0]);
  view.setUint32(4, ifd, true);
  view.setUint16(ifd, entries.length, true);
  entries.forEach(([tag, type, value], index) => {
    const at = ifd + 2 + index * 12;
    view.setUint16(at, tag, true);
    view.setUint16(at + 2, type, true);
    view.setUint32(at + 4, 1, true);
    const stored = tag === 273 ? pixelsAt : value;
    if (type === 3) view.setUint16(at + 8, stored, true);
    else view.setUint32(at + 8, stored, true);
  });
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    bytes[pixelsAt + pixel * 3] = data[pixel * 4] ?? 0;
    bytes[pixelsAt + pixel * 3 + 1] = data[pixel * 4 + 1] ?? 0;
    bytes[pixelsAt + pixel * 3 + 2] = data[pixel * 4 + 2] ?? 0;
  }
  return bytes;
}
