// What create_file and edit_file share (DESIGN.md "Tools"): they write text only, read the
// target as it is on disk (purpose 'write'), build one proposal of that file and hand it to
// commitProposal. Each tool says only how its input turns the file into the new text.
import type { z } from 'zod';
import { readBaseFile, type BaseFile } from '../edits/base-file';
import type { DiffBound } from '../edits/bounded-line-diff';
import { createProposal, type ProposalInput, type WriteToolName } from '../edits/proposal';
import type { AtomicWriteOps } from '../workspace/atomic-write';
import { commitProposal } from './commit-change';
import { defineTool, toolError, type ToolContext, type ToolResult } from './tool';

export interface WriteToolOptions {
  readonly diffBound?: DiffBound;
  readonly atomicOps?: AtomicWriteOps;
}

/** The input every write tool takes: the file, and what the change is for. */
interface WriteInput {
  readonly path: string;
  readonly description?: string;
}

/** The change a write tool plans for the file; path, hash and description come from the frame. */
export type PlannedWrite = Pick<
  ProposalInput,
  'isNewFile' | 'before' | 'after' | 'format' | 'notes'
>;

export interface WriteToolSpec<S extends z.ZodType<WriteInput>> {
  readonly name: WriteToolName;
  readonly description: string;
  readonly schema: S;
  /** The step list's verb: "Editing" → "Editing src/app.ts". */
  readonly verb: string;
  /** Every text the input would write, checked for a NUL byte before the file is read. */
  newTexts(input: z.output<S>): readonly string[];
  /** What the model is told when one of them holds a NUL byte. */
  readonly nulRefusal: string;
  /** The planned change, or the error result that refuses it. */
  plan(input: z.output<S>, base: BaseFile, ctx: ToolContext): Promise<PlannedWrite | ToolResult>;
}

export function defineWriteTool<S extends z.ZodType<WriteInput>>(
  spec: WriteToolSpec<S>,
  options: WriteToolOptions,
) {
  return defineTool({
    name: spec.name,
    description: spec.description,
    schema: spec.schema,
    kind: 'write',
    label: (input) => `${spec.verb} ${input.path}`,
    async run(input, ctx) {
      if (spec.newTexts(input).some((text) => text.includes('\0')))
        return toolError(spec.nulRefusal);
      const base = await readBaseFile(ctx.workspace, input.path);
      const planned = await spec.plan(input, base, ctx);
      if ('status' in planned) return planned;
      const proposal = createProposal({
        ...planned,
        tool: spec.name,
        path: base.relative,
        baseHash: base.baseHash,
        description: input.description ?? '',
        bound: options.diffBound,
      });
      return commitProposal(proposal, ctx, { atomicOps: options.atomicOps });
    },
  });
}
