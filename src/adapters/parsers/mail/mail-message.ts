import { extractHtmlBlocks } from '../../../core/ingest/parsers/html-blocks.ts';
import type { Attachment, Block } from '../../../core/ports/parser.ts';
import { describeMailDate } from './mail-date.ts';

/** One e-mail as the mail parsers read it, whatever its file format. */
export interface MailMessage {
  subject?: string;
  from?: string;
  to?: string[];
  cc?: string[];
  /** The date as the message writes it (RFC 5322 or a JavaScript date string). */
  date?: string;
  /** Further header lines worth reading, e.g. a meeting's location. */
  details?: { label: string; value: string }[];
  body: Block[];
  attachments: Attachment[];
}

/** Shown as the heading of a message without a subject. */
const NO_SUBJECT = '(no subject)';

/**
 * A message as blocks: its subject as a heading at `level`, then one paragraph of who wrote to
 * whom, when, and what is attached, then its body (headings of an HTML body sit below the subject).
 */
export function messageBlocks(message: MailMessage, level: number): Block[] {
  const heading: Block = { kind: 'heading', level, text: message.subject?.trim() || NO_SUBJECT };
  const lines = [
    message.from ? `From: ${message.from}` : '',
    message.to?.length ? `To: ${message.to.join(', ')}` : '',
    message.cc?.length ? `Cc: ${message.cc.join(', ')}` : '',
    message.date ? `Date: ${describeMailDate(message.date)}` : '',
    ...(message.details ?? []).map(({ label, value }) => `${label}: ${value}`),
    message.attachments.length > 0
      ? `Attachments: ${message.attachments.map((attachment) => attachment.name).join(', ')}`
      : '',
  ].filter((line) => line.length > 0);
  const header: Block[] = lines.length > 0 ? [{ kind: 'paragraph', text: lines.join('\n') }] : [];
  const body = message.body.map((block) =>
    block.kind === 'heading' ? { ...block, level: Math.min(6, (block.level ?? 1) + level) } : block,
  );
  return [heading, ...header, ...body];
}

/** A plain-text body as paragraphs, split at lines that are empty or hold only spaces. */
export function plainTextBlocks(text: string): Block[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\u00a0]*\n/)
    .map((paragraph): Block => ({ kind: 'paragraph', text: paragraph }));
}

/** An HTML body as blocks, markup dropped (never run). Its <title> is not the message's. */
export function htmlBodyBlocks(html: string): Block[] {
  return extractHtmlBlocks(html).blocks;
}

/** The body a reader sees: the plain-text part when it has words, else the HTML part. */
export function bodyBlocks(text: string | undefined, html: string | undefined): Block[] {
  if (text !== undefined && /\S/.test(text)) return plainTextBlocks(text);
  if (html !== undefined) return htmlBodyBlocks(html);
  return [];
}
