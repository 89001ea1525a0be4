// `sluice def SYMBOL --project DIR [--from FILE] [--kind KIND] [--json]`: where SYMBOL is
// defined (exported first), looked up and printed exactly as the find_definition tool does.
// --from FILE (project-relative) resolves the name as seen from that file: its import is
// followed (renamed and default imports included) through re-exports to the declaration.
// --json prints one line per definition: { path, line, column, kind, name, exported,
// signature }. Exit 1 when nothing matches (the message goes to stderr: similar names, or
// for a name files use that none declares, how many use it).
// In a project with no complete index the answer comes first from a quick search
// (stderr says so), and the rest of the index is built by a detached child after the command
// exits (index-after-answer.ts), for the next query.
import { SYMBOL_KINDS, isSymbolKind, type SymbolKind } from '../../shared/contract/symbol-kinds';
import { QUICK_ANSWER_NOTE } from '../../main/core/index/quick-answer';
import {
  formatDefinitionLookup,
  lookupDefinitions,
  lookupDefinitionsQuickly,
  type DefinitionLookup,
} from '../../main/core/tools/definition-lookup';
import { ExitCode, UsageError, writeJsonLine, type CliIo } from '../cli-io';
import { defineVerb, JSON_OPTION, kindOption, PROJECT_OPTION } from '../define-verb';
import { openSymbolQueryIndex, restOfIndexNote } from '../index-after-answer';
import { openProject } from '../project-context';
import { outsideText } from '../terminal-safe-text';

function printLookup(io: CliIo, lookup: DefinitionLookup, json: boolean): ExitCode {
  if (!lookup.definitions.length) {
    io.stderr.write(`sluice def: ${outsideText(formatDefinitionLookup(lookup))}\n`);
    return ExitCode.Failure;
  }
  if (!json) {
    io.stdout.write(`${outsideText(formatDefinitionLookup(lookup))}\n`);
    return ExitCode.Ok;
  }
  if (lookup.note) io.stderr.write(`sluice def: ${outsideText(lookup.note)}\n`);
  for (const d of lookup.definitions)
    writeJsonLine(io, {
      path: d.path,
      line: d.line,
      column: d.column,
      kind: d.kind,
      name: d.name,
      exported: d.exported,
      signature: d.signature,
    });
  return ExitCode.Ok;
}

export default defineVerb({
  name: 'def',
  args: 'SYMBOL',
  options: {
    project: PROJECT_OPTION,
    from: {
      type: 'string',
      value: 'FILE',
      help: "resolve SYMBOL as FILE sees it, following FILE's import to the declaration",
      defaultText: 'every definition of the name',
    },
    kind: kindOption(SYMBOL_KINDS, 'only definitions of this kind', 'any kind'),
    json: { ...JSON_OPTION, help: 'print one JSON line per definition' },
  },
  positionals: { min: 1, max: 1, message: 'give exactly one SYMBOL.' },
  async run({ values, positionals: [name = ''], io }) {
    let kind: SymbolKind | undefined;
    if (values.kind !== undefined) {
      if (!isSymbolKind(values.kind))
        throw new UsageError(`--kind must be one of ${SYMBOL_KINDS.join(', ')}.`);
      kind = values.kind;
    }
    const { workspace } = await openProject(io, values.project);
    const symbols = openSymbolQueryIndex(io, workspace);
    try {
      const fromFile =
        values.from === undefined ? undefined : workspace.resolve(values.from, 'read').relative;
      const query = { name, kind, fromFile };
      const quick = await lookupDefinitionsQuickly(symbols, query);
      if (quick) {
        io.stderr.write(`sluice def: ${QUICK_ANSWER_NOTE} (${restOfIndexNote(io)}).\n`);
        const code = printLookup(io, { ...quick, note: '' }, values.json);
        await symbols.finishAfterAnswer('def');
        return code;
      }
      const index = symbols.index();
      await index.refresh();
      return printLookup(io, lookupDefinitions(index, query), values.json);
    } finally {
      await symbols.close();
    }
  },
});
