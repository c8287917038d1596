/**
 * `text` without soft hyphens (U+00AD, `&shy;`): a hint where a word may break at a line end,
 * never seen inside a line, and keyword search would split the word at it. Other invisible
 * characters (zero-width joiners, direction marks) stay: scripts such as Persian and Arabic need
 * them to show their words.
 */
export function withoutSoftHyphens(text: string): string {
  return text.replaceAll('\u00ad', '');
}
