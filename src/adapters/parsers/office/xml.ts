import { DOMParser, type Element } from '@xmldom/xmldom';
import { CorruptFileError } from '../../../core/errors.ts';

export type { Element } from '@xmldom/xmldom';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

/**
 * Parses one XML part of a package with @xmldom/xmldom (workers have no DOMParser). Recoverable
 * faults are tolerated as the format's own readers tolerate them; a part that is not XML at all
 * fails with CorruptFileError naming the part.
 */
export function parseXml(path: string, part: string, xml: string): Element {
  try {
    const document = new DOMParser({ locator: false, onError: () => undefined }).parseFromString(
      xml,
      'text/xml',
    );
    const root = document.documentElement;
    if (!root) throw new Error('no root element');
    return root;
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new CorruptFileError(path, `its part ${part} is not well-formed XML: ${detail}`);
  }
}

/** Child elements, optionally only those with the local name (any namespace prefix). */
export function children(element: Element, localName?: string): Element[] {
  const found: Element[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== ELEMENT_NODE) continue;
    const child = node as Element;
    if (localName === undefined || child.localName === localName) found.push(child);
  }
  return found;
}

/** The first child element with the local name. */
export function child(element: Element, localName: string): Element | undefined {
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === ELEMENT_NODE && (node as Element).localName === localName) {
      return node as Element;
    }
  }
  return undefined;
}

/** Every descendant element with the local name, in document order (iterative: no deep stack). */
export function descendants(element: Element, localName: string): Element[] {
  const found: Element[] = [];
  const stack: Element[] = children(element).reverse();
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current.localName === localName) found.push(current);
    const inner = children(current);
    for (let index = inner.length - 1; index >= 0; index -= 1) stack.push(inner[index]!);
  }
  return found;
}

/** An attribute by its local name, whatever its prefix. */
export function attribute(element: Element, localName: string): string | undefined {
  const attributes = element.attributes;
  for (let index = 0; index < attributes.length; index += 1) {
    const item = attributes.item(index);
    if (item && (item.localName ?? item.name) === localName) return item.value;
  }
  return undefined;
}

/** The text of an element's text nodes, all the way down, in document order. */
export function textOf(element: Element): string {
  let text = '';
  const stack: Element['firstChild'][] = [element.firstChild];
  while (stack.length > 0) {
    let node = stack.pop() ?? null;
    while (node) {
      if (node.nodeType === TEXT_NODE || node.nodeType === CDATA_SECTION_NODE) {
        text += node.nodeValue ?? '';
      } else if (node.nodeType === ELEMENT_NODE && node.firstChild) {
        stack.push(node.nextSibling);
        node = node.firstChild;
        continue;
      }
      node = node.nextSibling;
    }
  }
  return text;
}

/** A relationship reference (`r:id`, `r:embed`): the attribute with the local name and a prefix. */
export function relationshipId(element: Element, localName = 'id'): string | undefined {
  const attributes = element.attributes;
  for (let index = 0; index < attributes.length; index += 1) {
    const item = attributes.item(index);
    if (item && item.localName === localName && item.prefix) return item.value;
  }
  return undefined;
}
