/** Soft hyphens, zero-width (non-)joiners and direction marks: not seen, and they split words. */
const INVISIBLE = /[\u00ad\u200c-\u200f]/g;

/**
 * `text` without the invisible characters that markup writes as `&shy;`, `&zwnj;`, `&zwj;`,
 * `&lrm;` and `&rlm;`: a reader does not see them, and keyword search would split a word at them.
 */
export function withoutInvisibleCharacters(text: string): string {
  return text.replace(INVISIBLE, '');
}
