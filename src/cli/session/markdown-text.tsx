// Claude's answer drawn as styled markdown lines (markdown-lines.ts), each piece of the model's
// text with its control characters made visible.
import { Text } from 'ink';
import { outsideText } from '../terminal-safe-text';
import { markdownLines, type Fence, type Span } from './markdown-lines';

function SpanText({ span }: { span: Span }) {
  return (
    <Text
      bold={span.bold ?? false}
      italic={span.italic ?? false}
      strikethrough={span.strike ?? false}
      underline={span.underline ?? false}
      dimColor={span.dim ?? false}
      {...(span.code ? { color: 'cyan' } : {})}
    >
      {outsideText(span.text)}
    </Text>
  );
}

export function MarkdownText({ text, fence }: { text: string; fence: Fence | null }) {
  const lines = markdownLines(text, fence);
  return (
    <Text>
      {lines.map((spans, line) => [
        line > 0 ? '\n' : '',
        ...spans.map((span, index) => <SpanText key={`${line}:${index}`} span={span} />),
      ])}
    </Text>
  );
}
