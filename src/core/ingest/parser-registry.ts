import { ArchivistError, CorruptFileError, isAbortError } from '../errors.ts';
import type { ParsedDocument, ParseInput, Parser } from '../ports/parser.ts';
import { loadEncodingDetector } from './encoding-detector.ts';
import { checkFile, DEFAULT_MAX_FILE_BYTES, extensionOf } from './file-check.ts';

export interface ParseFileInput {
  path: string;
  /** The size the file system reports, checked before any byte is read. */
  size: number;
  /** The bytes, or a function that reads them, called only once the path and size pass. */
  bytes: Uint8Array | ((signal?: AbortSignal) => Promise<Uint8Array>);
  signal?: AbortSignal;
}

/**
 * Chooses a parser by file extension and enforces the rules every file meets: a known type, not
 * empty, not over the size limit. Every failure is a named error from `core/errors.ts`; an
 * unexpected failure inside a parser is reported as CorruptFileError.
 */
export class ParserRegistry {
  readonly maxFileBytes: number;
  private readonly parsers = new Map<string, Parser>();

  constructor(parsers: Iterable<Parser> = [], options: { maxFileBytes?: number } = {}) {
    this.maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
    for (const parser of parsers) this.register(parser);
  }

  /** Adds a parser; it replaces earlier ones for the extensions it lists. */
  register(parser: Parser): this {
    for (const extension of parser.extensions) this.parsers.set(extension.toLowerCase(), parser);
    return this;
  }

  /** Every extension some parser reads, sorted (not "", files without one). */
  extensions(): string[] {
    return [...this.parsers.keys()].filter((extension) => extension.length > 0).sort();
  }

  parserFor(path: string): Parser | undefined {
    return this.parsers.get(extensionOf(path));
  }

  /** Throws UnsupportedFileError, EmptyFileError or FileTooLargeError (`checkFile`). */
  check(path: string, size: number): Parser {
    const parser = this.parserFor(path);
    checkFile(path, size, () => parser !== undefined, this.maxFileBytes);
    return parser!;
  }

  /** Parses bytes already read; the checks run on their length. */
  async parse({ path, bytes, signal }: ParseInput): Promise<ParsedDocument> {
    const parser = this.check(path, bytes.length);
    signal?.throwIfAborted();
    await loadEncodingDetector();
    try {
      return await parser.parse(signal ? { path, bytes, signal } : { path, bytes });
    } catch (error) {
      if (error instanceof ArchivistError || isAbortError(error) || signal?.aborted) throw error;
      throw new CorruptFileError(path, error instanceof Error ? error.message : String(error));
    }
  }

  /** Checks path and size first, then reads the bytes (when given a reader) and parses them. */
  async parseFile({ path, size, bytes, signal }: ParseFileInput): Promise<ParsedDocument> {
    this.check(path, size);
    const content = typeof bytes === 'function' ? await bytes(signal) : bytes;
    return this.parse(signal ? { path, bytes: content, signal } : { path, bytes: content });
  }
}
