import { cleanPdfText } from './pdf-text-clean.ts';

/** The fields of pdf.js's annotation data that carry text (see its `getAnnotations`). */
export interface AnnotationText {
  subtype?: string;
  contentsObj?: { str?: string };
  /** FreeText: the lines its appearance draws. */
  textContent?: string[];
  fieldType?: string;
  /** The form field's full name; one field may show on several widgets. */
  fieldName?: string;
  fieldValue?: unknown;
  /** The field's name for people (its tooltip, /TU): the label of a form field. */
  alternativeText?: string;
  checkBox?: boolean;
  radioButton?: boolean;
  /** A check box's value when ticked. */
  exportValue?: string;
  /** The value a radio button stands for. */
  buttonValue?: string;
  options?: { exportValue?: string; displayValue?: string }[];
  hidden?: boolean;
}

/**
 * The text a reader sees in a page's annotations, which is not in the page's own text: comments
 * (notes, free text, stamps, markup; a popup repeats its parent's, links are not text), and form
 * fields' values with their labels ("Label: value"; a tick box or radio button only with its
 * label, as "yes"/"no" or the chosen value). A field shown on several widgets of the page is
 * read once; the texts are in the page's annotation order.
 */
export function annotationTexts(annotations: readonly AnnotationText[]): string[] {
  const texts: string[] = [];
  const fields = new Set<string>();
  for (const annotation of annotations) {
    if (annotation.hidden) continue;
    const text = cleanPdfText(annotationText(annotation) ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    if (!text) continue;
    const field = annotation.subtype === 'Widget' ? annotation.fieldName : undefined;
    if (field !== undefined && fields.has(field)) continue;
    if (field !== undefined) fields.add(field);
    texts.push(text);
  }
  return texts;
}

function annotationText(annotation: AnnotationText): string | undefined {
  switch (annotation.subtype) {
    case 'Popup':
    case 'Link':
      return undefined;
    case 'Widget':
      return fieldText(annotation);
    default: {
      const contents = annotation.contentsObj?.str ?? '';
      return contents.trim() ? contents : annotation.textContent?.join(' ');
    }
  }
}

function fieldText(field: AnnotationText): string | undefined {
  const label = field.alternativeText?.trim() ?? '';
  const labelled = (value: string): string | undefined => {
    if (!value.trim()) return undefined;
    return label ? `${label}: ${value}` : value;
  };
  const value = field.fieldValue;
  switch (field.fieldType) {
    case 'Tx':
      return typeof value === 'string' ? labelled(value) : undefined;
    case 'Ch': {
      const chosen = (Array.isArray(value) ? value : [value]).filter(
        (item): item is string => typeof item === 'string',
      );
      const shown = chosen.map(
        (item) =>
          field.options?.find((option) => option.exportValue === item)?.displayValue ?? item,
      );
      return labelled(shown.join(', '));
    }
    case 'Btn': {
      if (!label) return undefined;
      if (field.checkBox) {
        const ticked =
          typeof value === 'string' && value !== 'Off' && value === (field.exportValue ?? value);
        return `${label}: ${ticked ? 'yes' : 'no'}`;
      }
      if (field.radioButton && value !== undefined && value === field.buttonValue) {
        return `${label}: ${String(value)}`;
      }
      return undefined;
    }
    default:
      return undefined;
  }
}
