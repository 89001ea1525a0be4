// The line under the prompt: each item says what it is ("Mode: ask", "Cost: $0.04 this
// conversation", "Context: 12%"), then the keys that matter now.
import { Box, Text } from 'ink';
import { contextLeft } from '../../shared/conversation-figures';
import { compactTokens, dollars } from '../../shared/usage-words';
import type { SessionState } from './session-store';

export function statusItems(state: SessionState, contextWindow: number): string[] {
  const items = [`Mode: ${state.mode}`, `Model: ${state.model}`];
  const usage = state.conversation.usage;
  items.push(`Cost: ${dollars(usage.costUsd)} this conversation`);
  const use = contextLeft(state.latest, contextWindow, state.contextSaved);
  if (use) items.push(`Context: ${use.percent}% of ${compactTokens(use.window)}`);
  return items;
}

export function keysHint(state: SessionState): string {
  return state.busy
    ? 'Esc stops the turn · Ctrl+C twice leaves'
    : '/ commands · @ files · ↑ earlier prompts · Ctrl+C twice leaves';
}

export function StatusLine({
  state,
  contextWindow,
}: {
  state: SessionState;
  contextWindow: number;
}) {
  return (
    <Box flexDirection="column" paddingX={1}>
      {state.hint ? <Text color="yellow">{state.hint}</Text> : null}
      <Text dimColor>{statusItems(state, contextWindow).join(' · ')}</Text>
      <Text dimColor>{keysHint(state)}</Text>
    </Box>
  );
}
