/** The store records of an ingested file: its `FileRecord`, its parser's notes, its write. */
import type { ParsedDocument } from '../ports/parser.ts';
import type { FileWrite } from '../ports/store.ts';
import type { SourceFile } from '../ports/folder-source.ts';
import { chunkKeywords } from '../retrieval/keyword-segment.ts';
import { encodeSegment } from '../retrieval/keyword-segment-format.ts';
import type { Chunk, FileRecord } from '../types.ts';
import { isAttachment } from './attachments.ts';
import { recordedError, type SettingStamps } from './file-diff.ts';

/** The parser's notes on a file that was read, kept with its record. */
export type FileNotes = Pick<FileRecord, 'warnings' | 'ocrPages' | 'pages'>;

/** The id of a file (or an attachment, by its path under its container) in a collection. */
export function fileIdOf(collectionId: string, file: SourceFile): string {
  return `${collectionId}/${file.path}`;
}

export interface RecordOptions {
  status: FileRecord['status'];
  chunkCount: number;
  /** Why the file was skipped or failed. */
  error?: unknown;
  /** The stamps of the settings that decide whether some files are read, as they are now. */
  settingStamps?: SettingStamps;
}

/** The record of `file` as indexed, skipped or failed now. */
export function fileRecordOf(
  collectionId: string,
  file: SourceFile,
  hash: string,
  { status, chunkCount, error, settingStamps }: RecordOptions,
): FileRecord {
  return {
    id: fileIdOf(collectionId, file),
    collectionId,
    path: file.path,
    size: file.size,
    mtime: file.mtime,
    hash,
    status,
    ...(isAttachment(file) ? { container: file.container } : {}),
    ...(error === undefined ? {} : { error: recordedError(error, settingStamps ?? {}) }),
    chunkCount,
    indexedAt: Date.now(),
  };
}

/** A document's warnings, OCR page count and last page, only those it has. */
export function notesOf(document: ParsedDocument): FileNotes {
  const pages = document.blocks.reduce((last, block) => Math.max(last, block.page ?? 0), 0);
  return {
    ...(pages > 0 ? { pages } : {}),
    ...(document.warnings?.length ? { warnings: [...document.warnings] } : {}),
    ...(document.ocrPages ? { ocrPages: document.ocrPages } : {}),
  };
}

/**
 * The one store write of a file, with its chunks' keywords tokenised once: the store keeps the
 * counted terms (`write.keywords`), the live index takes them as they are (`keywords`).
 */
export function fileWriteOf(
  file: FileRecord,
  chunks: Chunk[],
  vectors: Float32Array,
  original?: Uint8Array,
): { write: FileWrite; keywords: ReturnType<typeof chunkKeywords> } {
  const keywords = chunkKeywords(chunks);
  const write: FileWrite = {
    file,
    chunks,
    vectors,
    keywords: encodeSegment(keywords),
    ...(original ? { original } : {}),
  };
  return { write, keywords };
}
