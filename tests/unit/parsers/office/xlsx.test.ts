import { describe, expect, it } from 'vitest';
import { xlsxParser } from '../../../../src/adapters/parsers/office/office-parsers.ts';
import { failureName, parseWith } from '../../../support/parse-helpers.ts';
import {
  compoundFileNaming,
  coreWithTitle,
  relsOf,
  zipOf,
} from '../../../support/office-packages.ts';

const MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

function workbook(sheets: Record<string, string>, extra: Record<string, string> = {}): Uint8Array {
  const names = Object.keys(sheets);
  const sheetList = names
    .map((name, index) => `<sheet name="${name}" sheetId="${index + 9}" r:id="rId${index + 1}"/>`)
    .join('');
  const targets: Record<string, [string, string]> = {
    rIdStrings: ['sharedStrings', 'sharedStrings.xml'],
    rIdStyles: ['styles', 'styles.xml'],
  };
  const parts: Record<string, string> = {};
  names.forEach((name, index) => {
    targets[`rId${index + 1}`] = ['worksheet', `worksheets/sheet${index + 1}.xml`];
    parts[`xl/worksheets/sheet${index + 1}.xml`] =
      `<worksheet ${MAIN}><sheetData>${sheets[name]}</sheetData></worksheet>`;
  });
  return zipOf({
    '_rels/.rels': relsOf({ rId1: ['officeDocument', 'xl/workbook.xml'] }),
    'xl/workbook.xml': `<workbook ${MAIN} ${R}><sheets>${sheetList}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': relsOf(targets),
    'xl/sharedStrings.xml': `<sst ${MAIN}><si><t>Quarter</t></si><si><t>Revenue</t></si><si><r><t>Q</t></r><r><t>3</t></r><rPh><t>きゅー</t></rPh></si><si><t>Due</t></si></sst>`,
    'xl/styles.xml': `<styleSheet ${MAIN}><numFmts><numFmt numFmtId="164" formatCode="#,##0"/></numFmts><cellXfs><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/></cellXfs></styleSheet>`,
    ...parts,
    ...extra,
  });
}

describe('xlsxParser', () => {
  it('reads each row as a block naming its columns under the sheet name', async () => {
    const bytes = workbook({
      'Sales 2024':
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="D1" t="s"><v>3</v></c></row>' +
        '<row r="3"><c r="A3" t="s"><v>2</v></c><c r="B3" s="1"><v>1200</v></c><c r="D3" s="2"><v>45365</v></c></row>' +
        '<row r="4"><c r="A4" t="inlineStr"><is><t>Q4</t></is></c><c r="C4" t="b"><v>1</v></c></row>',
    });
    const document = await parseWith(xlsxParser, bytes, 'sales.xlsx');
    expect(document.blocks).toEqual([
      { kind: 'heading', level: 2, text: 'Sales 2024' },
      { kind: 'table', text: 'Quarter: Q3; Revenue: 1,200; Due: 2024-03-14' },
      { kind: 'table', text: 'Quarter: Q4; Column 3: TRUE' },
    ]);
  });

  it('reads sheets in workbook order, the title from the properties and text of drawings', async () => {
    const bytes = workbook(
      {
        First: '<row><c t="inlineStr"><is><t>alpha</t></is></c></row>',
        Second: '<row><c t="inlineStr"><is><t>beta</t></is></c></row>',
      },
      {
        'docProps/core.xml': coreWithTitle('Budget'),
        'xl/worksheets/_rels/sheet2.xml.rels': relsOf({ rId1: ['drawing', '../drawings/d1.xml'] }),
        'xl/drawings/d1.xml':
          '<xdr:wsDr xmlns:xdr="x" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:p><a:r><a:t>Callout text</a:t></a:r></a:p></xdr:wsDr>',
      },
    );
    const document = await parseWith(xlsxParser, bytes, 'budget.xlsx');
    expect(document.title).toBe('Budget');
    expect(document.blocks.map((block) => block.text)).toEqual([
      'Budget',
      'First',
      'alpha',
      'Second',
      'beta',
      'Callout text',
    ]);
  });

  it('warns when a sheet has more rows than are read', async () => {
    const rows = Array.from(
      { length: 10_002 },
      (_, index) => `<row><c><v>${index}</v></c></row>`,
    ).join('');
    const document = await parseWith(xlsxParser, workbook({ Log: rows }), 'log.xlsx');
    expect(document.warnings).toEqual([
      '"Log": only the first 10,000 of 10,001 rows were indexed.',
    ]);
  });

  it('reports an encrypted workbook as password-protected, whatever the stream name case', async () => {
    expect(await failureName(xlsxParser, compoundFileNaming('EncryptionInfo'), 'a.xlsx')).toBe(
      'PasswordProtectedError',
    );
    expect(await failureName(xlsxParser, compoundFileNaming('encryptioninfo'), 'a.xlsx')).toBe(
      'PasswordProtectedError',
    );
    expect(await failureName(xlsxParser, compoundFileNaming('Workbook'), 'a.xlsx')).toBe(
      'CorruptFileError',
    );
  });

  it('reports a package without a workbook as CorruptFileError', async () => {
    expect(await failureName(xlsxParser, zipOf({ 'a.txt': 'x' }), 'a.xlsx')).toBe(
      'CorruptFileError',
    );
  });
});
