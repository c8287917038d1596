import { describe, expect, it } from 'vitest';
import { headingElement } from '../../../src/ui/answer-text.ts';

describe('headingElement', () => {
  it('maps headings under the answer heading, never past h6', () => {
    expect([1, 2, 3, 6].map((level) => headingElement(level, 2))).toEqual(['h3', 'h3', 'h4', 'h4']);
    expect(headingElement(6, 5)).toBe('h6');
  });
});
