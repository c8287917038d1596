import type { DocumentView, LibraryClient } from '../clients/library-client.ts';
import { openPdf, PageRenderError, type PdfDocument } from '../clients/pdf-document.ts';
import {
  citationTrail,
  startTrail,
  stepTrail,
  type PassageTrail,
  type TrailKind,
} from '../passage-trail.ts';
import { toFailure, type Failure } from './failure.ts';

/** The passages the viewer was opened among, e.g. an answer's citations in order. */
export interface PassageList {
  kind: TrailKind;
  chunkIds: readonly string[];
  /** The position of the passage opened. */
  index: number;
}

/**
 * The document viewer: one document opened at a passage, shown as its pages when it is a PDF
 * whose bytes can be had (else as its text), and the list of passages it can step through.
 */
export class ViewerState {
  isOpen = $state(false);
  loading = $state(false);
  document = $state.raw<DocumentView | undefined>();
  failure = $state.raw<Failure | undefined>();
  /** Where the open passage is among the passages the viewer was opened with. */
  trail = $state.raw<PassageTrail | undefined>();
  /** The open PDF, when its pages are shown. */
  pdf = $state.raw<PdfDocument | undefined>();
  /** The page shown (1-based). */
  pageNumber = $state(1);
  /** Why a PDF's pages are not shown (its text is). */
  pagesProblem = $state.raw<Failure | undefined>();
  /** The reader chose the text of a PDF over its pages. */
  showText = $state(false);
  readonly #client: LibraryClient;
  #latest = 0;
  #query = '';
  /** The file `pdf` belongs to. */
  #pdfFileId: string | undefined;

  constructor(client: LibraryClient) {
    this.#client = client;
  }

  /** Opens the passage `chunkId`; with `list`, the viewer can step through the list's passages. */
  async open(chunkId: string, query: string, list?: PassageList): Promise<void> {
    const trail = list && startTrail(list.kind, list.chunkIds, list.index);
    this.trail = trail?.chunkIds[trail.index] === chunkId ? trail : undefined;
    this.#query = query;
    await this.#show(chunkId);
  }

  /** Opens `[number]` of an answer's `citations`; the viewer then steps through them in order. */
  async openCitation(
    citations: readonly { number: number; chunkId: string }[],
    number: number,
    question: string,
  ): Promise<void> {
    const trail = citationTrail(citations, number);
    if (!trail) return;
    this.trail = trail;
    this.#query = question;
    await this.#show(trail.chunkIds[trail.index] ?? '');
  }

  /** Opens the previous (-1) or next (1) passage of the trail; nothing past either end. */
  async step(step: -1 | 1): Promise<void> {
    const next = this.trail && stepTrail(this.trail, step);
    if (!next) return;
    this.trail = next;
    await this.#show(next.chunkIds[next.index] ?? '');
  }

  showPage(pageNumber: number): void {
    const pageCount = this.pdf?.pageCount ?? 1;
    this.pageNumber = Math.min(Math.max(1, pageNumber), pageCount);
  }

  /** Drawing a page of `pdf` failed: unless it was closed since, the text is shown with the reason. */
  pageFailed(error: unknown, pdf: PdfDocument): void {
    if (pdf !== this.pdf) return;
    const path = this.document?.path ?? 'this document';
    this.pagesProblem = toFailure(new PageRenderError(path, toFailure(error).message));
    this.#dropPdf();
  }

  close(): void {
    this.#latest += 1;
    this.isOpen = false;
    this.loading = false;
    this.#dropPdf();
  }

  async #show(chunkId: string): Promise<void> {
    const request = ++this.#latest;
    const current = () => request === this.#latest;
    this.isOpen = true;
    this.loading = true;
    this.document = undefined;
    this.failure = undefined;
    this.pagesProblem = undefined;
    try {
      const document = await this.#client.openDocument(chunkId, this.#query);
      if (!current()) return;
      if (document.page === undefined) this.#dropPdf();
      else await this.#openPages(document, current);
      if (!current()) return;
      this.document = document;
      this.pageNumber = document.page ?? 1;
    } catch (error) {
      if (current()) this.failure = toFailure(error);
    } finally {
      if (current()) this.loading = false;
    }
  }

  /** Loads the PDF of `document` unless it is open already; on failure, says why. */
  async #openPages(document: DocumentView, current: () => boolean): Promise<void> {
    if (this.pdf && this.#pdfFileId === document.fileId) return;
    this.#dropPdf();
    try {
      const bytes = await this.#client.openOriginal(document.chunkId);
      if (!current()) return;
      const pdf = await openPdf(bytes);
      if (!current()) {
        void pdf.destroy();
        return;
      }
      this.pdf = pdf;
      this.#pdfFileId = document.fileId;
    } catch (error) {
      if (!current()) return;
      const failure = toFailure(error);
      this.pagesProblem =
        failure.name === 'OriginalUnavailableError'
          ? failure
          : toFailure(new PageRenderError(document.path, failure.message));
    }
  }

  #dropPdf(): void {
    const pdf = this.pdf;
    this.pdf = undefined;
    this.#pdfFileId = undefined;
    void pdf?.destroy();
  }
}
