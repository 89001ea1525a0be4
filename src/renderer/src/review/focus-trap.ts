// Keeps Tab inside an open modal dialog: Tab from its last control goes to its first, and
// Shift+Tab from its first (or from the dialog itself) to its last, so keyboard focus never
// wanders to the page behind the backdrop.
import type { KeyboardEvent } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(', ');

/** Inside a closed <details>, only its own <summary> can take focus. */
function insideClosedDetails(element: HTMLElement, container: HTMLElement): boolean {
  for (let at = element.parentElement; at && at !== container; at = at.parentElement) {
    if (at instanceof HTMLDetailsElement && !at.open) {
      const summary = at.querySelector(':scope > summary');
      if (summary !== element) return true;
    }
  }
  return false;
}

/** The controls Tab visits inside the container, in document order. */
export function tabbableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) =>
      !element.hidden &&
      element.closest('[inert], [aria-hidden="true"]') === null &&
      !insideClosedDetails(element, container),
  );
}

/** On Tab at either end of the container, wraps focus around to the other end. */
export function wrapTab(event: KeyboardEvent, container: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const items = tabbableIn(container);
  const first = items[0];
  const last = items[items.length - 1];
  const active = container.ownerDocument.activeElement;
  if (!first || !last) {
    event.preventDefault();
    container.focus();
    return;
  }
  const outside = !(active instanceof HTMLElement) || !container.contains(active);
  if (event.shiftKey && (outside || active === container || active === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (outside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}
