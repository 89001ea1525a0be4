// The completion list of the message box: slash commands when the text starts with "/" and the
// caret is in that first word, else @-mentions of files and symbols at the caret. One
// highlight, one keyboard: arrows choose, Enter or Tab take, Escape closes until the word
// changes place. Enter on a command typed out in full sends it rather than taking it again.
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { SlashItem } from '../../../shared/slash-commands';
import { insertMention, mentionQueryAt, type Draft } from './draft';
import { insertSlash, slashQueryAt } from './slash-draft';
import { useMentionSuggestions, type Suggestion } from './use-mention-suggestions';
import { useSlashSuggestions } from './use-slash-suggestions';

export type MenuView =
  { kind: 'slash'; items: SlashItem[] } | { kind: 'mention'; items: Suggestion[] };

export interface ComposerMenu {
  /** The open list, or null. */
  view: MenuView | null;
  highlight: number;
  setCaret(caret: number): void;
  take(index: number): void;
  /** Handles a key meant for the list; true when it did (the caller then stops). */
  onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): boolean;
}

export function useComposerMenu(props: {
  draft: Draft;
  onDraftChange(draft: Draft): void;
  textarea: RefObject<HTMLTextAreaElement | null>;
}): ComposerMenu {
  const { draft, onDraftChange, textarea } = props;
  const [caret, setCaret] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [highlight, setHighlight] = useState(0);
  const pendingCaret = useRef<number | null>(null);

  const slash = slashQueryAt(draft.text, caret);
  const mention = slash ? null : mentionQueryAt(draft.text, caret);
  const key = slash ? 'slash' : mention ? `mention:${mention.start}` : null;
  const open = key !== null && dismissed !== key;
  const slashItems = useSlashSuggestions(open && slash ? slash.query : null);
  const suggestions = useMentionSuggestions(open && mention ? mention.query : null);
  const view: MenuView | null = !open
    ? null
    : slash
      ? slashItems.length > 0
        ? { kind: 'slash', items: slashItems }
        : null
      : suggestions.length > 0
        ? { kind: 'mention', items: suggestions }
        : null;
  const count = view?.items.length ?? 0;
  const highlighted = Math.min(highlight, Math.max(count - 1, 0));

  useEffect(() => setHighlight(0), [slash?.query, mention?.query]);
  useEffect(() => {
    if (key === null) setDismissed(null);
  }, [key]);
  useEffect(() => {
    if (pendingCaret.current === null || !textarea.current) return;
    textarea.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    setCaret(pendingCaret.current);
    pendingCaret.current = null;
  }, [draft.text, textarea]);

  const take = (index: number) => {
    if (view?.kind === 'slash') {
      const item = view.items[index];
      if (!item) return;
      const next = insertSlash(draft.text, item.name);
      pendingCaret.current = next.caret;
      onDraftChange({ ...draft, text: next.text });
    } else if (view?.kind === 'mention' && mention) {
      const suggestion = view.items[index];
      if (!suggestion) return;
      const next = insertMention(draft, suggestion, mention.start, caret);
      pendingCaret.current = next.caret;
      onDraftChange(next.draft);
    }
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!view) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight((highlighted + step + count) % count);
      return true;
    }
    if (event.key === 'Enter' || event.key === 'Tab') {
      const typedInFull =
        view.kind === 'slash' &&
        event.key === 'Enter' &&
        view.items[highlighted]?.name === slash?.query.toLowerCase();
      if (typedInFull) return false;
      event.preventDefault();
      take(highlighted);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(key);
      return true;
    }
    return false;
  };

  return { view, highlight: highlighted, setCaret, take, onKeyDown };
}
