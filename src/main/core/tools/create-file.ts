// create_file (DESIGN.md "Tools"): proposes a new file; refuses a path that exists. The new
// file takes the project's dominant line ending. Nothing is written without approval.
import { z } from 'zod';
import { formatForNewFile } from '../edits/base-file';
import { dominantProjectEol } from '../edits/project-eol';
import { withEol } from '../edits/text-format';
import { toolError } from './tool';
import { defineWriteTool, type WriteToolOptions } from './write-tool';

export const createFileSchema = z
  .object({
    path: z
      .string()
      .min(1)
      .max(4096)
      .describe('New file path, relative to the project root. Missing folders are created.'),
    content: z.string().max(16_000_000).describe('The complete content of the new file.'),
    description: z
      .string()
      .max(4000)
      .optional()
      .describe('One or two sentences on what the file is for; shown to the person.'),
  })
  .strict();

const DESCRIPTION = `Propose a new text file. The person reviews it before anything is written. Refuses a path that already exists unless it is an empty (0-byte) file (use edit_file to change an existing file). The file is written with the project's dominant line ending. The result says whether it was created, edited by the person, rejected (with their reason), denied by policy, or a conflict (something appeared at that path meanwhile).`;

export function createCreateFileTool(options: WriteToolOptions = {}) {
  return defineWriteTool(
    {
      name: 'create_file',
      description: DESCRIPTION,
      schema: createFileSchema,
      verb: 'Creating',
      newTexts: (input) => [input.content],
      nulRefusal:
        'content contains a NUL byte; create_file writes text files only. Nothing was written.',
      async plan(input, base, ctx) {
        // A 0-byte file is a placeholder (`touch`): creating over it replaces it like a new
        // file, and the checkpoint keeps the empty file as the base.
        if (base.exists && base.bytes.length > 0)
          return toolError(
            `${base.relative} already exists. Use edit_file to change it (read it first with read_file).`,
          );
        if (base.relative === '')
          return toolError('The path names the project root itself; give a file path.');
        const eol = await dominantProjectEol(ctx.workspace, ctx.signal);
        const after = withEol(input.content, eol);
        const notes =
          after !== input.content
            ? [
                `Line endings were written as ${eol === '\r\n' ? 'CRLF' : 'LF'}, the project's dominant style.`,
              ]
            : [];
        return {
          isNewFile: !base.exists,
          before: '',
          after,
          format: formatForNewFile(eol),
          notes,
        };
      },
    },
    options,
  );
}
