/** Windows code page numbers that are not "windows-<number>" in the Encoding Standard. */
const CODEPAGE_LABELS: Record<number, string> = {
  65001: 'utf-8',
  20127: 'us-ascii',
  28591: 'iso-8859-1',
  28592: 'iso-8859-2',
  28595: 'iso-8859-5',
  28597: 'iso-8859-7',
  28605: 'iso-8859-15',
  932: 'shift_jis',
  936: 'gbk',
  949: 'euc-kr',
  950: 'big5',
  20866: 'koi8-r',
  51932: 'euc-jp',
  54936: 'gb18030',
};

/**
 * Text in an Outlook item's code page (PidTagInternetCodepage): UTF-8 when it names none or one
 * this runtime cannot decode.
 */
export function decodeCodepage(bytes: Uint8Array, codepage: number | undefined): string {
  const label =
    codepage === undefined ? 'utf-8' : (CODEPAGE_LABELS[codepage] ?? `windows-${codepage}`);
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
