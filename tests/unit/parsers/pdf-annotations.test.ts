import { describe, expect, it } from 'vitest';
import { annotationTexts } from '../../../src/adapters/parsers/pdf-annotations.ts';

describe('annotationTexts', () => {
  it('reads comments once: notes, free text, stamps; not popups or links', () => {
    expect(
      annotationTexts([
        { subtype: 'Text', contentsObj: { str: 'Check the\r\ntotals' } },
        { subtype: 'Popup', contentsObj: { str: 'Check the\r\ntotals' } },
        { subtype: 'FreeText', contentsObj: { str: '' }, textContent: ['Draft', 'only'] },
        { subtype: 'Stamp', contentsObj: { str: 'Approved' } },
        { subtype: 'Link', contentsObj: { str: 'http://example.org' } },
        { subtype: 'Highlight', contentsObj: { str: ' ' } },
      ]),
    ).toEqual(['Check the totals', 'Draft only', 'Approved']);
  });

  it('reads text and choice fields with their labels, each field once', () => {
    expect(
      annotationTexts([
        {
          subtype: 'Widget',
          fieldType: 'Tx',
          fieldName: 'name',
          alternativeText: 'Full name',
          fieldValue: 'Ada Lovelace',
        },
        {
          subtype: 'Widget',
          fieldType: 'Tx',
          fieldName: 'name',
          alternativeText: 'Full name',
          fieldValue: 'Ada Lovelace',
        },
        { subtype: 'Widget', fieldType: 'Tx', fieldName: 'town', fieldValue: 'London' },
        {
          subtype: 'Widget',
          fieldType: 'Tx',
          fieldName: 'empty',
          alternativeText: 'Phone',
          fieldValue: '',
        },
        {
          subtype: 'Widget',
          fieldType: 'Ch',
          fieldName: 'colour',
          alternativeText: 'Colour',
          fieldValue: ['r', 'b'],
          options: [
            { exportValue: 'r', displayValue: 'Red' },
            { exportValue: 'b', displayValue: 'Blue' },
          ],
        },
      ]),
    ).toEqual(['Full name: Ada Lovelace', 'London', 'Colour: Red, Blue']);
  });

  it('reads labelled tick boxes and the chosen radio button; not unlabelled ones, hidden ones or signatures', () => {
    expect(
      annotationTexts([
        {
          subtype: 'Widget',
          fieldType: 'Btn',
          checkBox: true,
          fieldName: 'a',
          alternativeText: 'Member',
          fieldValue: 'Yes',
          exportValue: 'Yes',
        },
        {
          subtype: 'Widget',
          fieldType: 'Btn',
          checkBox: true,
          fieldName: 'b',
          alternativeText: 'Newsletter',
          fieldValue: 'Off',
          exportValue: 'Yes',
        },
        {
          subtype: 'Widget',
          fieldType: 'Btn',
          checkBox: true,
          fieldName: 'c',
          fieldValue: 'Yes',
          exportValue: 'Yes',
        },
        {
          subtype: 'Widget',
          fieldType: 'Btn',
          radioButton: true,
          fieldName: 'd',
          alternativeText: 'Size',
          fieldValue: 'L',
          buttonValue: 'M',
        },
        {
          subtype: 'Widget',
          fieldType: 'Btn',
          radioButton: true,
          fieldName: 'd',
          alternativeText: 'Size',
          fieldValue: 'L',
          buttonValue: 'L',
        },
        { subtype: 'Widget', fieldType: 'Tx', fieldName: 'e', fieldValue: 'secret', hidden: true },
        { subtype: 'Widget', fieldType: 'Sig', fieldName: 'f', alternativeText: 'Signature' },
      ]),
    ).toEqual(['Member: yes', 'Newsletter: no', 'Size: L']);
  });

  it('cleans control characters from annotation text', () => {
    expect(
      annotationTexts([{ subtype: 'Text', contentsObj: { str: '\u0093Done\u0094\u0000' } }]),
    ).toEqual(['\u201cDone\u201d']);
  });
});
