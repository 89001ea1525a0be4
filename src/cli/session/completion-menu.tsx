// The list under the prompt while a /command or an @file is typed: ↑/↓ choose, Tab or Enter
// picks, Esc closes. It fits the terminal: at most the rows left under the prompt, scrolled to
// keep the choice in view, each entry one line cut at the edge (a wrapped menu pushed the
// prompt off a small screen).
import { Box, Text } from 'ink';
import { outsideText } from '../terminal-safe-text';
import type { Suggestion } from './use-completions';
import { useTerminalSize } from './use-terminal-size';

/** Rows the prompt's box, the status lines and the menu's own hint take. */
const ROWS_AROUND = 9;
/** Entries shown even on the smallest terminal. */
const FEWEST = 3;

/** The first entry shown: the choice stays in view, as near the middle as the list allows. */
export function menuWindow(
  count: number,
  chosen: number,
  rows: number,
): { from: number; to: number } {
  const shown = Math.min(count, Math.max(FEWEST, rows - ROWS_AROUND));
  const from = Math.max(0, Math.min(chosen - Math.floor(shown / 2), count - shown));
  return { from, to: from + shown };
}

export function CompletionMenu({
  items,
  chosen,
}: {
  items: readonly Suggestion[];
  chosen: number;
}) {
  const { rows, columns } = useTerminalSize();
  const { from, to } = menuWindow(items.length, chosen, rows);
  const width = Math.min(
    Math.max(...items.map((item) => item.label.length)),
    Math.floor(columns / 2),
  );
  const hidden = items.length - (to - from);
  return (
    <Box flexDirection="column" paddingLeft={2}>
      {items.slice(from, to).map((item, offset) => {
        const index = from + offset;
        return (
          <Text
            key={item.value}
            wrap="truncate-end"
            {...(index === chosen ? { color: 'cyan' } : {})}
          >
            {index === chosen ? '› ' : '  '}
            {outsideText(item.label).padEnd(width)}
            {item.detail ? <Text dimColor>{`  ${outsideText(item.detail)}`}</Text> : null}
          </Text>
        );
      })}
      <Text dimColor wrap="truncate-end">
        {`  ${hidden > 0 ? `${chosen + 1} of ${items.length} (↑↓ for more) · ` : ''}Tab or Enter picks · Esc closes`}
      </Text>
    </Box>
  );
}
