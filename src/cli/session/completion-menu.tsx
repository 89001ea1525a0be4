// The list under the prompt while a /command or an @file is typed: ↑/↓ choose, Tab or Enter
// picks, Esc closes.
import { Box, Text } from 'ink';
import { outsideText } from '../terminal-safe-text';
import type { Suggestion } from './use-completions';

export function CompletionMenu({
  items,
  chosen,
}: {
  items: readonly Suggestion[];
  chosen: number;
}) {
  const width = Math.max(...items.map((item) => item.label.length));
  return (
    <Box flexDirection="column" paddingLeft={2}>
      {items.map((item, index) => (
        <Text key={item.value} {...(index === chosen ? { color: 'cyan' } : {})}>
          {index === chosen ? '› ' : '  '}
          {outsideText(item.label).padEnd(width)}
          {item.detail ? <Text dimColor>{`  ${outsideText(item.detail)}`}</Text> : null}
        </Text>
      ))}
      <Text dimColor>{'  Tab or Enter picks · Esc closes'}</Text>
    </Box>
  );
}
