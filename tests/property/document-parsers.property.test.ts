/**
 * Properties of the PDF (pdf.js), Word (mammoth), mail (postal-mime, msgreader), Excel, PowerPoint,
 * OpenDocument and RTF parsers on random bytes and on damaged copies of the real fixtures (and
 * realdocs mail and office files): cut short,
 * with bytes overwritten, or a valid header over garbage. Each file either parses to a well-formed
 * document that chunks cleanly or fails with a typed error.
 *
 * They run the full PROPERTY_RUNS: the fixtures are small, so a case takes about a millisecond.
 *
 * pdf.js leaves some rejections of its own unhandled on damaged files (see loadNodePdfjs); the
 * vitest config does not count those as errors of the run.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, it } from 'vitest';
import { docxParser } from '../../src/adapters/parsers/docx.ts';
import { createParserRegistry } from '../../src/adapters/parsers/index.ts';
import { emlParser } from '../../src/adapters/parsers/mail/eml.ts';
import { mboxParser } from '../../src/adapters/parsers/mail/mbox.ts';
import { createMsgParser, rtfBodyReader } from '../../src/adapters/parsers/mail/msg.ts';
import {
  odtParser,
  pptxParser,
  xlsxParser,
} from '../../src/adapters/parsers/office/office-parsers.ts';
import { createPdfParser } from '../../src/adapters/parsers/pdf.ts';
import { rtfParser } from '../../src/core/ingest/parsers/rtf.ts';
import type { Parser } from '../../src/core/ports/parser.ts';
import { loadNodePdfjs, nodePdfResources } from '../../scripts/node-parsers.ts';
import { realdoc } from '../support/realdocs.ts';
import { expectValidChunks, expectWellFormedDocument, parseOutcome } from './invariants.ts';
import { checkAsyncProperty, testTimeout } from './runs.ts';
import { loadEncodingDetector } from '../../src/core/ingest/encoding-detector.ts';

// As the registry does before any parser runs.
beforeAll(() => loadEncodingDetector());

const fixture = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(new URL(`../fixtures/library/${name}`, import.meta.url)));

/** The typed errors a damaged document may fail with (a ZIP package may declare huge parts). */
const DOCUMENT_ERRORS = [
  'ArchiveTooLargeError',
  'CorruptFileError',
  'EmptyFileError',
  'PasswordProtectedError',
];

/** Damaged copies of `original`, random bytes, and random bytes behind its first bytes. */
function damaged(original: Uint8Array): fc.Arbitrary<Uint8Array> {
  const prefix = fc.nat({ max: original.length }).map((cut) => original.slice(0, cut));
  const overwritten = fc
    .array(fc.tuple(fc.nat({ max: original.length - 1 }), fc.integer({ min: 0, max: 255 })), {
      minLength: 1,
      maxLength: 12,
    })
    .map((changes) => {
      const copy = original.slice();
      for (const [at, byte] of changes) copy[at] = byte;
      return copy;
    });
  const spliced = fc
    .tuple(fc.nat({ max: original.length }), fc.uint8Array({ maxLength: 200 }), fc.nat())
    .map(([at, noise, skip]) => {
      const rest = original.subarray(Math.min(original.length, at + (skip % 64)));
      const copy = new Uint8Array(at + noise.length + rest.length);
      copy.set(original.subarray(0, at));
      copy.set(noise, at);
      copy.set(rest, at + noise.length);
      return copy;
    });
  const header = fc
    .tuple(fc.integer({ min: 4, max: 64 }), fc.uint8Array({ maxLength: 2_000 }))
    .map(([length, noise]) => Uint8Array.from([...original.subarray(0, length), ...noise]));
  return fc.oneof(
    prefix,
    overwritten,
    spliced,
    header,
    fc.uint8Array({ minLength: 1, maxLength: 4_000 }),
  );
}

const pdfParser = createPdfParser(loadNodePdfjs, nodePdfResources());
const registry = createParserRegistry({
  loadPdfjs: loadNodePdfjs,
  pdfResources: nodePdfResources(),
});

const cases: { name: string; parser: Parser; path: string; original: Uint8Array }[] = [
  {
    name: 'PDF',
    parser: pdfParser,
    path: 'reports/a.pdf',
    original: fixture('lighthouse-report.pdf'),
  },
  {
    name: 'Word',
    parser: docxParser,
    path: 'docs/a.docx',
    original: fixture('orchard-handbook.docx'),
  },
  {
    name: 'E-mail',
    parser: emlParser,
    path: 'mail/a.eml',
    original: new Uint8Array(readFileSync(realdoc('mail', 'testGroupWiseEml.eml'))),
  },
  {
    name: 'Mailbox',
    parser: mboxParser,
    path: 'mail/a.mbox',
    original: new Uint8Array(readFileSync(realdoc('mail', 'testMBOX_complex.mbox'))),
  },
  {
    name: 'Outlook',
    parser: createMsgParser(rtfBodyReader(registry)),
    path: 'mail/a.msg',
    original: new Uint8Array(readFileSync(realdoc('mail', 'testMSG_Post.msg'))),
  },
  {
    name: 'Excel',
    parser: xlsxParser,
    path: 'sheets/a.xlsx',
    original: new Uint8Array(readFileSync(realdoc('office', 'testEXCEL.xlsx'))),
  },
  {
    name: 'PowerPoint',
    parser: pptxParser,
    path: 'slides/a.pptx',
    original: new Uint8Array(readFileSync(realdoc('office', 'testPPT_various.pptx'))),
  },
  {
    name: 'OpenDocument',
    parser: odtParser,
    path: 'docs/a.odt',
    original: new Uint8Array(readFileSync(realdoc('office', 'testODTStyles3.odt'))),
  },
  {
    name: 'RTF',
    parser: rtfParser,
    path: 'docs/a.rtf',
    original: new Uint8Array(readFileSync(realdoc('office', 'testRTF-ms932.rtf'))),
  },
];

describe('document parsers (property)', () => {
  for (const { name, parser, path, original } of cases) {
    it(
      `${name}: a damaged or random file parses to a valid document or fails with a typed error`,
      async () => {
        await checkAsyncProperty(damaged(original), async (bytes) => {
          const outcome = await parseOutcome(parser, path, bytes, DOCUMENT_ERRORS);
          if ('document' in outcome) {
            expectWellFormedDocument(outcome.document);
            expectValidChunks(outcome.document);
          }
        });
      },
      testTimeout(),
    );

    it(
      `${name}: through the registry, the same files fail only with typed errors`,
      async () => {
        await checkAsyncProperty(damaged(original), async (bytes) => {
          await parseOutcome(registry, path, bytes, [...DOCUMENT_ERRORS, 'FileTooLargeError']);
        });
      },
      testTimeout(),
    );
  }
});
