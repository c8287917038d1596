/** How far into a file a declaration is looked for (browsers look at 1 KB; pages put it later). */
const DECLARATION_BYTES = 8192;

/** `<?xml version="1.0" encoding="...">` at the very start of the file. */
const XML_DECLARATION = /^<\?xml\s[^>]*?\bencoding\s*=\s*["']([^"']+)["']/;
/** `<meta charset="...">` or `<meta http-equiv="Content-Type" content="text/html; charset=...">`. */
const META_CHARSET = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([^\s"'/>;]+)/i;

/**
 * The encoding a markup file declares for itself, as a WHATWG encoding name TextDecoder takes:
 * its XML declaration, else the first `<meta>` that names a charset. Undefined when it declares
 * none or a label no decoder knows. As in browsers, a declared UTF-16 read from bytes that spell
 * ASCII means UTF-8, and x-user-defined means windows-1252.
 */
export function declaredEncoding(bytes: Uint8Array): string | undefined {
  const head = asciiHead(bytes);
  const label = XML_DECLARATION.exec(head)?.[1] ?? META_CHARSET.exec(head)?.[1];
  if (!label) return undefined;
  if (label.trim().toLowerCase() === 'x-user-defined') return 'windows-1252';
  const encoding = encodingOfLabel(label);
  if (encoding === 'utf-16le' || encoding === 'utf-16be') return 'utf-8';
  return encoding;
}

/** The WHATWG name of an encoding label ("latin1" -> "windows-1252"), undefined when unknown. */
export function encodingOfLabel(label: string): string | undefined {
  try {
    const { encoding } = new TextDecoder(label.trim());
    return encoding === 'replacement' ? undefined : encoding;
  } catch {
    return undefined;
  }
}

/** The file's first bytes, one character per byte (only ASCII matters to the patterns). */
function asciiHead(bytes: Uint8Array): string {
  const head = bytes.subarray(0, DECLARATION_BYTES);
  let text = '';
  for (let start = 0; start < head.length; start += 4096) {
    text += String.fromCharCode(...head.subarray(start, start + 4096));
  }
  return text;
}
