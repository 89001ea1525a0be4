// The message box: Enter sends, Shift+Enter adds a line, "@" completes files and symbols
// from the index (arrows to choose, Enter or Tab to take, Esc to close).
// Accessibility: a multi-line textarea keeps its textbox role (ARIA allows no combobox role on
// a textarea, nor aria-expanded on a textbox). It announces the list through aria-autocomplete,
// aria-controls and aria-activedescendant on the highlighted option, plus a polite status line.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { insertMention, mentionQueryAt, type Draft } from './draft';
import { MentionMenu, mentionOptionId } from './mention-menu';
import { useMentionSuggestions } from './use-mention-suggestions';

interface Props {
  draft: Draft;
  onDraftChange(draft: Draft): void;
  onSend(): void;
  onStop(): void;
  running: boolean;
}

export function ChatInput({ draft, onDraftChange, onSend, onStop, running }: Props) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [highlight, setHighlight] = useState(0);
  const pendingCaret = useRef<number | null>(null);
  const menuId = useId();

  const typing = mentionQueryAt(draft.text, caret);
  const menuOpen = typing !== null && dismissed !== typing.start;
  const suggestions = useMentionSuggestions(menuOpen ? typing.query : null);
  const showMenu = menuOpen && suggestions.length > 0;

  useEffect(() => setHighlight(0), [typing?.query]);
  useEffect(() => {
    if (pendingCaret.current === null || !textarea.current) return;
    textarea.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    setCaret(pendingCaret.current);
    pendingCaret.current = null;
  }, [draft.text]);

  const take = (index: number) => {
    const suggestion = suggestions[index];
    if (!suggestion || !typing) return;
    const next = insertMention(draft, suggestion, typing.start, caret);
    pendingCaret.current = next.caret;
    onDraftChange(next.draft);
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (showMenu) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlight((value) => (value + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        take(highlight);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissed(typing?.start ?? null);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      if (!running && draft.text.trim() !== '') onSend();
    }
  };

  return (
    <div className="chat-input">
      {showMenu && (
        <MentionMenu id={menuId} suggestions={suggestions} highlighted={highlight} onPick={take} />
      )}
      <span className="visually-hidden" role="status">
        {showMenu
          ? `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'}: arrows to choose, Enter to take, Escape to close.`
          : ''}
      </span>
      <textarea
        ref={textarea}
        className="chat-textarea"
        aria-label="Message"
        data-testid="chat-input"
        placeholder="Ask about this project… (@ to mention a file or symbol)"
        rows={3}
        value={draft.text}
        aria-autocomplete="list"
        aria-controls={showMenu ? menuId : undefined}
        aria-activedescendant={showMenu ? mentionOptionId(menuId, highlight) : undefined}
        onChange={(event) => {
          onDraftChange({ ...draft, text: event.target.value });
          setCaret(event.target.selectionStart);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
      />
      <div className="chat-input-actions">
        <span className="hint">Enter to send · Shift+Enter for a new line</span>
        {running ? (
          <button type="button" className="button danger" data-testid="chat-stop" onClick={onStop}>
            Stop
          </button>
        ) : (
          <button
            data-testid="chat-send"
            type="button"
            className="button primary"
            disabled={draft.text.trim() === ''}
            onClick={onSend}
          >
            Send
          </button>
        )}
      </div>
    </div>
  );
}
