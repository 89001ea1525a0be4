// When a modal dialog closes, keyboard focus goes back where it was before the dialog opened,
// so the person carries on from there instead of from the top of the page. The dialog took
// focus while open (focus-trap.ts keeps it inside); a queue of reviews shown one after another
// counts as one opening. When that element is gone (the chat it was in was switched away) or
// cannot take focus any more, focus goes to the message box, which marks itself with
// FOCUS_HOME_ATTRIBUTE.
import { useLayoutEffect } from 'react';

/** The element focus falls back to when the one focused before a dialog is gone. */
export const FOCUS_HOME_ATTRIBUTE = 'data-focus-home';

/** Focuses `before` if it is still in the page and takes focus, else the focus home. */
export function returnFocus(before: Element | null, doc: Document = document): void {
  if (before instanceof HTMLElement && before !== doc.body && before.isConnected) {
    before.focus();
    if (doc.activeElement === before) return;
  }
  doc.querySelector<HTMLElement>(`[${FOCUS_HOME_ATTRIBUTE}]`)?.focus();
}

/**
 * While `open`, remembers what had focus when it became open; when it closes (or the caller
 * unmounts), gives focus back. Layout effects run before the dialog's own focus effect, so
 * what is remembered is the page's element, never the dialog.
 */
export function useReturnFocus(open: boolean): void {
  useLayoutEffect(() => {
    if (!open) return undefined;
    const before = document.activeElement;
    return () => returnFocus(before);
  }, [open]);
}
