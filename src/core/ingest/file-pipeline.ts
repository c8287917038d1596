/**
 * One file's way from its bytes to chunks waiting in the batch: parsed (in a worker of the pool in
 * the browser), its attachments indexed as files of their own first, then chunked.
 */
import { describeError } from '../errors.ts';
import type { SourceFile } from '../ports/folder-source.ts';
import type { Attachment, DocumentParsers, ParsedDocument, ParseInput } from '../ports/parser.ts';
import { chunkDocument } from '../retrieval/chunking.ts';
import type { Chunk } from '../types.ts';
import {
  isAttachment,
  MAX_ATTACHMENT_DEPTH,
  notIndexedWarning,
  planAttachments,
} from './attachments.ts';
import { fileIdOf, notesOf, type FileNotes } from './file-records.ts';
import { sha256Hex } from './hash.ts';

/** Errors that mean "not a document", as opposed to a document that could not be read. */
export const SKIP_ERRORS = new Set(['UnsupportedFileError', 'BinaryFileError', 'EmptyFileError']);

/** A parsed document and the file's bytes (which a parser in another thread hands back). */
export interface ParsedFile {
  document: ParsedDocument;
  bytes: Uint8Array;
}

/** A file parsed and chunked, waiting to be embedded and committed. */
export interface PendingFile {
  source: SourceFile;
  hash: string;
  chunks: Chunk[];
  original?: Uint8Array;
  /** What the parser said about the file: its warnings and OCR page count. */
  notes: FileNotes;
}

export interface FilePipelineOptions {
  collectionId: string;
  parsers: DocumentParsers;
  /** Keep the bytes of paged files (PDF) with their chunks for the viewer. */
  keepPagedOriginals?: boolean;
  signal?: AbortSignal;
  /** Takes each file chunked, an attachment before its container. */
  onChunked: (file: PendingFile) => void;
  /** Records why an attachment could not be indexed (alone: its container goes on). */
  onFailed: (file: SourceFile, hash: string, error: unknown) => Promise<void>;
}

export class FilePipeline {
  readonly #options: FilePipelineOptions;

  constructor(options: FilePipelineOptions) {
    this.#options = options;
  }

  /** Starts a parse, awaited later in the files' order (a failure is recorded then). */
  startParse(path: string, bytes: Uint8Array): Promise<ParsedFile> {
    const input: ParseInput = { path, bytes, signal: this.#options.signal };
    const parsed = this.#options.parsers
      .parse(input)
      .then((document) => ({ document, bytes: input.bytes }));
    parsed.catch(() => undefined);
    return parsed;
  }

  /**
   * Parses and chunks a file (or an attachment, `depth` messages deep) into the pending batch,
   * its attachments before it: a container is committed only after its attachments, so a job
   * stopped between them leaves the container to be indexed again.
   */
  async chunk(
    file: SourceFile,
    hash: string,
    depth: number,
    parsing: Promise<ParsedFile>,
  ): Promise<void> {
    const { keepPagedOriginals, collectionId } = this.#options;
    const { document, bytes } = await parsing;
    if (document.attachments?.length) {
      await this.#indexAttachments(file, document, document.attachments, depth);
    }
    const fileId = fileIdOf(collectionId, file);
    const chunks = chunkDocument(document).map((piece, ordinal): Chunk => ({
      ...piece,
      id: `${fileId}#${ordinal}`,
      collectionId,
      fileId,
      path: file.path,
      ordinal,
    }));
    const paged = document.blocks.some((block) => block.page !== undefined);
    const original = keepPagedOriginals && paged ? { original: bytes } : {};
    this.#options.onChunked({ source: file, hash, chunks, ...original, notes: notesOf(document) });
  }

  /**
   * Indexes each attachment a parser reads as a file of its own under the container's path; the
   * others, and those with no text, are named in the container's warnings; one that fails is
   * recorded alone.
   */
  async #indexAttachments(
    parent: SourceFile,
    document: ParsedDocument,
    attachments: readonly Attachment[],
    depth: number,
  ): Promise<void> {
    const container = isAttachment(parent) ? parent.container : parent.path;
    const check = (path: string, size: number) => this.#options.parsers.check(path, size);
    const plan =
      depth < MAX_ATTACHMENT_DEPTH
        ? planAttachments(parent, container, attachments, check)
        : {
            files: [],
            warnings: [`Attachments nested deeper than ${depth} messages not indexed.`],
          };
    const withoutText: string[] = [];
    for (const attachment of plan.files) {
      const hash = await sha256Hex(attachment.bytes);
      try {
        const parsing = this.startParse(attachment.path, attachment.bytes);
        await this.chunk(attachment, hash, depth + 1, parsing);
      } catch (error) {
        // An attachment with nothing to index (a logo, a blank page) is no file of the folder's.
        const skipped = SKIP_ERRORS.has(describeError(error).name);
        if (skipped && !this.#options.signal?.aborted) withoutText.push(attachment.name);
        else await this.#options.onFailed(attachment, hash, error);
      }
    }
    const warnings = [...plan.warnings, ...notIndexedWarning('no text to index', withoutText)];
    if (warnings.length > 0) document.warnings = [...(document.warnings ?? []), ...warnings];
  }
}
