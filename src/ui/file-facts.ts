/** How the contents list describes a file: its type, size and counts, and what to know about it. */
import type { FileSummary } from './clients/library-client.ts';
import { countOf, formatBytes } from './format.ts';

/** "PDF · 12 pages · 34 chunks · 1.2 MB"; a skipped or failed file has no chunks to count. */
export function fileFacts(file: FileSummary): string {
  return [
    file.type === '' ? 'No extension' : file.type.toUpperCase(),
    file.pages === undefined ? undefined : countOf(file.pages, 'page'),
    file.status === 'indexed' ? countOf(file.chunkCount, 'chunk') : undefined,
    formatBytes(file.size),
  ]
    .filter((fact) => fact !== undefined)
    .join(' · ');
}

/** What the user should know about a file that was read: OCR first, then the parser's warnings. */
export function fileNotes(file: FileSummary): string[] {
  const ocr = file.ocrPages
    ? [`OCR used on ${countOf(file.ocrPages, file.pages === undefined ? 'image' : 'page')}`]
    : [];
  return [...ocr, ...file.warnings];
}
