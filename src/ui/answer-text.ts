/**
 * Where an answer's headings sit: the answer itself is read into a Markdown tree by
 * `parseAnswerMarkdown` (src/core/markdown/) and rendered element by element, never as HTML.
 */

/** The heading element for a Markdown heading `level` in an answer headed by `answerLevel`. */
export function headingElement(level: number, answerLevel: number): string {
  return `h${Math.min(6, answerLevel + (level <= 2 ? 1 : 2))}`;
}
