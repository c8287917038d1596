import { checkFile } from '../../core/ingest/file-check.ts';

/**
 * The extensions the parse workers read (`createParserRegistry` with an OCR engine; `''` for files
 * without one), so that the library worker checks a file's type and size before reading it
 * without the registry: that held every parser and, through their lazy imports, made the library
 * worker's build emit its own copy of each parser library (2.7 MB of chunks it never loaded, all
 * precached). tests/unit/parsers/readable-files.test.ts keeps the list equal to the registry's.
 */
export const READABLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '',
  ...`
    1st adoc asciidoc bash bat bib bmp c cfg cjs clj cmake cmd conf cpp cs css csv dart diff docm
    docx eml epub erl ex exs fish fs gif go gradle graphql groovy h hpp hs htm html ini java jl
    jpeg jpg js json jsonc jsonl jsx kt latex less log lua m markdown mbox md mdown me mjs mk mkd
    msg ndjson nfo odp ods odt org otp ots ott patch pdf php pl pm png ppsx pptm pptx properties
    proto ps1 py r rb rs rst rtf sass scala scss sh sql srt sub svelte swift tex text tf tif tiff
    toml ts tsv tsx txt vb vtt vue webp xhtml xlsm xlsx xml yaml yml zsh
  `
    .trim()
    .split(/\s+/),
]);

/** `DocumentParsers.check` by `READABLE_EXTENSIONS` and the default size limit. */
export function checkReadable(path: string, size: number): void {
  checkFile(path, size, (extension) => READABLE_EXTENSIONS.has(extension));
}
