export interface FrontMatter {
  lineCount: number;
  title?: string;
  /** Other fields as readable `key: value` lines. */
  fields: string[];
}

/** YAML (`---`) or TOML (`+++`) front matter at the very start of a Markdown file. */
export function readFrontMatter(lines: readonly string[]): FrontMatter {
  const delimiter = lines[0]?.trim();
  if (delimiter !== '---' && delimiter !== '+++') return { lineCount: 0, fields: [] };
  const end = lines.findIndex(
    (line, index) => index > 0 && (line.trim() === delimiter || line.trim() === '...'),
  );
  if (end < 0) return { lineCount: 0, fields: [] };
  const fields: [string, string[]][] = [];
  for (const line of lines.slice(1, end)) {
    const field = /^([\w.-]+)[ \t]*[:=][ \t]*(.*)$/.exec(line);
    const item = /^[ \t]*-[ \t]+(.*)$/.exec(line);
    if (field?.[1]) fields.push([field[1], [cleanValue(field[2] ?? '')]]);
    else if (item?.[1] && fields.length > 0) fields.at(-1)?.[1].push(cleanValue(item[1]));
  }
  const title = fields.find(([key]) => key.toLowerCase() === 'title')?.[1].join(' ');
  const readable = fields.flatMap(([key, values]) => {
    const value = values.filter((part) => part.length > 0).join(', ');
    return key.toLowerCase() === 'title' || value.length === 0 ? [] : [`${key}: ${value}`];
  });
  return title
    ? { lineCount: end + 1, title, fields: readable }
    : { lineCount: end + 1, fields: readable };
}

/** Drops quotes and list brackets around a front matter value. */
function cleanValue(value: string): string {
  const trimmed = value.trim();
  const list = /^\[(.*)\]$/.exec(trimmed);
  const parts = list ? (list[1] ?? '').split(',') : [trimmed];
  return parts
    .map((part) => part.trim().replace(/^(["'])(.*)\1$/, '$2'))
    .filter((part) => part.length > 0)
    .join(', ');
}
