// What is still changing above the prompt: the line of the answer being written and the
// steps running now, with a spinner while Claude works.
import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import { outsideText, stepLineText } from '../terminal-safe-text';
import type { LiveView } from './session-blocks';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

function useFrame(running: boolean): string {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setFrame((f) => (f + 1) % FRAMES.length), 120);
    return () => clearInterval(timer);
  }, [running]);
  return FRAMES[frame] ?? '';
}

export function LiveArea({
  live,
  busy,
  queued,
}: {
  live: LiveView;
  busy: boolean;
  queued: number;
}) {
  const frame = useFrame(busy);
  if (!busy && !live.text && live.steps.length === 0) return null;
  return (
    <Box flexDirection="column">
      {live.text ? <Text>{outsideText(live.text)}</Text> : null}
      {live.steps.map((step, index) => (
        <Text key={index}>
          <Text
            color={step.tone === 'waiting' ? 'yellow' : 'cyan'}
          >{`  ${index === 0 ? frame : '·'} `}</Text>
          {stepLineText(step.label)}
          {step.tone === 'waiting' ? <Text color="yellow">{` (${step.status})`}</Text> : null}
        </Text>
      ))}
      {busy && live.steps.length === 0 ? (
        <Text dimColor>{`${frame} Claude is working… (Esc stops)`}</Text>
      ) : null}
      {queued > 0 ? (
        <Text
          dimColor
        >{`${queued} prompt${queued === 1 ? '' : 's'} queued: sent when this turn ends`}</Text>
      ) : null}
    </Box>
  );
}
