// find_definition: where a symbol (TypeScript/JavaScript, Python, Go, Rust, Java) is declared, from the symbol index.
import { z } from 'zod';
import { symbolKindSchema } from '../../../shared/contract/symbol-service';
import { defineTool, ok } from './tool';
import { createOnDemandIndex, type IndexProvider } from './on-demand-index';
import {
  FIND_DEFINITION_MAX_RESULTS,
  formatDefinitionLookup,
  lookupDefinitions,
  lookupDefinitionsQuickly,
} from './definition-lookup';

const DESCRIPTION = `Find where a symbol is defined in TypeScript/JavaScript, Python, Go, Rust or Java code (functions, classes, structs, traits, interfaces, enums, members and methods as "Type.member", type aliases, constants, top-level variables, namespaces/modules, default exports).
- name: the symbol, e.g. "createServer", or "Class.member" for a method or property ("member" alone also finds it).
- kind: optional filter: ${symbolKindSchema.options.join(', ')}.
- from_file: optional project-relative file where the name is used; the import in that file is then followed through re-exports to the exact declaration.
- Returns path:line:column, kind, whether it is exported, and the one-line signature; exported definitions first, at most ${FIND_DEFINITION_MAX_RESULTS}. When nothing matches, similar names are suggested, or for a name files use but none declares (a package's, a global), how many files use it. Use read_file on the result to see the code.`;

const schema = z
  .object({
    name: z
      .string()
      .min(1)
      .max(500)
      .describe('Symbol name, e.g. "parseConfig" or "Server.listen".'),
    kind: symbolKindSchema.optional().describe('Only definitions of this kind.'),
    from_file: z
      .string()
      .min(1)
      .max(4096)
      .optional()
      .describe('File where the name is used (follows its import).'),
  })
  .strict();

export function createFindDefinitionTool(provideIndex: IndexProvider = createOnDemandIndex()) {
  return defineTool({
    name: 'find_definition',
    description: DESCRIPTION,
    schema,
    kind: 'read',
    label: (input) => `Finding definition of ${input.name}`,
    async run(input, ctx) {
      const fromFile = input.from_file
        ? ctx.workspace.resolve(input.from_file, 'read').relative
        : undefined;
      const query = { name: input.name, kind: input.kind, fromFile };
      if (!fromFile) {
        const quick = await lookupDefinitionsQuickly(
          await provideIndex(ctx, { quick: true }),
          query,
        );
        if (quick) return ok(formatDefinitionLookup(quick));
      }
      const lookup = lookupDefinitions(await provideIndex(ctx), query);
      return ok(formatDefinitionLookup(lookup));
    },
  });
}
