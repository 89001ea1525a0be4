// edit_file (DESIGN.md "Tools"): exact old_text → new_text replacements, or a whole new
// content. It builds a proposal and asks the approval gate; nothing is written unless the
// gate (policy or person) approves, and a failed match never touches the file.
import { z } from 'zod';
import { applyEdits } from '../edits/edit-matcher';
import { conformEol, conformFinalNewline, formatForReplacing } from '../edits/text-format';
import { toolError } from './tool';
import { defineWriteTool, type WriteToolOptions } from './write-tool';

const editSchema = z
  .object({
    old_text: z
      .string()
      .max(1_000_000)
      .describe('Exact text to replace, copied from the file (include enough lines to be unique).'),
    new_text: z.string().max(4_000_000).describe('Replacement text. Inserted verbatim.'),
    replace_all: z
      .boolean()
      .optional()
      .describe('Replace every occurrence instead of requiring exactly one.'),
  })
  .strict();

export const editFileSchema = z
  .object({
    path: z.string().min(1).max(4096).describe('File to edit, relative to the project root.'),
    edits: z
      .array(editSchema)
      .min(1)
      .max(200)
      .optional()
      .describe('Replacements applied in order to the file.'),
    content: z
      .string()
      .max(16_000_000)
      .optional()
      .describe('The whole new file content, instead of edits.'),
    description: z
      .string()
      .max(4000)
      .optional()
      .describe('One or two sentences on what the change does and why; shown to the person.'),
  })
  .strict()
  .superRefine((input, ctx) => {
    if ((input.edits === undefined) === (input.content === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'give exactly one of `edits` (a list of {old_text, new_text}) or `content` (the whole file)',
      });
    }
  });

const DESCRIPTION = `Propose a change to an existing text file. The person reviews the diff (and may accept only some hunks, edit it, or reject it with a reason) before anything is written.
Give either \`edits\`: a list of {old_text, new_text, replace_all?} applied in order, where each old_text must match the file exactly once (unless replace_all) — copy it from read_file output without the line numbers and include enough surrounding lines to be unique; or \`content\`: the complete new file.
Only line-ending (CRLF/LF) and trailing-whitespace differences are tolerated, and the result says so. If old_text is not found or matches several places, nothing is changed and the error shows the closest region with line numbers and what differs there (whitespace, letter case, an invisible character, text) so you can retry; with several edits it says which one failed.
The file keeps its line endings, byte-order mark, final newline and permissions (an empty file takes \`content\` byte for byte). Use create_file for new files.
The result says exactly what happened: applied, partly applied (with the rejected hunks and the person's reason), edited by the person (with the diff), rejected, denied by policy, or conflict (the file changed on disk: re-read it).`;

export function createEditFileTool(options: WriteToolOptions = {}) {
  return defineWriteTool(
    {
      name: 'edit_file',
      description: DESCRIPTION,
      schema: editFileSchema,
      verb: 'Editing',
      newTexts: (input) => [input.content ?? '', ...(input.edits ?? []).map((e) => e.new_text)],
      nulRefusal:
        'The new text contains a NUL byte; edit_file writes text files only. Nothing was changed.',
      async plan(input, base) {
        if (!base.exists)
          return toolError(`${input.path} does not exist. Use create_file to create a new file.`);
        const notes: string[] = [];
        let edited: string;
        if (input.edits) {
          const outcome = applyEdits(base.text, input.edits, base.format, base.relative);
          if (!outcome.ok) return toolError(outcome.message);
          notes.push(...outcome.notes);
          edited = outcome.text;
        } else {
          // An empty file has no line-ending convention yet: the content lands as given.
          const content = input.content ?? '';
          edited = base.text === '' ? content : conformEol(content, base.format);
        }
        const format = formatForReplacing(base.text, base.format, edited);
        const after = conformFinalNewline(edited, format);
        if (after !== edited) {
          notes.push(
            format.finalNewline
              ? 'The file ends with a newline, so one was kept at the end.'
              : 'The file has no newline at its end, so none was added.',
          );
        }
        if (after === base.text)
          return toolError(
            `The change leaves ${base.relative} exactly as it is; nothing to propose.`,
          );
        return { isNewFile: false, before: base.text, after, format, notes };
      },
    },
    options,
  );
}
