// Where a slash command takes the person (slash-command-handlers.ts's targets): the view to
// show, whether the sidebar opens, and what gets the keyboard once it is on screen. Views load
// their parts after they appear, so focus waits for its element a little while.
import type { SlashTarget } from '../chat/slash-command-handlers';
import { missingCase } from '../../../shared/missing-case';
import type { Pane } from './top-bar';

export interface SlashPlace {
  pane: Pane;
  sidebar: boolean;
  /** What gets the keyboard, waited for while the view loads. */
  focus: () => HTMLElement | null;
  /** Focused instead when `focus` did not show in time (a view with nothing to commit). */
  fallback?: () => HTMLElement | null;
}

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea, button:not([disabled])';

const first = (selector: string) => () => document.querySelector<HTMLElement>(selector);

/** The Settings section whose legend reads `legend`, or whose test id is `legend`. */
const settingsSection = (legend: string) => () =>
  Array.from(document.querySelectorAll<HTMLElement>('.settings fieldset.settings-group')).find(
    (fieldset) =>
      fieldset.dataset.testid === legend ||
      fieldset.querySelector(':scope > legend')?.textContent?.trim() === legend,
  ) ?? null;

const selectedTab = first('[role="tab"][aria-selected="true"]');

const conversationToResume = () =>
  first('.conversation-list [aria-current="true"]')() ??
  first('.conversation-list .conversation-title')() ??
  first('.conversation-list button')();

export function slashPlace(target: SlashTarget): SlashPlace {
  switch (target) {
    case 'conversations':
      return { pane: 'chat', sidebar: true, focus: conversationToResume };
    case 'changes':
      return { pane: 'changes', sidebar: false, focus: selectedTab };
    case 'commit':
      return {
        pane: 'changes',
        sidebar: false,
        focus: first('#commit-message'),
        fallback: selectedTab,
      };
    case 'inbox':
      return { pane: 'inbox', sidebar: false, focus: selectedTab };
    case 'worktrees':
      return { pane: 'chat', sidebar: true, focus: first('.worktree-panel') };
    case 'mcp':
      return { pane: 'settings', sidebar: false, focus: settingsSection('MCP servers') };
    case 'rules':
      return { pane: 'settings', sidebar: false, focus: settingsSection('Approvals') };
    case 'tests':
      return { pane: 'settings', sidebar: false, focus: settingsSection('test-run-settings') };
    default:
      return missingCase(target);
  }
}

/** Brings a found element into view and gives it (or its first control) the keyboard. */
function bringToFocus(element: HTMLElement): void {
  if (typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'nearest' });
  const control = element.matches(FOCUSABLE)
    ? element
    : (element.querySelector<HTMLElement>(FOCUSABLE) ?? null);
  control?.focus();
}

/** Focuses the place's element once it is on screen (its fallback after `waitMs`); returns the cancel. */
export function focusWhenShown(place: SlashPlace, waitMs = 2_000): () => void {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    const found = place.focus();
    if (found) return bringToFocus(found);
    if (Date.now() - started < waitMs) {
      timer = setTimeout(attempt, 50);
      return;
    }
    const fallback = place.fallback?.();
    if (fallback) bringToFocus(fallback);
  };
  timer = setTimeout(attempt, 0);
  return () => clearTimeout(timer);
}
