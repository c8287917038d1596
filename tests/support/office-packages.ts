import { strToU8, zipSync } from 'fflate';

/** A ZIP package of the given parts (text as UTF-8), as Office and OpenDocument files are. */
export function zipOf(parts: Record<string, string | Uint8Array>): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [name, content] of Object.entries(parts)) {
    entries[name] = typeof content === 'string' ? strToU8(content) : content;
  }
  return zipSync(entries);
}

/** The relationships part listing `targets` by id ("rId1": ["…/slide", "slides/slide1.xml"]). */
export function relsOf(targets: Record<string, [type: string, target: string]>): string {
  const items = Object.entries(targets).map(
    ([id, [type, target]]) =>
      `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`,
  );
  return `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items.join('')}</Relationships>`;
}

/** docProps/core.xml with a title. */
export function coreWithTitle(title: string): string {
  return `<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${title}</dc:title></cp:coreProperties>`;
}

/** An OLE compound file's first bytes followed by a stream name in UTF-16 LE. */
export function compoundFileNaming(streamName: string): Uint8Array {
  const signature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  const name = [...streamName].flatMap((character) => [character.charCodeAt(0), 0]);
  return Uint8Array.from([...signature, ...new Array<number>(504).fill(0), ...name]);
}
