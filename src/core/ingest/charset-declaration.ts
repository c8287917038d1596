/** How far into a file a declaration is looked for (browsers look at 1 KB; pages put it later). */
const DECLARATION_BYTES = 8192;

/** `<?xml version="1.0" encoding="...">` at the very start of the file. */
const XML_DECLARATION = /^<\?xml\s[^>]*?\bencoding\s*=\s*["']([^"']+)["']/;
/** `<meta charset="...">` or `<meta http-equiv="Content-Type" content="text/html; charset=...">`. */
const META_CHARSET = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([^\s"'/>;]+)/gi;

/**
 * The encoding a markup file declares for itself, as a WHATWG encoding name TextDecoder takes:
 * its XML declaration, else the first `<meta>` whose charset a decoder knows (as browsers skip a
 * `<meta>` with an unknown label). Undefined when it declares none it can read. As in browsers, a
 * declared UTF-16 read from bytes that spell ASCII means UTF-8, and x-user-defined
 * windows-1252.
 */
export function declaredEncoding(bytes: Uint8Array): string | undefined {
  const head = asciiHead(bytes);
  const xmlLabel = XML_DECLARATION.exec(head)?.[1];
  const labels = xmlLabel ? [xmlLabel] : [...head.matchAll(META_CHARSET)].map((match) => match[1]!);
  for (const label of labels) {
    const encoding = declaredLabel(label);
    if (encoding) return encoding;
  }
  return undefined;
}

function declaredLabel(label: string): string | undefined {
  if (label.trim().toLowerCase() === 'x-user-defined') return 'windows-1252';
  const encoding = encodingOfLabel(label);
  return encoding === 'utf-16le' || encoding === 'utf-16be' ? 'utf-8' : encoding;
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
