import type { Chunk } from '../types.ts';

/**
 * The text that is embedded and keyword-indexed for a chunk: the chunk itself, preceded by its
 * heading path when the chunk does not already start with its innermost heading, so a passage deep
 * in a section still carries the section's topic words.
 */
export function indexText(chunk: Pick<Chunk, 'text' | 'headingPath'>): string {
  const heading = chunk.headingPath.at(-1);
  if (
    !heading ||
    chunk.text
      .trimStart()
      .replace(/^#+\s*/, '')
      .startsWith(heading)
  ) {
    return chunk.text;
  }
  return `${chunk.headingPath.join(' / ')}\n${chunk.text}`;
}
