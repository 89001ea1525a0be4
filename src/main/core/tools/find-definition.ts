// find_definition: where a symbol (TypeScript/JavaScript, Python, Go, Rust, Java) is declared, from the symbol index.
import { z } from 'zod';
import { symbolKindSchema, type SymbolDefinition } from '../../../shared/contract/symbol-service';
import { defineTool, ok } from './tool';
import { createOnDemandIndex, type IndexProvider } from '../index/on-demand-index';

export const FIND_DEFINITION_MAX_RESULTS = 20;

const DESCRIPTION = `Find where a symbol is defined in TypeScript/JavaScript, Python, Go, Rust or Java code (functions, classes, structs, traits, interfaces, enums, members and methods as "Type.member", type aliases, constants, top-level variables, namespaces/modules, default exports).
- name: the symbol, e.g. "createServer", or "Class.member" for a method or property ("member" alone also finds it).
- kind: optional filter: ${symbolKindSchema.options.join(', ')}.
- from_file: optional project-relative file where the name is used; the import in that file is then followed through re-exports to the exact declaration.
- Returns path:line:column, kind, whether it is exported, and the one-line signature; exported definitions first, at most ${FIND_DEFINITION_MAX_RESULTS}. When nothing matches, similar names are suggested. Use read_file on the result to see the code.`;

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

export function formatDefinition(d: SymbolDefinition): string {
  return `${d.path}:${d.line}:${d.column} ${d.kind} ${d.name}${d.exported ? ' (exported)' : ''}\n  ${d.signature}`;
}

export function createFindDefinitionTool(provideIndex: IndexProvider = createOnDemandIndex()) {
  return defineTool({
    name: 'find_definition',
    description: DESCRIPTION,
    schema,
    kind: 'read',
    label: (input) => `Finding definition of ${input.name}`,
    async run(input, ctx) {
      const index = await provideIndex(ctx);
      let definitions: SymbolDefinition[] = [];
      let note = '';
      if (input.from_file) {
        const from = index.relativePath(ctx.workspace.resolve(input.from_file, 'read').relative);
        definitions = index.findDefinitionFrom(input.name, from);
        if (input.kind) definitions = definitions.filter((d) => d.kind === input.kind);
        if (!definitions.length)
          note = `(${input.name} is not imported or declared in ${from}; showing matches by name)\n`;
      }
      let suggestions: string[] = [];
      if (!definitions.length) {
        const result = index.findDefinition(input.name, input.kind);
        definitions = result.definitions;
        suggestions = result.suggestions;
      }
      if (!definitions.length) {
        const what = `No definition named ${JSON.stringify(input.name)}${input.kind ? ` of kind ${input.kind}` : ''} in the index.`;
        return ok(
          suggestions.length
            ? `${note}${what} Similar names: ${suggestions.join(', ')}.`
            : `${note}${what} Try search_files for text matches.`,
        );
      }
      const shown = definitions.slice(0, FIND_DEFINITION_MAX_RESULTS);
      const header = `${definitions.length} definition${definitions.length === 1 ? '' : 's'} of ${input.name}${definitions.length > 1 ? ' (exported first)' : ''}:`;
      const lines = [note + header, ...shown.map(formatDefinition)];
      if (definitions.length > shown.length) {
        lines.push(
          `… ${definitions.length - shown.length} more not shown; add kind or from_file to narrow.`,
        );
      }
      return ok(lines.join('\n'));
    },
  });
}
