import type { Attachment } from 'svelte/attachments';

/** Elements that can take the focus with Tab, unless disabled, hidden or `tabindex="-1"`. */
const FOCUSABLE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[tabindex]',
].join(', ');

function isTabbable(element: HTMLElement): boolean {
  return (
    element.tabIndex >= 0 &&
    !element.matches(':disabled') &&
    !element.closest('[inert]') &&
    element.checkVisibility()
  );
}

/**
 * Keeps Tab and Shift+Tab going round a modal dialog's controls: after the last comes the first
 * (and before the first the last), where the browser would let the focus leave the page.
 */
export const trapFocus: Attachment<HTMLElement> = (container) => {
  function onKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Tab' || event.defaultPrevented) return;
    const tabbable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(isTabbable);
    const first = tabbable[0];
    const last = tabbable.at(-1);
    const active = document.activeElement;
    const outside = !(active instanceof Node) || !container.contains(active);
    const wrapTo = event.shiftKey
      ? (active === first || outside) && last
      : (active === last || outside) && first;
    if (!first || wrapTo) {
      event.preventDefault();
      if (wrapTo) wrapTo.focus();
    }
  }
  container.addEventListener('keydown', onKeydown);
  return () => container.removeEventListener('keydown', onKeydown);
};
