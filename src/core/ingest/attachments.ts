import { describeError } from '../errors.ts';
import type { SourceFile } from '../ports/folder-source.ts';
import type { Attachment } from '../ports/parser.ts';

/** The folder-like segment between a container's path and its attachments' names. */
const ATTACHMENTS_SEGMENT = 'attachments';
/** Attachments indexed from one file at most (a mailbox can carry thousands). */
export const MAX_ATTACHMENTS_PER_FILE = 500;
/** Messages attached to messages are followed this many levels deep. */
export const MAX_ATTACHMENT_DEPTH = 3;

/**
 * A file carried inside one of the folder's files (an e-mail attachment), indexed as a file of its
 * own at `<container path>/attachments/<name>`. No file of the folder can have that path, since
 * the container is a file, not a folder; and the viewer finds it by that path like any other.
 */
export interface AttachmentFile extends SourceFile {
  /** The path of the folder's own file it was found in (the outermost one, for nested messages). */
  container: string;
  /** Its name as the message gives it, for the message's warnings. */
  name: string;
  bytes: Uint8Array;
}

export function isAttachment(file: SourceFile): file is AttachmentFile {
  return 'container' in file;
}

/** What became of a container's attachments before any was parsed. */
export interface AttachmentPlan {
  /** Attachments a parser reads, with their paths, in the container's order. */
  files: AttachmentFile[];
  /** What the container's record should say about the others, in plain words. */
  warnings: string[];
}

/**
 * Places each attachment under the container's path and keeps those `check` accepts (a known type,
 * not empty, not too large); the rest are named in a warning rather than recorded as failed files.
 * At most `MAX_ATTACHMENTS_PER_FILE` are kept, with a warning when there were more.
 */
export function planAttachments(
  parent: SourceFile,
  container: string,
  attachments: readonly Attachment[],
  check: (path: string, size: number) => void,
): AttachmentPlan {
  const files: AttachmentFile[] = [];
  const refused = new Map<string, string[]>();
  const taken = new Set<string>();
  for (const attachment of attachments) {
    const path = attachmentPath(parent.path, attachment.name, taken);
    try {
      check(path, attachment.bytes.length);
    } catch (error) {
      const reason = refusalReason(describeError(error).name);
      refused.set(reason, [...(refused.get(reason) ?? []), displayName(attachment.name)]);
      continue;
    }
    if (files.length === MAX_ATTACHMENTS_PER_FILE) continue;
    const { bytes } = attachment;
    files.push({
      path,
      size: bytes.length,
      mtime: parent.mtime,
      container,
      name: displayName(attachment.name),
      bytes,
      read: () => Promise.resolve(bytes),
    });
  }
  const warnings = [...refused].flatMap(([reason, names]) => notIndexedWarning(reason, names));
  const readable = attachments.length - [...refused.values()].flat().length;
  if (readable > MAX_ATTACHMENTS_PER_FILE) {
    warnings.push(
      `Only the first ${MAX_ATTACHMENTS_PER_FILE} of its ${readable} readable attachments were indexed.`,
    );
  }
  return { files, warnings };
}

/** "Attachments not indexed (reason): a, b", or nothing for no names. */
export function notIndexedWarning(reason: string, names: readonly string[]): string[] {
  return names.length > 0 ? [`Attachments not indexed (${reason}): ${names.join(', ')}`] : [];
}

/**
 * `<container>/attachments/<name>`, the name's parts made safe (no empty, "." or ".." part, no
 * control character, no backslash) and made unique among `taken` with " (2)", " (3)" ... before
 * the extension. A name may hold folders ("message 3/report.pdf" from a mailbox).
 */
export function attachmentPath(container: string, name: string, taken: Set<string>): string {
  const parts = name
    .split('/')
    .map((part) => [...part].map(safeCharacter).join('').replace(/\s+/g, ' ').trim())
    .filter((part) => part.length > 0 && part !== '.' && part !== '..');
  const safe = parts.length > 0 ? parts.join('/') : 'attachment';
  const base = `${container}/${ATTACHMENTS_SEGMENT}/${safe}`;
  let path = base;
  for (let copy = 2; taken.has(path); copy += 1) path = withCopyNumber(base, copy);
  taken.add(path);
  return path;
}

function withCopyNumber(path: string, copy: number): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash + 1
    ? `${path.slice(0, dot)} (${copy})${path.slice(dot)}`
    : `${path} (${copy})`;
}

/** A space for a control character or a backslash, the character itself otherwise. */
function safeCharacter(character: string): string {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f || character === '\\' ? ' ' : character;
}

function displayName(name: string): string {
  return name.replace(/\s+/g, ' ').trim() || 'attachment';
}

function refusalReason(errorName: string): string {
  if (errorName === 'UnsupportedFileError') return 'type not supported';
  if (errorName === 'EmptyFileError') return 'empty';
  if (errorName === 'FileTooLargeError') return 'too large';
  return 'not readable';
}
