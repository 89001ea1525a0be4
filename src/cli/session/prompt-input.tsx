// The session's prompt: several lines, ↑/↓ through earlier prompts, a menu of /commands and
// @-mentioned files under it, the usual line-editing keys (Ctrl+A/E/U/W, ←/→, Backspace and
// Delete, Home and End). Enter sends; `\` then Enter, or Alt/Option+Enter, starts a new line.
// Esc and Ctrl+C are the session's.
import { Box, Text } from 'ink';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { outsideText } from '../terminal-safe-text';
import {
  backspace,
  deleteForward,
  deleteToLineStart,
  deleteWord,
  down,
  draftOf,
  EMPTY_DRAFT,
  end,
  enter,
  home,
  insert,
  left,
  onFirstLine,
  onLastLine,
  replaceWord,
  right,
  up,
  type Draft,
  type PromptHistory,
} from './prompt-editing';
import { CompletionMenu } from './completion-menu';
import { useCompletions, type CompletionSources } from './use-completions';
import { usePromptKeys } from './use-prompt-keys';

export interface DraftSource {
  get(): Draft;
  set(draft: Draft): void;
  subscribe(listener: () => void): () => void;
}

export interface PromptInputProps {
  readonly active: boolean;
  readonly history: PromptHistory;
  readonly sources: CompletionSources;
  readonly placeholder: string;
  /** Where the draft lives: it outlasts the screen being taken down for a review. */
  readonly drafts: DraftSource;
  onSubmit(text: string): void;
  onEscape(): void;
  onCtrlC(): void;
  onExit(): void;
}

export function PromptInput(props: PromptInputProps) {
  const draft = useSyncExternalStore(props.drafts.subscribe, props.drafts.get);
  const setDraft = (next: Draft | ((current: Draft) => Draft)): void =>
    props.drafts.set(typeof next === 'function' ? next(props.drafts.get()) : next);
  const [chosen, setChosen] = useState(0);
  // Keys read the choice from here: one that arrives before React has drawn the last ↑/↓ (keys
  // in one burst, a busy machine) still picks what was chosen, not what was drawn before.
  const chosenRef = useRef(0);
  const choose = (index: number): void => {
    chosenRef.current = index;
    setChosen(index);
  };
  const [closedFor, setClosedFor] = useClosedFor(draft.text);
  const found = useCompletions(draft, props.sources);
  const menu = found && found.items.length > 0 && closedFor !== draft.text ? found : null;
  const menuRef = useRef(menu);
  menuRef.current = menu;
  useEffect(() => {
    chosenRef.current = 0;
    setChosen(0);
  }, [menu?.start, menu?.items.length]);

  const accept = (): boolean => {
    const open = menuRef.current;
    const item = open?.items[Math.min(chosenRef.current, open.items.length - 1)];
    if (!open || !item) return false;
    setDraft((d) => replaceWord(d, open.start, item.value));
    return true;
  };

  usePromptKeys((key) => {
    // Read from the store, not this render: keys of one piece come before the next render.
    const current = props.drafts.get();
    switch (key.kind) {
      case 'ctrl':
        return ctrlKey(key.letter, current);
      case 'escape':
        return menuRef.current ? setClosedFor(current.text) : props.onEscape();
      case 'tab':
        return void accept();
      case 'enter':
        // A command typed out in full runs on Enter; a part of one is completed first.
        if (menuRef.current && !typedInFull(current, menuRef.current) && accept()) return;
        return press(current);
      case 'alt-enter':
        return setDraft((d) => insert(d, '\n'));
      case 'up':
      case 'down':
        return moveUpDown(key.kind === 'up', current);
      case 'left':
        return setDraft(left);
      case 'right':
        return setDraft(right);
      case 'backspace':
        return setDraft(backspace);
      case 'delete':
        return setDraft(deleteForward);
      case 'alt-backspace':
        return setDraft(deleteWord);
      case 'home':
        return setDraft(home);
      case 'end':
        return setDraft(end);
      case 'text':
        // Words and Enter in one piece (typed fast, or sent by a script): the words, then Enter.
        // A piece with line ends inside it is a paste: its line ends stay in the prompt.
        if (typedThenEnter(key.text)) return press(insert(current, key.text.slice(0, -1)));
        return setDraft((d) => insert(d, key.text));
      default:
        return;
    }
  }, props.active);

  function ctrlKey(letter: string, current: Draft): void {
    if (letter === 'c') return props.onCtrlC();
    if (letter === 'd' && current.text === '') return props.onExit();
    if (letter === 'a') return setDraft(home);
    if (letter === 'e') return setDraft(end);
    if (letter === 'w') return setDraft(deleteWord);
    if (letter === 'u') return setDraft(deleteToLineStart);
  }

  function press(current: Draft): void {
    const next = enter(current);
    if ('draft' in next) return setDraft(next.draft);
    if (!next.send.trim()) return setDraft(current);
    props.history.add(next.send);
    setDraft(EMPTY_DRAFT);
    props.onSubmit(next.send);
  }

  function moveUpDown(isUp: boolean, draft: Draft): void {
    const open = menuRef.current;
    if (open && open.items.length) {
      const count = open.items.length;
      const c = chosenRef.current;
      choose(isUp ? (c - 1 + count) % count : (c + 1) % count);
      return;
    }
    if (isUp && !onFirstLine(draft)) return setDraft(up);
    if (!isUp && !onLastLine(draft)) return setDraft(down);
    const recalled = isUp ? props.history.older(draft.text) : props.history.newer();
    if (recalled !== null) setDraft(draftOf(recalled));
  }

  return (
    <Box flexDirection="column">
      <Box borderStyle="round" borderColor={props.active ? 'cyan' : 'gray'} paddingX={1}>
        <DraftView draft={draft} placeholder={props.placeholder} active={props.active} />
      </Box>
      {menu && (
        <CompletionMenu items={menu.items} chosen={Math.min(chosen, menu.items.length - 1)} />
      )}
    </Box>
  );
}

/**
 * Esc closes the menu for the text as it stands; any edit forgets that, so the menu comes back
 * when the text next calls for it (a "/" typed again after deleting the first).
 */
function useClosedFor(text: string): [string | null, (text: string | null) => void] {
  const [closedFor, setClosedFor] = useState<string | null>(null);
  useEffect(() => {
    if (closedFor !== null && closedFor !== text) setClosedFor(null);
  }, [closedFor, text]);
  return [closedFor, setClosedFor];
}

function typedInFull(
  draft: Draft,
  menu: { start: number; items: readonly { value: string }[] },
): boolean {
  const word = draft.text.slice(menu.start, draft.cursor);
  return menu.items.some((item) => item.value === word);
}

function typedThenEnter(input: string): boolean {
  return input.length > 1 && input.endsWith('\r') && !/[\r\n]/u.test(input.slice(0, -1));
}

function DraftView({
  draft,
  placeholder,
  active,
}: {
  draft: Draft;
  placeholder: string;
  active: boolean;
}) {
  if (draft.text === '')
    return (
      <Text>
        <Text color="cyan">{'> '}</Text>
        {active ? <Text inverse> </Text> : null}
        <Text dimColor>{placeholder}</Text>
      </Text>
    );
  const lines = draft.text.split('\n');
  let offset = 0;
  return (
    <Box flexDirection="column">
      {lines.map((line, index) => {
        const start = offset;
        offset += line.length + 1;
        const here = active && draft.cursor >= start && draft.cursor <= start + line.length;
        const at = draft.cursor - start;
        return (
          <Text key={index}>
            <Text color="cyan">{index === 0 ? '> ' : '  '}</Text>
            {here ? (
              <>
                {outsideText(line.slice(0, at))}
                <Text inverse>{outsideText(line.slice(at, at + 1)) || ' '}</Text>
                {outsideText(line.slice(at + 1))}
              </>
            ) : (
              outsideText(line)
            )}
          </Text>
        );
      })}
    </Box>
  );
}
