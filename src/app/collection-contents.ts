import type { FileRecord } from '../core/types.ts';
import type {
  ContentsCounts,
  ContentsPage,
  ContentsRequest,
  ContentsStatus,
  ContentsType,
  FileSummary,
} from './library-types.ts';

/** Files per page at most, whatever the caller asks for. */
export const MAX_CONTENTS_PAGE = 500;

/** The type shown for a file whose name has no extension. */
export const NO_EXTENSION = '';

const pathOrder = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * One page of a collection's files, ordered by path, as the contents view lists them: those whose
 * path contains `request.path` (any case), of `request.status` and of `request.type`, with the
 * counts per status and per type of all files, so the filters can say what each would keep.
 */
export function contentsPage(
  records: readonly FileRecord[],
  request: ContentsRequest,
): ContentsPage {
  const needle = request.path?.trim().toLocaleLowerCase() ?? '';
  const status = request.status ?? 'all';
  const matching = records
    .filter(
      (record) =>
        hasStatus(record, status) &&
        (request.type === undefined || fileType(record.path) === request.type) &&
        (needle === '' || record.path.toLocaleLowerCase().includes(needle)),
    )
    .sort((left, right) => pathOrder.compare(left.path, right.path));
  const limit = Math.min(Math.max(0, Math.floor(request.limit)), MAX_CONTENTS_PAGE);
  const offset = Math.max(0, Math.floor(request.offset));
  return {
    files: matching.slice(offset, offset + limit).map(summarizeFile),
    offset,
    matching: matching.length,
    counts: countStatuses(records),
    types: countTypes(records),
  };
}

/** The lower-case extension of a path's file name, without the dot; empty when it has none. */
export function fileType(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? NO_EXTENSION : name.slice(dot + 1).toLowerCase();
}

function hasStatus(record: FileRecord, status: ContentsStatus): boolean {
  if (status === 'all') return true;
  if (status === 'warnings') return hasWarnings(record);
  return record.status === status;
}

function hasWarnings(record: FileRecord): boolean {
  return (record.warnings?.length ?? 0) > 0 || (record.ocrPages ?? 0) > 0;
}

function summarizeFile(record: FileRecord): FileSummary {
  return {
    fileId: record.id,
    path: record.path,
    type: fileType(record.path),
    status: record.status,
    size: record.size,
    chunkCount: record.chunkCount,
    indexedAt: record.indexedAt,
    warnings: record.warnings ?? [],
    ...(record.pages === undefined ? {} : { pages: record.pages }),
    ...(record.ocrPages ? { ocrPages: record.ocrPages } : {}),
    ...(record.error ? { error: record.error } : {}),
    // The ingest numbers a file's chunks from 0 (`${fileId}#${ordinal}`): the first opens it.
    ...(record.status === 'indexed' && record.chunkCount > 0
      ? { firstChunkId: `${record.id}#0` }
      : {}),
  };
}

function countStatuses(records: readonly FileRecord[]): ContentsCounts {
  const counts: ContentsCounts = { all: 0, indexed: 0, skipped: 0, failed: 0, warnings: 0 };
  for (const record of records) {
    counts.all += 1;
    counts[record.status] += 1;
    if (hasWarnings(record)) counts.warnings += 1;
  }
  return counts;
}

function countTypes(records: readonly FileRecord[]): ContentsType[] {
  const counts = new Map<string, number>();
  for (const record of records) {
    const type = fileType(record.path);
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  return [...counts]
    .map(([type, count]) => ({ type, count }))
    .sort((left, right) => left.type.localeCompare(right.type));
}
