import { CorruptFileError } from '../../../core/errors.ts';
import { documentFromBlocks } from '../../../core/ingest/parsed-document.ts';
import type {
  Attachment,
  Block,
  ParsedDocument,
  ParseInput,
  Parser,
} from '../../../core/ports/parser.ts';
import { messageBlocks } from './mail-message.ts';
import { splitMbox } from './mbox-split.ts';
import { readMimeMessage } from './mime-message.ts';

/** Messages read from one mailbox at most; the rest are named in a warning. */
export const MAX_MBOX_MESSAGES = 2000;

/**
 * Mailboxes (.mbox, mboxo and mboxrd): one document, each message's subject a heading with its
 * header paragraph and body under it. Attachments are named "message N/<file name>" (N counts
 * from 1 in the file's order). A message that cannot be read is skipped with a warning, and a
 * mailbox over `MAX_MBOX_MESSAGES` is read up to that many, with a warning.
 */
export const mboxParser: Parser = {
  extensions: ['mbox'],
  async parse({ path, bytes, signal }: ParseInput): Promise<ParsedDocument> {
    const messages = splitMbox(bytes);
    const blocks: Block[] = [];
    const attachments: Attachment[] = [];
    const unreadable: number[] = [];
    const read = messages.slice(0, MAX_MBOX_MESSAGES);
    for (const [index, bytesOfMessage] of read.entries()) {
      signal?.throwIfAborted();
      const ordinal = index + 1;
      try {
        const message = await readMimeMessage(path, bytesOfMessage);
        blocks.push(...messageBlocks(message, 1));
        for (const attachment of message.attachments) {
          attachments.push({
            name: `message ${ordinal}/${attachment.name}`,
            bytes: attachment.bytes,
          });
        }
      } catch (error) {
        if (!(error instanceof CorruptFileError)) throw error;
        unreadable.push(ordinal);
      }
    }
    if (blocks.length === 0) {
      throw new CorruptFileError(path, 'it holds no readable e-mail message');
    }
    const document = documentFromBlocks(path, blocks);
    const warnings = mailboxWarnings(messages.length, unreadable);
    if (warnings.length > 0) document.warnings = warnings;
    if (attachments.length > 0) document.attachments = attachments;
    return document;
  },
};

function mailboxWarnings(total: number, unreadable: readonly number[]): string[] {
  const warnings: string[] = [];
  if (unreadable.length > 0) {
    const listed = unreadable.slice(0, 20).join(', ');
    const more = unreadable.length > 20 ? ` and ${unreadable.length - 20} more` : '';
    warnings.push(
      `${unreadable.length} message${unreadable.length === 1 ? '' : 's'} without e-mail headers skipped: ${listed}${more}`,
    );
  }
  if (total > MAX_MBOX_MESSAGES) {
    warnings.push(
      `Only the first ${MAX_MBOX_MESSAGES.toLocaleString('en')} of its ${total.toLocaleString('en')} messages were indexed; split the mailbox in your mail program to index the rest.`,
    );
  }
  return warnings;
}
