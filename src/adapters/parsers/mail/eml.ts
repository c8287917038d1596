import { documentFromBlocks } from '../../../core/ingest/parsed-document.ts';
import type { ParsedDocument, ParseInput, Parser } from '../../../core/ports/parser.ts';
import { messageBlocks } from './mail-message.ts';
import { readMimeMessage } from './mime-message.ts';

/**
 * E-mail files (.eml, RFC 5322 with MIME): the subject is the title and heading, then who wrote to
 * whom and when, then the body; attached files come back as `attachments`.
 */
export const emlParser: Parser = {
  extensions: ['eml'],
  async parse({ path, bytes }: ParseInput): Promise<ParsedDocument> {
    const message = await readMimeMessage(path, bytes);
    const document = documentFromBlocks(path, messageBlocks(message, 1), message.subject);
    if (message.attachments.length > 0) document.attachments = message.attachments;
    return document;
  },
};
