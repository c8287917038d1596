import type { Block, ParsedDocument, ParseInput, Parser } from '../../ports/parser.ts';
import { documentFromBlocks } from '../parsed-document.ts';
import { extensionOf } from '../file-check.ts';
import { decodeText } from '../text-decoding.ts';

/**
 * Source code and configuration files: the file name as heading, then one code block per run of
 * non-blank lines (functions, classes and sections are usually set apart by blank lines).
 */
export const sourceCodeParser: Parser = {
  extensions: [
    ...['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'py', 'java', 'c', 'h', 'cpp', 'hpp', 'cs', 'go'],
    ...['rs', 'rb', 'php', 'swift', 'kt', 'scala', 'sh', 'sql', 'css', 'scss'],
    ...['pl', 'pm', 'r', 'lua', 'dart', 'm', 'hs', 'ex', 'exs', 'erl', 'clj', 'fs', 'vb', 'jl'],
    ...['bat', 'cmd', 'ps1', 'bash', 'zsh', 'fish', 'less', 'sass', 'vue', 'svelte', 'groovy'],
    ...['gradle', 'cmake', 'mk', 'tf', 'proto', 'graphql', 'diff', 'patch'],
    ...['yaml', 'yml', 'toml', 'xml', 'ini', 'cfg', 'conf', 'properties'],
  ],
  async parse({ path, bytes }: ParseInput): Promise<ParsedDocument> {
    const name = path.split('/').at(-1) ?? path;
    const markup = extensionOf(path) === 'xml';
    const blocks: Block[] = decodeText(path, bytes, { markup })
      .split(/\n[ \t]*\n/)
      .map((text): Block => ({ kind: 'code', text }));
    if (!blocks.some((block) => block.text.trim().length > 0)) return documentFromBlocks(path, []);
    return documentFromBlocks(path, [{ kind: 'heading', level: 1, text: name }, ...blocks], name);
  },
};
