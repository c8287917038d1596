import type { Block } from '../../ports/parser.ts';

/**
 * Collects an RTF document's visible text into blocks: paragraphs (headings when they carry an
 * outline level), and table rows (`\cell`, `\row`) as one table block, cells joined by " | ".
 */
export class RtfBlocks {
  readonly blocks: Block[] = [];
  /** The current paragraph's outline level (0-based), from `\outlinelevelN` or its style. */
  outlineLevel: number | undefined;
  private text = '';
  private inTable = false;
  private cells: string[] = [];
  private rows: string[] = [];

  add(text: string): void {
    this.text += text;
  }

  /** `\par`: ends the paragraph; inside a table cell it only separates its paragraphs. */
  paragraphEnd(): void {
    if (this.inTable) this.text += ' ';
    else this.endParagraph();
  }

  /** `\pard`: the paragraph's properties go back to the defaults. */
  resetParagraph(): void {
    this.inTable = false;
    this.outlineLevel = undefined;
  }

  /** `\intbl`: this paragraph is inside a table. */
  tableParagraph(): void {
    if (!this.inTable && this.text.trim()) this.endParagraph();
    this.inTable = true;
  }

  cellEnd(): void {
    this.cells.push(this.takeText());
  }

  rowEnd(): void {
    this.cellEnd();
    this.endRow();
  }

  finish(): Block[] {
    this.endParagraph();
    this.flushTable();
    return this.blocks;
  }

  private takeText(): string {
    const text = this.text.replace(/\s+/g, ' ').trim();
    this.text = '';
    return text;
  }

  private endRow(): void {
    const row = this.cells.filter((cell) => cell.length > 0).join(' | ');
    if (row) this.rows.push(row);
    this.cells = [];
  }

  private endParagraph(): void {
    const text = this.text.replace(/[ \t\u00a0]+/g, ' ').trim();
    this.text = '';
    if (!text) return;
    this.flushTable();
    const level = this.outlineLevel;
    if (level !== undefined && level >= 0 && level < 9 && text.length <= 200) {
      this.blocks.push({ kind: 'heading', level: Math.min(6, level + 1), text });
    } else {
      this.blocks.push({ kind: 'paragraph', text });
    }
  }

  private flushTable(): void {
    if (this.cells.length > 0) this.endRow();
    if (this.rows.length === 0) return;
    this.blocks.push({ kind: 'table', text: this.rows.join('\n') });
    this.rows = [];
  }
}
