/** A message of mammoth's, as its result lists them. */
export interface ConverterMessage {
  type: string;
  message: string;
}

const STYLE =
  /^Unrecognised (?:paragraph |run |table |numbering )?style: '(.*)' \(Style ID: (.*)\)$/;
const ELEMENT = /^An unrecognised element was ignored: (.+)$/;
/** About how an image would show in a web page: Archivist indexes no images from Word files. */
const IMAGE = /^Image of type .* is unlikely to display in web browsers$/;

/**
 * mammoth's messages as warnings in plain words, each said once: styles it does not know (their
 * text is still read, as plain paragraphs) in one warning, content it left out in another, any
 * other message as it is. Messages about how images would display are dropped.
 */
export function converterWarnings(messages: readonly ConverterMessage[]): string[] {
  const styles = new Set<string>();
  const elements = new Set<string>();
  const others = new Set<string>();
  for (const { message } of messages) {
    const style = STYLE.exec(message);
    const element = ELEMENT.exec(message);
    if (style) styles.add(style[1] || style[2] || '');
    else if (element?.[1]) elements.add(element[1]);
    else if (!IMAGE.test(message)) others.add(`The Word converter said: ${message}`);
  }
  const warnings: string[] = [];
  if (styles.size > 0) {
    warnings.push(
      `${count(styles.size, 'style')} of this document ${styles.size === 1 ? 'is' : 'are'} not known to the converter (${listed(styles)}); ${styles.size === 1 ? 'its' : 'their'} text was read as plain text.`,
    );
  }
  if (elements.size > 0) {
    warnings.push(`Some content the converter does not read was left out (${listed(elements)}).`);
  }
  return [...warnings, ...others];
}

function count(value: number, noun: string): string {
  return `${value} ${noun}${value === 1 ? '' : 's'}`;
}

/** Up to five names, then how many more. */
function listed(names: Set<string>): string {
  const all = [...names];
  const shown = all.slice(0, 5).join(', ');
  return all.length > 5 ? `${shown} and ${all.length - 5} more` : shown;
}
