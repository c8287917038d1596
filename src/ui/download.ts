/**
 * Keeping text outside the app, through the browser alone (nothing is sent anywhere): saving it
 * as a file the browser downloads, and copying it to the clipboard.
 */
import { ArchivistError } from '../core/errors.ts';

/** How long the file's object URL outlives the click that starts its download. */
const URL_LIFETIME_MS = 10_000;

export function downloadText(fileName: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS);
}

/** Copies `text`; rejects with `ClipboardError` when the browser does not allow it. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    throw new ClipboardError();
  }
}

class ClipboardError extends ArchivistError {
  readonly name = 'ClipboardError';
  constructor() {
    super('The browser did not allow copying. Select the answer’s text and copy it yourself.');
  }
}
