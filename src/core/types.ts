/** Shared records of the document library. Plain data: safe to store, clone and post to workers. */

export interface Collection {
  id: string;
  name: string;
  /** Id of the embedding model every vector of this collection was made with. */
  embedderId: string;
  dim: number;
  createdAt: number;
  updatedAt: number;
  fileCount: number;
  chunkCount: number;
  /**
   * Its files skipped and failed, kept by the store with the other counts; absent on a collection
   * a `LevelStore` kept before it counted them (the library then counts them from its files).
   */
  issueCounts?: IssueCounts;
}

/** A collection's files that were not indexed, by status. */
export interface IssueCounts {
  skipped: number;
  failed: number;
}

export type FileStatus = 'indexed' | 'skipped' | 'failed';

export interface FileError {
  /** Stable error name, e.g. `UnsupportedFileError`. */
  name: string;
  message: string;
  /** For a file passed over because of a setting: that setting and its stamp at the time. */
  setting?: { name: string; stamp: string };
}

export interface FileRecord {
  /** `${collectionId}/${path}`: unique across the library. */
  id: string;
  collectionId: string;
  /** Path inside the collection folder, with forward slashes. */
  path: string;
  size: number;
  mtime: number;
  /** Hex SHA-256 of the bytes; empty when the file was never read. */
  hash: string;
  status: FileStatus;
  error?: FileError;
  chunkCount: number;
  indexedAt: number;
  /** The parser's warnings for a file it read (damaged pages skipped, OCR used, ...). */
  warnings?: string[];
  /** Pages or images whose text came from OCR. */
  ocrPages?: number;
  /** For a paged format (PDF, slides): the highest page its text came from. */
  pages?: number;
  /**
   * For a file found inside one of the folder's files (an e-mail attachment, at
   * `<container>/attachments/<name>`): the path of that file. It goes when its container changes
   * or goes.
   */
  container?: string;
}

/** Where a chunk sits in the text its parser produced, so a citation can open and highlight it. */
export interface ChunkPosition {
  /** Character offsets into the parsed document text, end exclusive. */
  start: number;
  end: number;
  /** 1-based page number for paged formats (PDF). */
  page?: number;
  /** Headings that enclose the chunk, outermost first. */
  headingPath: string[];
  /** True when the chunk's text was recognised from an image (OCR), not read from the file. */
  ocr?: boolean;
  /** An OCR'd chunk's words on its page, so the viewer can mark it on the page image. */
  words?: PlacedWord[];
}

/**
 * A recognised word and its box on the page, in the page's own units measured from its
 * bottom-left corner, as PDF places text: points on a PDF page (72 to the inch).
 */
export interface PlacedWord {
  text: string;
  /** Left edge and bottom edge. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Chunk extends ChunkPosition {
  /** `${fileId}#${ordinal}` */
  id: string;
  collectionId: string;
  fileId: string;
  path: string;
  ordinal: number;
  text: string;
}

export interface SearchHit {
  id: string;
  score: number;
}
