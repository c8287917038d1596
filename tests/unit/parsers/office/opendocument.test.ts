import { describe, expect, it } from 'vitest';
import {
  odpParser,
  odsParser,
  odtParser,
} from '../../../../src/adapters/parsers/office/office-parsers.ts';
import { zipOf } from '../../../support/office-packages.ts';
import { failureName, parseWith } from '../../../support/parse-helpers.ts';

const NAMESPACES = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"',
  'xmlns:dc="http://purl.org/dc/elements/1.1/"',
].join(' ');

function odf(kind: string, body: string, title?: string): Uint8Array {
  const parts: Record<string, string> = {
    mimetype: `application/vnd.oasis.opendocument.${kind}`,
    'content.xml': `<office:document-content ${NAMESPACES}><office:body><office:${kind}>${body}</office:${kind}></office:body></office:document-content>`,
  };
  if (title) {
    parts['meta.xml'] =
      `<office:document-meta ${NAMESPACES}><office:meta><dc:title>${title}</dc:title></office:meta></office:document-meta>`;
  }
  return zipOf(parts);
}

describe('odtParser', () => {
  it('reads headings by outline level, paragraphs, lists, tables and notes', async () => {
    const body =
      '<text:sequence-decls><text:sequence-decl text:name="Table"/></text:sequence-decls>' +
      '<text:h text:outline-level="1">Harbour report</text:h>' +
      '<text:section><text:h text:outline-level="2">Tides</text:h>' +
      '<text:p>High<text:s text:c="2"/>tide<text:note><text:note-citation>1</text:note-citation><text:note-body><text:p>Measured at noon.</text:p></text:note-body></text:note> was 3.9 m.</text:p></text:section>' +
      '<text:list><text:list-item><text:p>Pier</text:p><text:list><text:list-item><text:p>North end</text:p></text:list-item></text:list></text:list-item></text:list>' +
      '<table:table><table:table-column/><table:table-row><table:table-cell><text:p>Day</text:p></table:table-cell><table:table-cell><text:p>Height</text:p></table:table-cell></table:table-row></table:table>' +
      '<text:tracked-changes><text:changed-region><text:deletion><text:p>Deleted words</text:p></text:deletion></text:changed-region></text:tracked-changes>';
    const document = await parseWith(odtParser, odf('text', body, 'Report'), 'report.odt');
    expect(document.title).toBe('Report');
    expect(document.blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Report' },
      { kind: 'heading', level: 1, text: 'Harbour report' },
      { kind: 'heading', level: 2, text: 'Tides' },
      { kind: 'paragraph', text: 'High  tide was 3.9 m.' },
      { kind: 'paragraph', text: 'Measured at noon.' },
      { kind: 'list', text: '- Pier\n  - North end' },
      { kind: 'table', text: 'Day | Height' },
    ]);
  });

  it('reports a package without content.xml as CorruptFileError', async () => {
    expect(await failureName(odtParser, zipOf({ mimetype: 'x' }), 'x.odt')).toBe(
      'CorruptFileError',
    );
  });
});

describe('odpParser', () => {
  it('reads each slide with its page number, title heading and notes', async () => {
    const frame = (role: string, text: string): string =>
      `<draw:frame presentation:class="${role}"><draw:text-box><text:p>${text}</text:p></draw:text-box></draw:frame>`;
    const body =
      `<draw:page draw:name="one">${frame('title', 'Plan')}${frame('outline', 'Build the pier')}` +
      `<presentation:notes>${frame('page', '')}${frame('notes', 'Say it slowly')}</presentation:notes></draw:page>` +
      `<draw:page draw:name="two">${frame('subtitle', 'Questions?')}</draw:page>`;
    const document = await parseWith(odpParser, odf('presentation', body), 'plan.odp');
    expect(document.title).toBe('Plan');
    expect(document.blocks).toEqual([
      { kind: 'heading', level: 2, text: 'Plan', page: 1 },
      { kind: 'paragraph', text: 'Build the pier', page: 1 },
      { kind: 'paragraph', text: 'Notes: Say it slowly', page: 1 },
      { kind: 'paragraph', text: 'Questions?', page: 2 },
    ]);
  });
});

describe('odsParser', () => {
  it('reads each row naming its columns, with repeated cells and rows bounded', async () => {
    const cell = (text: string, extra = ''): string =>
      `<table:table-cell ${extra}><text:p>${text}</text:p></table:table-cell>`;
    const body =
      '<table:table table:name="Revenue">' +
      `<table:table-row>${cell('Quarter')}${cell('Revenue')}</table:table-row>` +
      `<table:table-row>${cell('Q3')}${cell('1,200', 'office:value-type="float" office:value="1200"')}</table:table-row>` +
      `<table:table-row table:number-rows-repeated="2">${cell('same', 'table:number-columns-repeated="2"')}</table:table-row>` +
      '<table:table-row table:number-rows-repeated="1048000"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>' +
      '</table:table>';
    const document = await parseWith(odsParser, odf('spreadsheet', body), 'money.ods');
    expect(document.blocks).toEqual([
      { kind: 'heading', level: 2, text: 'Revenue' },
      { kind: 'table', text: 'Quarter: Q3; Revenue: 1,200' },
      { kind: 'table', text: 'Quarter: same; Revenue: same' },
      { kind: 'table', text: 'Quarter: same; Revenue: same' },
    ]);
  });
});
