// The message box: Enter sends, Shift+Enter adds a line, "/" at the start lists the slash
// commands and "@" completes files and symbols from the index (use-composer-menu.ts: arrows to
// choose, Enter or Tab to take, Esc to close). An image pasted (Ctrl/Cmd+V) or dropped on it
// waits as a thumbnail until the message is sent (use-composer-images.ts).
// Accessibility: a multi-line textarea keeps its textbox role (ARIA allows no combobox role on
// a textarea, nor aria-expanded on a textbox). It announces the list through aria-autocomplete,
// aria-controls and aria-activedescendant on the highlighted option, plus a polite status line.
import {
  useId,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
} from 'react';
import { parseSlash } from '../../../shared/slash-commands';
import type { Draft } from './draft';
import { isHandledBuiltIn } from './slash-command-handlers';
import { MentionMenu, mentionOptionId } from './mention-menu';
import { SlashMenu } from './slash-menu';
import { useComposerMenu, type MenuView } from './use-composer-menu';
import { ComposerImageList } from './composer-images';
import { FOCUS_HOME_ATTRIBUTE } from '../review/return-focus';
import type { ComposerImages } from './use-composer-images';

interface Props {
  draft: Draft;
  onDraftChange(draft: Draft): void;
  onSend(): void;
  onStop(): void;
  running: boolean;
  /** Images waiting to go with the message; without it nothing can be pasted or dropped. */
  images?: ComposerImages;
}

/** The files a paste or a drop carries (some browsers list a pasted image only as an item). */
function filesOf(transfer: DataTransfer | null): File[] {
  if (!transfer) return [];
  const files = Array.from(transfer.files);
  if (files.length) return files;
  return Array.from(transfer.items)
    .filter((item) => item.kind === 'file')
    .map((item) => item.getAsFile())
    .filter((file): file is File => file !== null);
}

function carriesFiles(transfer: DataTransfer | null): boolean {
  return transfer !== null && Array.from(transfer.types).includes('Files');
}

/** A built-in slash command: the app answers it, so it may be sent while a turn runs. */
function answeredInApp(text: string): boolean {
  const command = parseSlash(text);
  return command !== null && isHandledBuiltIn(command.name);
}

function menuStatus(view: MenuView | null): string {
  if (!view) return '';
  const count = view.items.length;
  const what =
    view.kind === 'slash'
      ? count === 1
        ? 'command'
        : 'commands'
      : count === 1
        ? 'suggestion'
        : 'suggestions';
  return `${count} ${what}: arrows to choose, Enter to take, Escape to close.`;
}

export function ChatInput({ draft, onDraftChange, onSend, onStop, running, images }: Props) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const menuId = useId();
  const menu = useComposerMenu({ draft, onDraftChange, textarea });
  const { view } = menu;
  const [dropping, setDropping] = useState(false);

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = filesOf(event.clipboardData);
    if (!images || files.length === 0) return;
    event.preventDefault();
    void images.add(files);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!images || !carriesFiles(event.dataTransfer)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDropping(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    setDropping(false);
    const files = filesOf(event.dataTransfer);
    if (!images || files.length === 0) return;
    event.preventDefault();
    void images.add(files);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (menu.onKeyDown(event)) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      if (draft.text.trim() !== '' && (!running || answeredInApp(draft.text))) onSend();
    }
  };

  return (
    <div
      className={dropping ? 'chat-input dropping' : 'chat-input'}
      onDragOver={onDragOver}
      onDragLeave={() => setDropping(false)}
      onDrop={onDrop}
    >
      {view?.kind === 'mention' && (
        <MentionMenu
          id={menuId}
          suggestions={view.items}
          highlighted={menu.highlight}
          onPick={menu.take}
        />
      )}
      {view?.kind === 'slash' && (
        <SlashMenu id={menuId} items={view.items} highlighted={menu.highlight} onPick={menu.take} />
      )}
      <span className="visually-hidden" role="status">
        {menuStatus(view)}
      </span>
      {images && <ComposerImageList images={images} />}
      <textarea
        ref={textarea}
        className="chat-textarea"
        aria-label="Message"
        data-testid="chat-input"
        // Where focus goes when a review closes and what had focus before it is gone.
        {...{ [FOCUS_HOME_ATTRIBUTE]: '' }}
        placeholder="Ask about this project… (@ to mention a file or symbol, / for commands)"
        rows={3}
        value={draft.text}
        aria-autocomplete="list"
        aria-controls={view ? menuId : undefined}
        aria-activedescendant={view ? mentionOptionId(menuId, menu.highlight) : undefined}
        onChange={(event) => {
          onDraftChange({ ...draft, text: event.target.value });
          menu.setCaret(event.target.selectionStart);
        }}
        onSelect={(event) => menu.setCaret(event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
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
