import { join } from 'node:path';

/**
 * The shared development set of real-world documents (`shared/realdocs`, see its README):
 * subfolders pdf, office, text, mail and images, files unchanged from parsers' public test suites.
 */
export const REALDOCS = new URL('../../../shared/realdocs', import.meta.url).pathname;

/** The path of a file of the set, e.g. `realdoc('text', 'test.html')`. */
export function realdoc(folder: string, name: string): string {
  return join(REALDOCS, folder, name);
}
