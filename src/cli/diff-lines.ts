// Diffs at the terminal: a unified diff's lines coloured (added green, removed red), and a
// file a command writes with a content known before it runs.
import type { ProposedCommandWrite } from '../shared/command-approvals';
import { visibleUntrusted } from '../shared/untrusted-text';

export const paint = (on: boolean) => ({
  red: (s: string) => (on ? `\u001b[31m${s}\u001b[39m` : s),
  green: (s: string) => (on ? `\u001b[32m${s}\u001b[39m` : s),
  cyan: (s: string) => (on ? `\u001b[36m${s}\u001b[39m` : s),
  bold: (s: string) => (on ? `\u001b[1m${s}\u001b[22m` : s),
  dim: (s: string) => (on ? `\u001b[2m${s}\u001b[22m` : s),
});

/**
 * A unified diff's lines for a terminal, coloured. The text is a file's or the model's: control,
 * escape and bidi characters are shown as visible escapes, never obeyed (a line's own carriage
 * return, from a CRLF file, is dropped).
 */
export function renderDiffLines(lines: readonly string[], color: boolean): string {
  const c = paint(color);
  return lines
    .map((raw) => {
      const line = visibleUntrusted(raw.replace(/\r$/u, ''));
      if (line.startsWith('+++') || line.startsWith('---')) return c.bold(line);
      if (line.startsWith('@@')) return c.cyan(line);
      if (line.startsWith('+')) return c.green(line);
      if (line.startsWith('-')) return c.red(line);
      if (line.startsWith('\\')) return c.dim(line);
      return line;
    })
    .join('\n');
}

/**
 * A file a command writes with a content known before it runs, as a
 * coloured diff under the command: it never passed the diff review. Escaped: the text is the
 * model's.
 */
export function describeCommandWrite(write: ProposedCommandWrite, color: boolean): string {
  const how = write.isNewFile ? 'new file' : write.append ? 'added at the end' : 'replaced';
  const lines = [`--- ${write.isNewFile ? '/dev/null' : `a/${write.path}`}`, `+++ b/${write.path}`];
  for (const hunk of write.hunks)
    lines.push(
      `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
      ...hunk.lines.map((l) => l.replace(/\r?\n$/u, '')),
    );
  return `  It writes ${visibleUntrusted(write.path)} (${how}):\n${renderDiffLines(
    lines.map((l) => visibleUntrusted(l)),
    color,
  )}\n`;
}
