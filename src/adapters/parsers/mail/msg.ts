import type { decompressRTF } from '@kenjiuno/decompressrtf';
import type MsgReader from '@kenjiuno/msgreader';
import type { FieldsData } from '@kenjiuno/msgreader';
import { ArchivistError, CorruptFileError } from '../../../core/errors.ts';
import { documentFromBlocks } from '../../../core/ingest/parsed-document.ts';
import type {
  Attachment,
  Block,
  DocumentParsers,
  ParsedDocument,
  ParseInput,
  Parser,
} from '../../../core/ports/parser.ts';
import { attachmentFileName } from './attachment-names.ts';
import { compoundFileDamage } from './compound-file-check.ts';
import {
  htmlBodyBlocks,
  messageBlocks,
  plainTextBlocks,
  type MailMessage,
} from './mail-message.ts';
import { decodeCodepage } from './codepages.ts';
import { describeMailDate } from './mail-date.ts';

/**
 * Reads a message body kept only as RTF into blocks; throws a named error when it cannot (the
 * registry's RTF parser, or UnsupportedFileError where there is none).
 */
export type RtfBodyReader = (path: string, rtf: Uint8Array) => Promise<Block[]>;

/** Reads an RTF body with the parsers' own reader of .rtf files. */
export function rtfBodyReader(parsers: DocumentParsers): RtfBodyReader {
  return async (path, rtf) =>
    (await parsers.parse({ path: `${path}/body.rtf`, bytes: rtf })).blocks;
}

/**
 * Outlook items (.msg) through msgreader, loaded on first use: subject, sender, recipients, date
 * (sent, else received, else created), a meeting's location and times, and the body: plain text,
 * else HTML, else the compressed RTF (decompressed, then read by `readRtf`). Attached files and
 * attached Outlook items (as .msg files) come back as `attachments`; hidden ones (pictures of the
 * HTML body) are left out.
 */
export function createMsgParser(readRtf: RtfBodyReader): Parser {
  return {
    extensions: ['msg'],
    async parse({ path, bytes }: ParseInput): Promise<ParsedDocument> {
      const Reader = await loadMsgReader();
      const damage = compoundFileDamage(bytes);
      if (damage) throw new CorruptFileError(path, `not a readable Outlook message: ${damage}`);
      try {
        const reader = new Reader(bytes.slice().buffer);
        const fields = reader.getFileData();
        if (fields.error) throw new Error(fields.error);
        const warnings: string[] = [];
        const message: MailMessage = {
          body: await bodyOf(path, fields, readRtf, warnings),
          attachments: attachmentsOf(reader, fields),
          ...headersOf(fields),
        };
        const document = documentFromBlocks(path, messageBlocks(message, 1), message.subject);
        if (message.attachments.length > 0) document.attachments = message.attachments;
        if (warnings.length > 0) document.warnings = warnings;
        return document;
      } catch (error) {
        // A damaged item makes msgreader throw, or hand fields of the wrong type that fail later.
        if (error instanceof ArchivistError) throw error;
        const detail = error instanceof Error ? error.message : String(error);
        throw new CorruptFileError(path, `not a readable Outlook message: ${detail}`);
      }
    },
  };
}

function headersOf(fields: FieldsData): Omit<MailMessage, 'body' | 'attachments'> {
  const recipients = (type: string) =>
    (fields.recipients ?? [])
      .filter((recipient) => recipient.recipType === type)
      .map((recipient) => person(recipient.name, recipient.smtpAddress ?? recipient.email));
  const headers: Omit<MailMessage, 'body' | 'attachments'> = {};
  if (fields.subject) headers.subject = fields.subject;
  const sender = person(fields.senderName, fields.senderSmtpAddress ?? fields.senderEmail);
  if (sender) headers.from = sender;
  const to = recipients('to').filter(Boolean);
  const cc = recipients('cc').filter(Boolean);
  if (to.length > 0) headers.to = to;
  if (cc.length > 0) headers.cc = cc;
  const date = fields.clientSubmitTime ?? fields.messageDeliveryTime ?? fields.creationTime;
  if (date) headers.date = date;
  const details = [
    { label: 'Location', value: fields.apptLocation ?? '' },
    {
      label: 'Starts',
      value: fields.apptStartWhole ? describeMailDate(fields.apptStartWhole) : '',
    },
    { label: 'Ends', value: fields.apptEndWhole ? describeMailDate(fields.apptEndWhole) : '' },
  ].filter((detail) => detail.value.trim().length > 0);
  if (details.length > 0) headers.details = details;
  return headers;
}

/** "Name <address>"; an Exchange address ("/o=...") is not one a reader can use and is left out. */
function person(name: string | undefined, address: string | undefined): string {
  const mailbox = address && !address.startsWith('/') ? address : '';
  if (!name) return mailbox;
  return mailbox && mailbox !== name ? `${name} <${mailbox}>` : name;
}

async function bodyOf(
  path: string,
  fields: FieldsData,
  readRtf: RtfBodyReader,
  warnings: string[],
): Promise<Block[]> {
  if (fields.body && /\S/.test(fields.body)) return plainTextBlocks(fields.body);
  const html =
    fields.bodyHtml ?? (fields.html && decodeCodepage(fields.html, fields.internetCodepage));
  if (html) return htmlBodyBlocks(html);
  if (!fields.compressedRtf) return [];
  const decompress = await loadDecompressRtf();
  try {
    const rtf = Uint8Array.from(decompress([...fields.compressedRtf]));
    return await readRtf(path, rtf);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    warnings.push(`Its body is stored only as RTF, which could not be read: ${detail}`);
    return [];
  }
}

function attachmentsOf(
  reader: { getAttachment(attach: FieldsData): { fileName: string; content: Uint8Array } },
  fields: FieldsData,
): Attachment[] {
  return (fields.attachments ?? [])
    .filter((attachment) => !attachment.attachmentHidden)
    .map((attachment, index) => {
      const { content } = reader.getAttachment(attachment);
      const embedded = attachment.innerMsgContent === true;
      const given = embedded
        ? `${attachment.innerMsgContentFields?.subject || attachment.name || 'message'}.msg`
        : attachment.fileName || attachment.name || attachment.fileNameShort;
      const mimeType = embedded ? 'application/vnd.ms-outlook' : (attachment.attachMimeTag ?? '');
      return { name: attachmentFileName(given, mimeType, index + 1), bytes: content };
    });
}

/*
 * Both libraries are CommonJS. Node hands their exports as the module's own; a browser bundle
 * hands `module.exports` as the default export, so MsgReader's class is one level further down.
 */

async function loadMsgReader(): Promise<typeof MsgReader> {
  const exported: unknown = (await import('@kenjiuno/msgreader')).default;
  return typeof exported === 'function'
    ? (exported as typeof MsgReader)
    : (exported as { default: typeof MsgReader }).default;
}

async function loadDecompressRtf(): Promise<typeof decompressRTF> {
  const module: { decompressRTF?: typeof decompressRTF; default?: unknown } =
    await import('@kenjiuno/decompressrtf');
  return (
    module.decompressRTF ??
    (module.default as { decompressRTF: typeof decompressRTF }).decompressRTF
  );
}
