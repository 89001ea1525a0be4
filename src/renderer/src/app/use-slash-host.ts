// What the workspace lends the chat's slash commands: the conversation list, the settings, and
// `show`, which brings a command's view on screen and moves the keyboard there.
import { useCallback, useEffect, useRef } from 'react';
import type { ConversationSummary, Settings } from '../../../shared/contract';
import type { SlashHost, SlashTarget } from '../chat/slash-command-handlers';
import { focusWhenShown, slashPlace } from './slash-places';
import type { Pane } from './top-bar';

export function useSlashHost(props: {
  conversations: readonly ConversationSummary[];
  settings: Settings | null;
  onSettingsChange(settings: Settings): void;
  setPane(pane: Pane): void;
  openSidebar(): void;
}): SlashHost {
  const { setPane, openSidebar } = props;
  const cancelFocus = useRef<(() => void) | null>(null);
  useEffect(() => () => cancelFocus.current?.(), []);
  const show = useCallback(
    (target: SlashTarget) => {
      const place = slashPlace(target);
      setPane(place.pane);
      if (place.sidebar) openSidebar();
      cancelFocus.current?.();
      cancelFocus.current = focusWhenShown(place);
    },
    [setPane, openSidebar],
  );
  return {
    conversations: props.conversations,
    settings: props.settings,
    onSettingsChange: props.onSettingsChange,
    show,
  };
}
