/** File extensions for the MIME types mail commonly carries, so a nameless part gets a type. */
const EXTENSIONS: Record<string, string> = {
  'text/plain': 'txt',
  'text/html': 'html',
  'text/csv': 'csv',
  'text/markdown': 'md',
  'text/calendar': 'ics',
  'text/rtf': 'rtf',
  'application/rtf': 'rtf',
  'application/json': 'json',
  'application/pdf': 'pdf',
  'message/rfc822': 'eml',
  'application/vnd.ms-outlook': 'msg',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/epub+zip': 'epub',
  'application/zip': 'zip',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/tiff': 'tif',
  'image/bmp': 'bmp',
};

/**
 * The file name an attachment is indexed under: the name the message gives it (with the extension
 * of its MIME type added when the name has none), else "attachment N" with that extension.
 */
export function attachmentFileName(
  given: string | null | undefined,
  mimeType: string,
  ordinal: number,
): string {
  const extension = EXTENSIONS[mimeType.toLowerCase()];
  const name = given?.replace(/\s+/g, ' ').trim() || `attachment ${ordinal}`;
  if (!extension || /\.[A-Za-z0-9]{1,5}$/.test(name)) return name;
  return `${name}.${extension}`;
}
