// read_command_output: a line range of a run_command's full output, kept under SLUICE_HOME
// (run_command shows the model only the head and tail of a long output).
import { z } from 'zod';
import { stripAnsi } from '../../../shared/ansi';
import { readLogLines, CommandLogError } from '../commands/command-logs';
import { defineTool, ok, toolError } from './tool';
import { UNTRUSTED_NOTE } from './run-command';

export const READ_OUTPUT_MAX_LINES = 2_000;
const MAX_LINE_CHARS = 2_000;

const schema = z
  .object({
    id: z.string().min(1).max(100).describe('The output id run_command printed (cmd-…).'),
    start_line: z.number().int().min(1).optional().describe('First line, 1-based. Default 1.'),
    line_count: z
      .number()
      .int()
      .min(1)
      .max(READ_OUTPUT_MAX_LINES)
      .optional()
      .describe(`Lines to read. Default 200, at most ${READ_OUTPUT_MAX_LINES}.`),
  })
  .strict();

export function createReadCommandOutputTool() {
  return defineTool({
    name: 'read_command_output',
    description: `Read a range of lines of an earlier run_command's full output (run_command shows only the start and end of long output). Give the id it printed. ${UNTRUSTED_NOTE}`,
    schema,
    kind: 'read',
    label: (input) => `Reading command output ${input.id}`,
    async run(input, ctx) {
      const dir = ctx.commands?.outputDir;
      if (!dir) return toolError('No command output is kept in this session.');
      const start = input.start_line ?? 1;
      const count = input.line_count ?? 200;
      try {
        const { lines, total } = await readLogLines(dir, input.id, start, count);
        if (start > total && total > 0)
          return toolError(`The output has ${total} lines; start_line ${start} is past its end.`);
        const shown = lines.map((line, i) => {
          const text = stripAnsi(line);
          const cut =
            text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS)}… [line cut]` : text;
          return `${start + i}\t${cut}`;
        });
        const end = start + lines.length - 1;
        return ok(
          [
            `${input.id}: lines ${lines.length ? `${start}-${end}` : 'none'} of ${total}`,
            UNTRUSTED_NOTE,
            ...shown,
            end < total ? `… ${total - end} more lines; continue with start_line ${end + 1}.` : '',
          ]
            .filter(Boolean)
            .join('\n'),
        );
      } catch (error) {
        if (error instanceof CommandLogError) return toolError(error.message);
        throw error;
      }
    },
  });
}
