import { CorruptFileError, PasswordProtectedError } from '../../../core/errors.ts';

/** The signature of an OLE compound file: old Office files (.doc, .xls, .ppt), encrypted ones. */
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** The stream that marks an encrypted Office file, as a compound file's directory names it. */
const ENCRYPTION_INFO = 'encryptioninfo';

const OLD_FORMAT: Readonly<Record<string, string>> = {
  docx: 'an old-format Word (.doc)',
  xlsx: 'an old-format Excel (.xls)',
  pptx: 'an old-format PowerPoint (.ppt)',
};

/**
 * An Office Open XML file is a ZIP package. A password-protected one is instead an OLE compound
 * file holding an "EncryptionInfo" stream (named in UTF-16, in any letter case); an old binary
 * Office file given a new extension is one too. Both get a message that says what to do.
 */
export function rejectCompoundFile(path: string, bytes: Uint8Array): void {
  if (!COMPOUND_FILE.every((byte, index) => bytes[index] === byte)) return;
  if (includesUtf16Name(bytes, ENCRYPTION_INFO)) throw new PasswordProtectedError(path);
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  const kind = OLD_FORMAT[extension] ?? 'an old-format Office';
  throw new CorruptFileError(
    path,
    `it is ${kind} or other Office file with a .${extension} name; open it in Office and save it as .${extension}`,
  );
}

/** Whether the bytes hold the ASCII name as UTF-16 LE, letters in any case. */
function includesUtf16Name(bytes: Uint8Array, lowerCaseName: string): boolean {
  const first = lowerCaseName.charCodeAt(0);
  const last = bytes.length - lowerCaseName.length * 2;
  for (let at = 0; at <= last; at += 1) {
    if ((bytes[at]! | 0x20) !== first || bytes[at + 1] !== 0) continue;
    let index = 1;
    while (
      index < lowerCaseName.length &&
      (bytes[at + index * 2]! | 0x20) === lowerCaseName.charCodeAt(index) &&
      bytes[at + index * 2 + 1] === 0
    ) {
      index += 1;
    }
    if (index === lowerCaseName.length) return true;
  }
  return false;
}
