import { unzipSync } from 'fflate';
import { ArchiveTooLargeError, CorruptFileError } from '../../../core/errors.ts';

/** Limits on what one document may unpack to: parts listed, and bytes of the parts read. */
export interface ZipLimits {
  maxEntries: number;
  maxUnpackedBytes: number;
}

/** 20,000 parts and 256 MB unpacked: far above real documents, far below what exhausts memory. */
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 20_000,
  maxUnpackedBytes: 256 * 1024 * 1024,
};

const utf8 = new TextDecoder('utf-8');

/**
 * The parts of a ZIP-based document (Office Open XML, OpenDocument, EPUB) that a parser asked
 * for, unpacked with fflate. Parts not wanted are never inflated; the sizes the archive declares
 * are checked before any byte is inflated (fflate inflates into a buffer of the declared size, so
 * a part that lies about its size cannot grow past it).
 */
export class ZipArchive {
  private constructor(
    /** Every part name in the archive, in archive order. */
    readonly names: readonly string[],
    private readonly parts: ReadonlyMap<string, Uint8Array>,
  ) {}

  /**
   * Reads the archive's directory and inflates the parts `wanted` accepts. Throws CorruptFileError
   * when the bytes are not a ZIP archive, ArchiveTooLargeError past the limits.
   */
  static open(
    path: string,
    bytes: Uint8Array,
    wanted: (name: string) => boolean,
    limits: ZipLimits = DEFAULT_ZIP_LIMITS,
  ): ZipArchive {
    const names: string[] = [];
    let unpacked = 0;
    let files: Record<string, Uint8Array>;
    try {
      files = unzipSync(bytes, {
        filter: (entry) => {
          names.push(entry.name);
          if (names.length > limits.maxEntries) {
            throw new ArchiveTooLargeError(path, `more than ${count(limits.maxEntries)} parts`);
          }
          if (!wanted(entry.name)) return false;
          unpacked += entry.originalSize;
          if (unpacked > limits.maxUnpackedBytes) {
            const megabytes = Math.round(limits.maxUnpackedBytes / (1024 * 1024));
            throw new ArchiveTooLargeError(path, `more than ${count(megabytes)} MB of text`);
          }
          return true;
        },
      });
    } catch (error) {
      if (error instanceof ArchiveTooLargeError) throw error;
      const detail = error instanceof Error ? error.message : String(error);
      throw new CorruptFileError(path, `not a readable ZIP package: ${detail}`);
    }
    return new ZipArchive(names, new Map(Object.entries(files)));
  }

  has(name: string): boolean {
    return this.parts.has(name);
  }

  bytes(name: string): Uint8Array | undefined {
    return this.parts.get(name);
  }

  /** A part's text as UTF-8 (XML parts without a BOM are UTF-8); undefined when absent. */
  text(name: string): string | undefined {
    const bytes = this.parts.get(name);
    return bytes === undefined ? undefined : utf8.decode(bytes);
  }
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}

/** A path inside the archive resolved against the folder of `base` ("ppt/slides/x.xml"). */
export function resolvePartPath(base: string, target: string): string {
  const decoded = safeDecode(target.split('#')[0] ?? '');
  if (decoded.startsWith('/')) return normalizeParts(decoded.slice(1).split('/'));
  const folder = base.includes('/') ? base.slice(0, base.lastIndexOf('/')) : '';
  return normalizeParts([...folder.split('/'), ...decoded.split('/')]);
}

function normalizeParts(parts: string[]): string {
  const kept: string[] = [];
  for (const part of parts) {
    if (part === '..') kept.pop();
    else if (part !== '.' && part !== '') kept.push(part);
  }
  return kept.join('/');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
