/** A file as the ingest job sees it: metadata first, bytes only when needed. */
export interface SourceFile {
  /** Path inside the collection folder, with forward slashes, no leading slash. */
  path: string;
  size: number;
  /** Last-modified time in milliseconds. */
  mtime: number;
  read(signal?: AbortSignal): Promise<Uint8Array>;
}

/** A folder to index: File System Access handle, `<input webkitdirectory>` list, or a Node directory. */
export interface FolderSource {
  readonly name: string;
  list(signal?: AbortSignal): Promise<SourceFile[]>;
}
