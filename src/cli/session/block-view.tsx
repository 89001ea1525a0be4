// One printed block of the session: the person's prompt, lines of Claude's answer, a step, a
// hook run with its first lines, an error or a notice. Text from outside (the model, tools, files) is shown with its control
// characters visible, never obeyed.
import { Box, Text } from 'ink';
import type { StepTone } from '../../shared/step-view';
import { outsideLine, outsideText, stepLineText } from '../terminal-safe-text';
import type { SessionBlock } from './session-blocks';
import { MarkdownText } from './markdown-text';

const TONES: Record<StepTone, string> = {
  running: 'cyan',
  waiting: 'yellow',
  ok: 'green',
  'sent-back': 'yellow',
  error: 'red',
  rejected: 'yellow',
  denied: 'yellow',
  conflict: 'red',
};

export function BlockView({ block }: { block: SessionBlock }) {
  switch (block.kind) {
    case 'user':
      return (
        <Box marginTop={1} flexDirection="column">
          <Box>
            <Text color="cyan" bold>
              {'> '}
            </Text>
            <Text bold>{outsideText(block.text)}</Text>
          </Box>
          {block.images?.length ? (
            <Text
              dimColor
            >{`  with ${block.images.length === 1 ? 'an image' : `${block.images.length} images`}: ${block.images.map((name) => outsideLine(name)).join(', ')}`}</Text>
          ) : null}
        </Box>
      );
    case 'text':
      return block.markdown ? (
        <MarkdownText text={block.text} fence={block.markdown.fence} />
      ) : (
        <Text>{outsideText(block.text)}</Text>
      );
    case 'step':
      return (
        <Text>
          <Text color={TONES[block.view.tone]}>{`  ${block.view.icon} `}</Text>
          {stepLineText(block.view.label)}
          {block.view.tone === 'ok' && !block.view.decision ? null : (
            <Text color={TONES[block.view.tone]}>{` (${block.view.status})`}</Text>
          )}
        </Text>
      );
    case 'hook': {
      const indent = block.nested ? '    ' : '  ';
      return (
        <Box flexDirection="column">
          <Text>
            <Text color={TONES[block.words.tone]}>{`${indent}${block.words.icon} `}</Text>
            {stepLineText(block.words.line)}
          </Text>
          {block.words.lines.map((line, index) => (
            <Text key={index} dimColor>{`${indent}    ${stepLineText(line)}`}</Text>
          ))}
        </Box>
      );
    }
    case 'error':
      return <Text color="red">{`  ✕ ${stepLineText(block.text)}`}</Text>;
    case 'notice':
      return (
        <Text
          {...(block.tone === 'warn'
            ? { color: 'yellow' }
            : block.tone === 'ok'
              ? { color: 'green' }
              : { dimColor: true })}
        >
          {outsideText(block.text)}
        </Text>
      );
    default:
      return null;
  }
}
