import { describe, expect, it } from 'vitest';
import {
  builtInFormat,
  formatCellNumber,
} from '../../../../src/adapters/parsers/office/cell-values.ts';

describe('formatCellNumber', () => {
  it('shows dates, times and date-times from their serial numbers', () => {
    expect(formatCellNumber(45365, builtInFormat(14))).toBe('2024-03-14');
    expect(formatCellNumber(45365.5, 'dd/mm/yyyy hh:mm')).toBe('2024-03-14 12:00');
    expect(formatCellNumber(0.75, builtInFormat(21))).toBe('18:00:00');
    expect(formatCellNumber(1, 'yyyy-mm-dd')).toBe('1900-01-01');
    expect(formatCellNumber(0, 'yyyy-mm-dd', true)).toBe('1904-01-01');
    expect(formatCellNumber(45365, '[$-409]mmmm d, yyyy;@')).toBe('2024-03-14');
  });

  it('shows percentages, separators, fixed decimals and currency as the format asks', () => {
    expect(formatCellNumber(0.125, '0.0%')).toBe('12.5%');
    expect(formatCellNumber(1200, '#,##0')).toBe('1,200');
    expect(formatCellNumber(1234.5, '#,##0.00')).toBe('1,234.50');
    expect(formatCellNumber(3.14159, '0.00')).toBe('3.14');
    expect(formatCellNumber(-5, '"$"#,##0.00')).toBe('-$5.00');
    expect(formatCellNumber(7, '[$€-407] #,##0')).toBe('€7');
  });

  it('shows General numbers as the shortest exact decimal', () => {
    expect(formatCellNumber(0.1 + 0.2, 'General')).toBe('0.3');
    expect(formatCellNumber(1234567, 'General')).toBe('1234567');
    expect(formatCellNumber(42, '@')).toBe('42');
  });
});
