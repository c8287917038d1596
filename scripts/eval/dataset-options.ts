/** The options every evaluation takes: which documents, which questions, which collections. */
export const DATASET_OPTIONS = {
  docs: { type: 'string' },
  questions: { type: 'string' },
  collections: { type: 'string' },
} as const;

export interface DatasetOptions {
  docs: string;
  questions: string;
  collections?: string[];
}

export function datasetOptions(values: {
  docs?: string;
  questions?: string;
  collections?: string;
}): DatasetOptions {
  if (!values.docs || !values.questions) throw new Error('--docs and --questions are required.');
  return {
    docs: values.docs,
    questions: values.questions,
    collections: values.collections?.split(',').filter(Boolean),
  };
}

/** `value` as a positive whole number, or an error naming `--name`. */
export function positiveWholeNumber(name: string, value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new Error(`--${name} must be a positive whole number.`);
  }
  return number;
}
