/**
 * Reading a step event's data, which is untyped (any step may put anything there): each reader
 * checks the value's type and answers a safe default, so a malformed event never breaks the view.
 */

type Data = Readonly<Record<string, unknown>>;

/** A finite number, or undefined. */
export function numberIn(data: Data, key: string): number | undefined {
  const value = data[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A string, or '' when the value is none. */
export function textIn(data: Data, key: string): string {
  const value = data[key];
  return typeof value === 'string' ? value : '';
}

export function listIn(data: Data, key: string): unknown[] {
  const value = data[key];
  return Array.isArray(value) ? (value as unknown[]) : [];
}

/** The strings of a list, others left out. */
export function textsIn(data: Data, key: string): string[] {
  return listIn(data, key).filter((item): item is string => typeof item === 'string');
}

/** A count given as a number or as a list (its length); 0 when neither. */
export function countIn(data: Data, key: string): number {
  const value = data[key];
  if (Array.isArray(value)) return value.length;
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) : 0;
}

/** A candidate's id: a positive whole number, or undefined. */
export function candidateIn(data: Data, key = 'candidate'): number | undefined {
  const value = numberIn(data, key);
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The candidate a ranking step chose: `to` when a choice was overruled, else `chosen`. */
export function chosenIn(data: Data): number | undefined {
  return candidateIn(data, 'to') ?? candidateIn(data, 'chosen');
}

/** The text cut to `length` characters, with an ellipsis when it was longer. */
export function truncate(text: string, length: number): string {
  const trimmed = text.trim();
  return trimmed.length <= length ? trimmed : `${trimmed.slice(0, length).trimEnd()}…`;
}
