// outline (for `sluice mcp`): the declarations of one TypeScript/JavaScript
// file from the symbol index, in file order, with line numbers and signatures.
import { z } from 'zod';
import { createOnDemandIndex, type IndexProvider } from '../tools/on-demand-index';
import { defineTool, ok, toolError } from '../tools/tool';

export const OUTLINE_MAX_ENTRIES = 500;

const schema = z
  .object({ path: z.string().min(1).max(4096).describe('Project-relative file path.') })
  .strict();

export function createOutlineTool(provideIndex: IndexProvider = createOnDemandIndex()) {
  return defineTool({
    name: 'outline',
    description: `List the declarations (functions, classes, interfaces, types, variables, methods, …) of one TypeScript or JavaScript file of the project, in file order, as "line kind name: signature"; at most ${OUTLINE_MAX_ENTRIES}.`,
    schema,
    kind: 'read',
    label: (input) => `Outlining ${input.path}`,
    async run(input, ctx) {
      const index = await provideIndex(ctx);
      const file = index.relativePath(ctx.workspace.resolve(input.path, 'read').relative);
      if (!index.hasFile(file))
        return toolError(`${file} is not an indexed TypeScript/JavaScript file of the project.`);
      const symbols = index.outline(file);
      if (!symbols.length) return ok(`${file} declares nothing the index knows.`);
      const lines = symbols
        .slice(0, OUTLINE_MAX_ENTRIES)
        .map(
          (s) => `${s.line} ${s.kind} ${s.name}${s.exported ? ' (exported)' : ''}: ${s.signature}`,
        );
      if (symbols.length > OUTLINE_MAX_ENTRIES)
        lines.push(`… ${symbols.length - OUTLINE_MAX_ENTRIES} more not shown.`);
      return ok([`${file}:`, ...lines].join('\n'));
    },
  });
}
