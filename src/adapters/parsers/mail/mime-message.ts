import type { Address, Attachment as MimePart, Email } from 'postal-mime';
import { CorruptFileError } from '../../../core/errors.ts';
import { decodeText } from '../../../core/ingest/text-decoding.ts';
import type { Attachment } from '../../../core/ports/parser.ts';
import { attachmentFileName } from './attachment-names.ts';
import { bodyBlocks, type MailMessage } from './mail-message.ts';

/**
 * Reads one MIME message (RFC 5322) with postal-mime, loaded on first use: headers, the text body
 * (else the HTML one), charsets and transfer encodings as the library decodes them. Attached files
 * and attached messages (message/rfc822 with a file disposition) become attachments; pictures the
 * HTML body shows by Content-ID are part of its layout and are left out; a forwarded message
 * shown inline stays in the body, as the library reads it. Throws CorruptFileError for text with
 * no header at all.
 */
export async function readMimeMessage(path: string, bytes: Uint8Array): Promise<MailMessage> {
  const { default: PostalMime } = await import('postal-mime');
  const email = await PostalMime.parse(bytes, { attachmentEncoding: 'arraybuffer' });
  if (email.headers.length === 0) throw new CorruptFileError(path, 'it holds no e-mail headers');
  const message: MailMessage = {
    body: bodyBlocks(undeclaredText(email, bytes) ?? email.text, email.html),
    attachments: attachmentsOf(email),
  };
  if (email.subject) message.subject = email.subject;
  const from = email.from ?? email.sender;
  if (from) message.from = formatAddress(from);
  if (email.to?.length) message.to = email.to.map(formatAddress);
  if (email.cc?.length) message.cc = email.cc.map(formatAddress);
  const date = email.headers.find((header) => header.key === 'date')?.value ?? email.date;
  if (date) message.date = date;
  return message;
}

/**
 * The body of a message in a legacy encoding that names no charset (old mail without MIME, as
 * mailboxes keep it): the library reads it as UTF-8 and loses every accented letter, so the raw
 * body is decoded as a text file is (UTF-8, else the detected legacy encoding). Only a single
 * text/plain body without a charset and without a transfer encoding is read this way.
 */
function undeclaredText(email: Email, bytes: Uint8Array): string | undefined {
  if (!email.text?.includes('\uFFFD')) return undefined;
  const header = (key: string) => email.headers.find((line) => line.key === key)?.value ?? '';
  const type = header('content-type');
  if (type && (!/^\s*text\/plain\b/i.test(type) || /charset\s*=/i.test(type))) return undefined;
  if (!/^\s*(7bit|8bit|binary)?\s*$/i.test(header('content-transfer-encoding'))) return undefined;
  const blankLine = /\r?\n\r?\n/.exec(new TextDecoder('latin1').decode(bytes));
  if (!blankLine) return undefined;
  try {
    return decodeText('body', bytes.subarray(blankLine.index + blankLine[0].length));
  } catch {
    return undefined;
  }
}

function attachmentsOf(email: Email): Attachment[] {
  return email.attachments
    .filter((part) => !(part.related && part.mimeType.startsWith('image/')))
    .map((part, index) => ({
      name: attachmentFileName(part.filename ?? part.description, part.mimeType, index + 1),
      bytes: contentBytes(part),
    }));
}

function contentBytes(part: MimePart): Uint8Array {
  const { content } = part;
  if (typeof content === 'string') return new TextEncoder().encode(content);
  return content instanceof Uint8Array ? content : new Uint8Array(content);
}

/** "Name <address>", the address alone, or a group as "Group: a, b". */
function formatAddress(address: Address): string {
  if (address.group) return `${address.name}: ${address.group.map(formatAddress).join(', ')}`;
  if (!address.name) return address.address;
  return address.address ? `${address.name} <${address.address}>` : address.name;
}
