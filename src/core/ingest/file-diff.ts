import { describeError } from '../errors.ts';
import type { FileError, FileRecord } from '../types.ts';
import type { SourceFile } from '../ports/folder-source.ts';

export interface FolderDiff {
  /** In the folder, not in the index. */
  added: SourceFile[];
  /** In both, with another size or modification time (the content hash decides later). */
  changed: SourceFile[];
  /**
   * In the index as they were, to read again: failed for a reason that may have passed (a read or
   * storage error), or passed over (they or their attachments) because of a setting since changed.
   */
  retried: SourceFile[];
  unchanged: SourceFile[];
  /** In the index, gone from the folder (with the attachments of files gone from it). */
  removed: FileRecord[];
}

/**
 * Per setting that decides whether some files are read, a stamp that changes when the setting
 * changes in a way that matters to them (OCR: "on" or "off").
 */
export type SettingStamps = Readonly<Record<string, string>>;

const TRANSIENT_ERRORS = new Set(['FileReadError', 'StorageFullError', 'EmbedderLoadError']);

/** The setting an error says decided a file's outcome (`ArchivistError.setting`), if any. */
export function settingOf(error: unknown): string | undefined {
  const setting = typeof error === 'object' && error !== null && 'setting' in error;
  return setting && typeof error.setting === 'string' ? error.setting : undefined;
}

/** A file's error as recorded: when a setting decided it, with that setting's stamp now. */
export function recordedError(error: unknown, stamps: SettingStamps): FileError {
  const setting = settingOf(error);
  return {
    ...describeError(error),
    ...(setting === undefined ? {} : { setting: { name: setting, stamp: stamps[setting] ?? '' } }),
  };
}

/** Whether a record was passed over because of a setting that has changed since. */
function settingChanged(record: FileRecord, stamps: SettingStamps): boolean {
  const setting = record.error?.setting;
  return setting !== undefined && (stamps[setting.name] ?? '') !== setting.stamp;
}

/**
 * Compares a folder listing with the stored file records by path, then size and mtime; `stamps`
 * are the settings' stamps now, which bring back the files a changed setting had passed over.
 */
export function diffFolder(
  files: readonly SourceFile[],
  stored: readonly FileRecord[],
  stamps: SettingStamps = {},
): FolderDiff {
  const storedByPath = new Map(stored.map((record) => [record.path, record]));
  const diff: FolderDiff = { added: [], changed: [], retried: [], unchanged: [], removed: [] };
  const seen = new Set<string>();
  // A message whose attachment a setting passed over is read again with its attachments.
  const containers = new Set(
    stored.flatMap((record) =>
      record.container !== undefined && settingChanged(record, stamps) ? [record.container] : [],
    ),
  );
  for (const file of files) {
    seen.add(file.path);
    const record = storedByPath.get(file.path);
    if (!record) diff.added.push(file);
    else if (record.size !== file.size || record.mtime !== file.mtime) diff.changed.push(file);
    else if (
      (record.status === 'failed' && TRANSIENT_ERRORS.has(record.error?.name ?? '')) ||
      settingChanged(record, stamps) ||
      containers.has(file.path)
    )
      diff.retried.push(file);
    else diff.unchanged.push(file);
  }
  // An attachment stays while its container is in the folder: re-indexing the container replaces it.
  diff.removed = stored.filter(
    (record) =>
      !seen.has(record.path) && !(record.container !== undefined && seen.has(record.container)),
  );
  return diff;
}
