import { CorruptFileError } from '../../../core/errors.ts';
import { extractHtmlBlocks } from '../../../core/ingest/parsers/html-blocks.ts';
import { documentFromBlocks } from '../../../core/ingest/parsed-document.ts';
import type { Block, ParsedDocument, ParseInput } from '../../../core/ports/parser.ts';
import { attribute, child, children, descendants, type Element, parseXml, textOf } from './xml.ts';
import { resolvePartPath, ZipArchive } from './zip-archive.ts';

const CONTAINER = 'META-INF/container.xml';

interface ManifestItem {
  path: string;
  mediaType: string;
  properties: string;
}

/**
 * EPUB books: the chapters in the order of the package's spine, each read by the HTML block
 * extractor, under its title from the table of contents (the EPUB 3 nav document, else the EPUB 2
 * NCX) unless the chapter starts with that heading itself. The title is the package's dc:title.
 * Chapters under DRM cannot be read and fail with a message that says so.
 */
export async function parseEpub({ path, bytes }: ParseInput): Promise<ParsedDocument> {
  const archive = ZipArchive.open(
    path,
    bytes,
    (name) => !/\.(png|jpe?g|gif|svg|webp|ttf|otf|woff2?|mp3|mp4|css)$/i.test(name),
  );
  const packagePath = packagePart(path, archive);
  const opf = parseXml(path, packagePath, archive.text(packagePath)!);
  const manifest = new Map<string, ManifestItem>();
  for (const item of descendants(opf, 'item')) {
    manifest.set(attribute(item, 'id') ?? '', {
      path: resolvePartPath(packagePath, attribute(item, 'href') ?? ''),
      mediaType: attribute(item, 'media-type') ?? '',
      properties: attribute(item, 'properties') ?? '',
    });
  }
  const spine = child(opf, 'spine');
  const chapters = (spine ? children(spine, 'itemref') : [])
    .map((reference) => manifest.get(attribute(reference, 'idref') ?? ''))
    .filter((item): item is ManifestItem => item !== undefined && archive.has(item.path));
  rejectEncrypted(path, archive, chapters);
  const titles = chapterTitles(path, archive, manifest, spine);
  const blocks: Block[] = [];
  for (const chapter of chapters) {
    const chapterBlocks = extractHtmlBlocks(archive.text(chapter.path)!).blocks;
    const title = titles.get(chapter.path);
    const first = chapterBlocks.find((block) => block.text.trim().length > 0);
    if (
      title &&
      chapterBlocks.length > 0 &&
      !(first?.kind === 'heading' && sameWords(first.text, title))
    ) {
      blocks.push({ kind: 'heading', level: 1, text: title });
    }
    blocks.push(...chapterBlocks);
  }
  const bookTitle = descendants(opf, 'title')[0];
  const title = bookTitle ? textOf(bookTitle).replace(/\s+/g, ' ').trim() : undefined;
  return documentFromBlocks(path, blocks, title || undefined);
}

/** The package document (.opf) that META-INF/container.xml points to. */
function packagePart(path: string, archive: ZipArchive): string {
  const container = archive.text(CONTAINER);
  const rootfile =
    container === undefined
      ? undefined
      : descendants(parseXml(path, CONTAINER, container), 'rootfile')[0];
  const fullPath = rootfile && attribute(rootfile, 'full-path');
  const part = fullPath
    ? resolvePartPath('', fullPath)
    : archive.names.find((name) => name.endsWith('.opf'));
  if (part === undefined || !archive.has(part)) {
    throw new CorruptFileError(path, 'it has no package document (.opf) that lists its chapters');
  }
  return part;
}

/** Chapter title per chapter file: the first table-of-contents entry that points into it. */
function chapterTitles(
  path: string,
  archive: ZipArchive,
  manifest: Map<string, ManifestItem>,
  spine: Element | undefined,
): Map<string, string> {
  const titles = new Map<string, string>();
  const add = (base: string, href: string, label: string): void => {
    const target = resolvePartPath(base, href);
    const text = label.replace(/\s+/g, ' ').trim();
    if (text && !titles.has(target)) titles.set(target, text);
  };
  const items = [...manifest.values()];
  const nav = items.find((item) => item.properties.split(/\s+/).includes('nav'));
  const navXml = nav && archive.text(nav.path);
  if (nav && navXml !== undefined) {
    const tocs = descendants(parseXml(path, nav.path, navXml), 'nav');
    const toc = tocs.find((element) => attribute(element, 'type') === 'toc') ?? tocs[0];
    for (const link of toc ? descendants(toc, 'a') : [])
      add(nav.path, attribute(link, 'href') ?? '', textOf(link));
    if (titles.size > 0) return titles;
  }
  const ncxId = spine && attribute(spine, 'toc');
  const ncx =
    (ncxId ? manifest.get(ncxId) : undefined) ??
    items.find((item) => item.mediaType === 'application/x-dtbncx+xml');
  const ncxXml = ncx && archive.text(ncx.path);
  if (ncx && ncxXml !== undefined) {
    for (const point of descendants(parseXml(path, ncx.path, ncxXml), 'navPoint')) {
      const label = child(point, 'navLabel');
      const content = child(point, 'content');
      if (label && content) add(ncx.path, attribute(content, 'src') ?? '', textOf(label));
    }
  }
  return titles;
}

/** Chapters listed in META-INF/encryption.xml are under DRM (obfuscated fonts are not chapters). */
function rejectEncrypted(path: string, archive: ZipArchive, chapters: ManifestItem[]): void {
  const xml = archive.text('META-INF/encryption.xml');
  if (xml === undefined) return;
  const encrypted = new Set(
    descendants(parseXml(path, 'META-INF/encryption.xml', xml), 'CipherReference').map(
      (reference) => resolvePartPath('', attribute(reference, 'URI') ?? ''),
    ),
  );
  if (chapters.some((chapter) => encrypted.has(chapter.path))) {
    throw new CorruptFileError(
      path,
      'its chapters are encrypted (DRM); Archivist reads only EPUB books without DRM',
    );
  }
}

function sameWords(a: string, b: string): boolean {
  const words = (text: string): string =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return words(a) === words(b) || words(a).endsWith(words(b)) || words(b).endsWith(words(a));
}
