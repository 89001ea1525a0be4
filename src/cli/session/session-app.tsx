// The session's screen: everything printed for good (Ink's <Static>, written once and left in
// the terminal's scrollback), then what is live, the prompt and the status line. `base` is how
// many blocks an earlier screen already printed (the screen is taken down during a review).
import { Box, Static } from 'ink';
import { useSyncExternalStore } from 'react';
import { BlockView } from './block-view';
import { LiveArea } from './live-area';
import { PromptInput, type PromptInputProps } from './prompt-input';
import { StatusLine } from './status-line';
import type { SessionStore } from './session-store';

export interface SessionAppProps {
  readonly store: SessionStore;
  readonly base: number;
  readonly contextWindow: number;
  readonly prompt: Omit<PromptInputProps, 'active'>;
}

export function SessionApp({ store, base, contextWindow, prompt }: SessionAppProps) {
  const state = useSyncExternalStore(store.subscribe, store.snapshot);
  return (
    <Box flexDirection="column">
      <Static items={state.blocks.slice(base)}>
        {(block) => <BlockView key={block.key} block={block} />}
      </Static>
      {state.suspended ? null : (
        <>
          <LiveArea live={state.live} busy={state.busy} queued={state.queued.length} />
          <PromptInput {...prompt} active />
          <StatusLine state={state} contextWindow={contextWindow} />
        </>
      )}
    </Box>
  );
}
