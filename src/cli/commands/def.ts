// `sluice def SYMBOL --project DIR [--kind KIND] [--json]`: where SYMBOL is defined (exported
// first). --json prints one line per definition: { path, line, column, kind, name, exported,
// signature }. Exit 1 when nothing matches (similar names go to stderr).
import { symbolKindSchema, type SymbolKind } from '../../shared/contract/symbol-service';
import { openProjectIndex } from '../../main/core/index/open-project-index';
import { ExitCode, UsageError, writeJsonLine, type CliCommand, parseCliArgs } from '../cli-io';
import { openProject } from '../project-context';

const USAGE = 'sluice def SYMBOL --project DIR [--kind KIND] [--json]';

export const defCommand: CliCommand = {
  name: 'def',
  usage: USAGE,
  summary: 'Print where a symbol (TS/JS, Python, Go, Rust, Java) is defined.',
  async run(args, io) {
    const parsed = parseCliArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: {
        project: { type: 'string' },
        kind: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
    });
    const { values, positionals } = parsed;
    if (positionals.length !== 1 || !positionals[0]?.trim())
      throw new UsageError('give exactly one SYMBOL.');
    const name = positionals[0].trim();
    let kind: SymbolKind | undefined;
    if (values.kind !== undefined) {
      const checked = symbolKindSchema.safeParse(values.kind);
      if (!checked.success)
        throw new UsageError(`--kind must be one of ${symbolKindSchema.options.join(', ')}.`);
      kind = checked.data;
    }
    const { workspace } = await openProject(io, values.project);
    const { index } = await openProjectIndex({ source: workspace, env: io.env, cwd: io.cwd });
    try {
      const { definitions, suggestions } = index.findDefinition(name, kind);
      if (!definitions.length) {
        const hint = suggestions.length ? ` Similar names: ${suggestions.join(', ')}.` : '';
        io.stderr.write(
          `sluice def: no definition of ${name}${kind ? ` (kind ${kind})` : ''}.${hint}\n`,
        );
        return ExitCode.Failure;
      }
      for (const d of definitions) {
        if (values.json) {
          writeJsonLine(io, {
            path: d.path,
            line: d.line,
            column: d.column,
            kind: d.kind,
            name: d.name,
            exported: d.exported,
            signature: d.signature,
          });
        } else {
          io.stdout.write(
            `${d.path}:${d.line}:${d.column} ${d.kind} ${d.name}${d.exported ? ' (exported)' : ''}\n  ${d.signature}\n`,
          );
        }
      }
      return ExitCode.Ok;
    } finally {
      await index.close();
    }
  },
};
