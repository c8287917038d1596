/** Document text shown as Markdown must not turn into emphasis, links or fake citations. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>#|]/g, (character) => `\\${character}`);
}
