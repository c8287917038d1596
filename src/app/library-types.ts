/**
 * Plain data exchanged between the library worker and the UI (structured-clonable: records,
 * `File`s and `FileSystemDirectoryHandle`s only).
 */
import type { IngestProgress } from '../core/ingest/progress.ts';
import type { ReembedProgress } from '../core/ingest/reembed.ts';
import type { SearchMode } from '../core/retrieval/hybrid-search.ts';
import type { Collection, FileError, FileStatus, PlacedWord } from '../core/types.ts';
import type { EmbeddingModelInfo } from '../catalogues/embedding-models.ts';
import type { PickedFile } from '../adapters/source/file-list-source.ts';
import type { DownloadProgress } from './embedder-registry.ts';

export type { OcrSetting } from './ocr-setting.ts';

export type {
  DownloadProgress,
  EmbeddingModelInfo,
  IngestProgress,
  PickedFile,
  ReembedProgress,
  SearchMode,
};

export interface CollectionSummary extends Collection {
  /** The embedding model's name for people (its id when the catalogue does not know it). */
  embedderLabel: string;
  skippedFiles: number;
  failedFiles: number;
  /** The folder's handle when it was opened with the File System Access API: re-sync needs no picker. */
  folderHandle?: FileSystemDirectoryHandle;
  /** Set when the last sync stopped part way (a reload, a closed tab): syncing again resumes it. */
  interruptedSync?: InterruptedSync;
}

/** Where an interrupted sync stopped: files of its work done, of how many (0 while scanning). */
export interface InterruptedSync {
  filesDone: number;
  filesTotal: number;
}

/** A file that was not indexed, and why. */
export interface FileIssue {
  path: string;
  status: Exclude<FileStatus, 'indexed'>;
  errorName: string;
  message: string;
}

/** Which files a collection's contents list keeps: all, one status, or those read with warnings. */
export type ContentsStatus = 'all' | FileStatus | 'warnings';

/** A page of a collection's files (`LibraryService.listContents`). */
export interface ContentsRequest {
  collectionId: string;
  /** Text the path must contain, in any case; all paths when absent or blank. */
  path?: string;
  /** `all` when absent. */
  status?: ContentsStatus;
  /** The lower-case extension to keep (empty for names without one); all types when absent. */
  type?: string;
  /** Position of the page's first file among the matching ones, ordered by path. */
  offset: number;
  /** Files per page (at most 500). */
  limit: number;
}

/** One file of a collection as its contents list shows it. */
export interface FileSummary {
  fileId: string;
  path: string;
  /** Lower-case extension, empty when the name has none. */
  type: string;
  status: FileStatus;
  size: number;
  chunkCount: number;
  indexedAt: number;
  /** Pages (slides) the file's text came from, for paged formats. */
  pages?: number;
  /** Pages or images read by OCR. */
  ocrPages?: number;
  /** What the parser said about a file it read (damaged pages skipped, ...). */
  warnings: string[];
  /** Why a skipped or failed file was not indexed. */
  error?: FileError;
  /** The file's first passage, which opens it in the viewer; absent when nothing was indexed. */
  firstChunkId?: string;
}

/** Files of a collection by status; `warnings` counts files read with warnings or OCR. */
export type ContentsCounts = Record<ContentsStatus, number>;

export interface ContentsType {
  type: string;
  count: number;
}

export interface ContentsPage {
  files: FileSummary[];
  /** The request's offset, as applied. */
  offset: number;
  /** Files that match the request's filters. */
  matching: number;
  /** All the collection's files, whatever the filters. */
  counts: ContentsCounts;
  /** The collection's file types, by name, with their counts. */
  types: ContentsType[];
}

/** A folder to sync: a File System Access handle, or the files of one chosen or dropped folder. */
export type FolderInput =
  { kind: 'handle'; handle: FileSystemDirectoryHandle } | { kind: 'files'; files: PickedFile[] };

export interface SyncRequest {
  /** Chosen by the caller, so it can pause or cancel the job before it starts. */
  jobId: string;
  folder: FolderInput;
  /** Sync into this collection; otherwise into the collection named like the folder, or a new one. */
  collectionId?: string;
  /** The embedding model of a new collection; the default (built-in) model when absent. */
  modelId?: string;
}

export interface ModelChangeRequest {
  /** Chosen by the caller, so it can cancel the job before it starts. */
  jobId: string;
  collectionId: string;
  /** The catalogue id of the model to re-embed the collection with. */
  modelId: string;
}

export interface ModelChangeEvent {
  jobId: string;
  collectionId: string;
  /** Bytes fetched while the model downloads (none when it is stored already). */
  download?: DownloadProgress;
  /** Chunks embedded again, once the model has loaded. */
  progress?: ReembedProgress;
}

export interface ModelChangeSummary {
  jobId: string;
  collectionId: string;
  modelId: string;
  chunks: number;
  seconds: number;
}

export interface SyncEvent {
  jobId: string;
  collectionId: string;
  collectionName: string;
  progress: IngestProgress;
}

/** What a finished sync changed, from the file records before and after it. */
export interface SyncSummary {
  jobId: string;
  collectionId: string;
  collectionName: string;
  /** New files indexed. */
  added: number;
  /** Known files whose content changed and was indexed again. */
  updated: number;
  /** Known files left as they were (same content). */
  unchanged: number;
  removed: number;
  skipped: number;
  failed: number;
  chunks: number;
  seconds: number;
}

export interface TextRange {
  start: number;
  end: number;
}

export interface LibrarySearchRequest {
  query: string;
  mode: SearchMode;
  /** Collections to search; all when absent. */
  collectionIds?: string[];
  k?: number;
}

export interface SearchResultItem {
  chunkId: string;
  collectionId: string;
  collectionName: string;
  path: string;
  headingPath: string[];
  page?: number;
  /** The part of the passage that shows the query's words (the whole passage when short). */
  text: string;
  /** Whether passage text was left out before or after `text`. */
  clippedStart: boolean;
  clippedEnd: boolean;
  score: number;
  lexicalRank?: number;
  denseRank?: number;
  /** Where the query's terms occur in `text`. */
  matches: TextRange[];
  /** The passage's text was recognised by OCR (from an image or a scanned page). */
  ocr?: boolean;
}

/** A document rebuilt from its stored chunks, with one passage to show. */
export interface DocumentView {
  /** The chunk shown as the passage. */
  chunkId: string;
  fileId: string;
  collectionName: string;
  path: string;
  /** The passage's 1-based page in a paged document (PDF), whose pages the viewer can show. */
  page?: number;
  text: string;
  passage: TextRange;
  /** Where the query's terms occur inside the passage. */
  matches: TextRange[];
  /** Whether stretches of the parsed text are in no stored chunk, so are not shown. */
  hasGaps: boolean;
  /** The passage's text was recognised by OCR (from an image or a scanned page). */
  ocr?: boolean;
  /** An OCR'd passage's words placed on its page: the page view marks them, having no text runs. */
  words?: PlacedWord[];
}

export interface StorageUsage {
  usage: number;
  quota: number;
}
