import { describe, expect, it } from 'vitest';
import { converterWarnings } from '../../../src/adapters/parsers/docx-warnings.ts';

describe('converterWarnings', () => {
  it('groups unknown styles and ignored elements, drops image notes, keeps other messages', () => {
    const warning = (message: string): { type: string; message: string } => ({
      type: 'warning',
      message,
    });
    const styles = ['A', 'B', 'C', 'D', 'E', 'F'].map((name) =>
      warning(`Unrecognised paragraph style: '${name}' (Style ID: ${name}1)`),
    );
    expect(
      converterWarnings([
        ...styles,
        warning("Unrecognised run style: 'A' (Style ID: A1)"),
        warning('An unrecognised element was ignored: w:customXml'),
        warning('An unrecognised element was ignored: w:customXml'),
        warning('Image of type image/x-emf is unlikely to display in web browsers'),
        warning('A comment could not be found'),
      ]),
    ).toEqual([
      '6 styles of this document are not known to the converter (A, B, C, D, E and 1 more); their text was read as plain text.',
      'Some content the converter does not read was left out (w:customXml).',
      'The Word converter said: A comment could not be found',
    ]);
  });
});
