/**
 * Encodes text in a legacy encoding for tests, by inverting the runtime's TextDecoder: every
 * single byte and every two-byte sequence is decoded once, and each character keeps the first
 * bytes that decode to it. Enough for the single-byte code pages and the double-byte CJK ones
 * (Shift_JIS, GBK, EUC-KR, Big5); throws on a character the encoding cannot hold.
 */
export function encodeLegacy(text: string, encoding: string): Uint8Array {
  const table = encoderTable(encoding);
  const bytes: number[] = [];
  for (const character of text) {
    const encoded = table.get(character);
    if (!encoded) throw new Error(`${encoding} cannot encode "${character}"`);
    bytes.push(...encoded);
  }
  return Uint8Array.from(bytes);
}

const tables = new Map<string, Map<string, number[]>>();

function encoderTable(encoding: string): Map<string, number[]> {
  const cached = tables.get(encoding);
  if (cached) return cached;
  const decoder = new TextDecoder(encoding, { fatal: true });
  const table = new Map<string, number[]>();
  const add = (bytes: number[]): void => {
    let character: string;
    try {
      character = decoder.decode(Uint8Array.from(bytes));
    } catch {
      return;
    }
    if ([...character].length === 1 && !table.has(character)) table.set(character, bytes);
  };
  for (let byte = 0; byte < 0x100; byte += 1) add([byte]);
  for (let lead = 0x81; lead < 0xff; lead += 1) {
    for (let trail = 0x40; trail < 0xff; trail += 1) add([lead, trail]);
  }
  tables.set(encoding, table);
  return table;
}
