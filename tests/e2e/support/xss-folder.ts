/**
 * The hostile folder for tests/e2e/xss.test.ts, written at test time (nothing of it is committed):
 * the XSS corpus in the text of a Markdown, text, HTML, CSV and JSON file, in the names of small
 * notes, of two files Archivist skips, and of the folder itself. Each file carries a search word of
 * its own, so a search finds it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { XSS_PAYLOADS, type XssPayload } from '../../fixtures/xss-payloads.ts';

/** A file of the corpus, what to search to find it and what its text must show. */
export interface HostileDocument {
  name: string;
  searchWord: string;
  /** Payload text the document viewer must show as text. */
  visible: string[];
}

export interface HostileFolder {
  path: string;
  /** The folder's name: the collection's, a payload fragment in it. */
  name: string;
  documents: HostileDocument[];
  /** Notes named after payloads; each holds NOTE_WORD. */
  noteNames: string[];
  /** Files Archivist skips (unsupported, empty), named after payloads. */
  skippedNames: string[];
}

/** The search word in every note named after a payload. */
export const NOTE_WORD = 'pangolin';

const NAMED = XSS_PAYLOADS.filter((payload) => payload.fileName !== undefined);

export async function writeHostileFolder(parent: string): Promise<HostileFolder> {
  const name = 'xss corpus <svg onload=window.__xss=3>';
  const path = join(parent, name);
  await mkdir(path);
  const documents: HostileDocument[] = [
    { name: 'payloads.txt', searchWord: 'zanzibar', visible: visibleOf(XSS_PAYLOADS) },
    // The Markdown parser drops tags from prose; the copies in code blocks are kept verbatim.
    { name: 'payloads.md', searchWord: 'quokka', visible: visibleOf(XSS_PAYLOADS) },
    { name: 'payloads.html', searchWord: 'marmoset', visible: visibleOf(XSS_PAYLOADS) },
    { name: 'payloads.csv', searchWord: 'wombat', visible: visibleOf(XSS_PAYLOADS) },
    { name: 'payloads.json', searchWord: 'axolotl', visible: visibleOf(XSS_PAYLOADS) },
  ];
  await writeFile(join(path, 'payloads.txt'), textDocument());
  await writeFile(join(path, 'payloads.md'), markdownDocument());
  await writeFile(join(path, 'payloads.html'), htmlDocument());
  await writeFile(join(path, 'payloads.csv'), csvDocument());
  await writeFile(join(path, 'payloads.json'), jsonDocument());
  const noteNames = NAMED.map((payload) => `${payload.fileName} note ${payload.id}.txt`);
  for (const [index, noteName] of noteNames.entries()) {
    const id = NAMED[index]?.id;
    const note = `A harmless note about the lighthouse keeper, filed under payload ${id}. Search word: ${NOTE_WORD}.`;
    await writeFile(join(path, noteName), note);
  }
  const skippedNames = [
    `${XSS_PAYLOADS[1]?.fileName} unsupported.exe`,
    `${XSS_PAYLOADS[21]?.fileName} empty.txt`,
  ];
  await writeFile(join(path, skippedNames[0] ?? ''), 'MZ not a document');
  await writeFile(join(path, skippedNames[1] ?? ''), '');
  return { path, name, documents, noteNames, skippedNames };
}

function visibleOf(payloads: readonly XssPayload[]): string[] {
  return payloads.map((payload) => payload.visible);
}

function textDocument(): string {
  const lines = XSS_PAYLOADS.map(
    (payload) => `Payload ${payload.id} (${payload.technique}): ${payload.payload}`,
  );
  // One paragraph each: a long paragraph may be cut into blocks between two words.
  return ['XSS corpus as plain text. Search word: zanzibar.', ...lines, ''].join('\n\n');
}

function markdownDocument(): string {
  const sections = XSS_PAYLOADS.map((payload) =>
    [
      `## Payload ${payload.id}: ${payload.technique}`,
      '',
      payload.payload,
      '',
      '```',
      payload.payload,
      '```',
    ].join('\n'),
  );
  return ['# XSS corpus in Markdown', '', 'Search word: quokka.', '', ...sections, ''].join('\n\n');
}

/** Each payload escaped (shown as text), then all of them as live markup at the end. */
function htmlDocument(): string {
  const escaped = XSS_PAYLOADS.map(
    (payload) => `<p>Payload ${payload.id}: ${escapeHtml(payload.payload)}</p>`,
  );
  const live = XSS_PAYLOADS.map((payload) => payload.payload);
  return [
    '<!doctype html>',
    '<html><head><title>XSS corpus</title></head><body>',
    '<h1>XSS corpus in HTML</h1>',
    '<p>Search word: marmoset.</p>',
    ...escaped,
    '<p>The same payloads, live:</p>',
    ...live,
    '</body></html>',
  ].join('\n');
}

function csvDocument(): string {
  const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
  const rows = XSS_PAYLOADS.map((payload) =>
    [String(payload.id), quote(payload.technique), quote(payload.payload)].join(','),
  );
  return ['id,technique,payload', '0,"search word","wombat"', ...rows, ''].join('\n');
}

function jsonDocument(): string {
  const payloads = XSS_PAYLOADS.map(({ id, technique, payload }) => ({ id, technique, payload }));
  return JSON.stringify({ corpus: 'XSS corpus as JSON. Search word: axolotl.', payloads }, null, 2);
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}
