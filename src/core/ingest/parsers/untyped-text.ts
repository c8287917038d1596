import type { ParsedDocument, ParseInput, Parser } from '../../ports/parser.ts';
import { htmlParser } from './html.ts';
import { sourceCodeParser } from './source-code.ts';
import { textParser } from './text.ts';

/**
 * Files without an extension that hold code or settings rather than prose (lower-case names):
 * read as code, a block per run of lines.
 */
const CODE_FILE_NAMES = new Set([
  ...['makefile', 'gnumakefile', 'dockerfile', 'containerfile', 'jenkinsfile', 'vagrantfile'],
  ...['rakefile', 'gemfile', 'podfile', 'brewfile', 'procfile', 'justfile', 'pipfile'],
  ...['.bashrc', '.bash_profile', '.zshrc', '.profile', '.vimrc', '.editorconfig'],
  ...['.gitignore', '.gitattributes', '.npmrc', '.env'],
]);

/** The start of an HTML page saved without its extension. */
const HTML_START = /^\s*(?:<!doctype\s+html|<html[\s>])/i;

/**
 * Files without an extension (README, LICENSE, COPYING, Makefile, .bashrc, ...), read by their
 * content: an HTML page as HTML, a known build or settings file as code, any other text as plain
 * text. Binary content is refused with BinaryFileError, which says what gave it away.
 */
export const untypedTextParser: Parser = {
  extensions: [''],
  async parse(input: ParseInput): Promise<ParsedDocument> {
    const name = (input.path.split('/').at(-1) ?? input.path).toLowerCase();
    if (CODE_FILE_NAMES.has(name)) return sourceCodeParser.parse(input);
    if (HTML_START.test(latin1Start(input.bytes))) return htmlParser.parse(input);
    return textParser.parse(input);
  },
};

/** The first bytes as characters, enough to see how the file starts (past a byte order mark). */
function latin1Start(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes.subarray(0, 256)).replace(/^\u00ef\u00bb\u00bf/, '');
}
