import { decodeEntities } from './html-entities.ts';

const CODE_SPAN = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g;

/**
 * Markdown inline markup to plain text: emphasis markers, link targets, image sources, inline HTML
 * tags and backslash escapes go; the words a reader sees stay. Code spans keep their content as is.
 */
export function plainInline(markdown: string): string {
  let result = '';
  let position = 0;
  for (const match of markdown.matchAll(CODE_SPAN)) {
    result += plainProse(markdown.slice(position, match.index)) + (match[2] ?? '').trim();
    position = match.index + match[0].length;
  }
  return result + plainProse(markdown.slice(position));
}

function plainProse(text: string): string {
  if (text.length === 0) return text;
  const plain = text
    .replace(/\\([!-/:-@[-`{-~])/g, (_escape, character: string) => protect(character))
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/!\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/\[([^\]]+)\]\((?:[^()\s]|\([^()]*\))*(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<((?:https?|ftp|mailto):[^\s<>]+)>/gi, '$1')
    .replace(/<([^\s<>@]+@[^\s<>@]+)>/g, '$1')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g, '')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?=[^\s*])([^*]*?[^\s*])\*(?![\w*])/g, '$1$2')
    .replace(/(^|[^\w])_(?=[^\s_])([^_]*?[^\s_])_(?!\w)/g, '$1$2')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1');
  return decodeEntities(plain).replace(PROTECTED, release);
}

/** Escaped punctuation is parked in the private use area while markup is removed. */
const PROTECTED = /[\ue021-\ue07e]/g;

function protect(character: string): string {
  return String.fromCharCode(0xe000 + character.charCodeAt(0));
}

function release(character: string): string {
  return String.fromCharCode(character.charCodeAt(0) - 0xe000);
}

/** The cells of a table row `| a | b |`, split at pipes that are not escaped or in code. */
export function tableCells(row: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let inCode = false;
  const trimmed = row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  for (let index = 0; index < trimmed.length; index += 1) {
    const character = trimmed[index];
    if (character === '\\' && trimmed[index + 1] === '|') {
      cell += '|';
      index += 1;
    } else if (character === '`') {
      inCode = !inCode;
      cell += character;
    } else if (character === '|' && !inCode) {
      cells.push(cell);
      cell = '';
    } else {
      cell += character;
    }
  }
  cells.push(cell);
  return cells.map((value) => plainInline(value.trim()));
}
