// `sluice importers TARGET --project DIR [--json]`: every import of a file or of `file#symbol`,
// through re-export chains. --json prints one line per import: { path, line, specifier,
// typeOnly, via }. Exit 1 when TARGET is not an indexed file.
import { openProjectIndex } from '../../main/core/index/open-project-index';
import { parseImporterTarget } from '../../main/core/index/importers-query';
import { ExitCode, UsageError, writeJsonLine, type CliCommand, parseCliArgs } from '../cli-io';
import { openProject } from '../project-context';

const USAGE = 'sluice importers TARGET --project DIR [--json]   TARGET: file path or file#symbol';

export const importersCommand: CliCommand = {
  name: 'importers',
  usage: USAGE,
  summary: 'Print every import of a file or of one of its symbols.',
  async run(args, io) {
    const parsed = parseCliArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: { project: { type: 'string' }, json: { type: 'boolean', default: false } },
    });
    const { values, positionals } = parsed;
    if (positionals.length !== 1 || !positionals[0]?.trim())
      throw new UsageError('give exactly one TARGET (file or file#symbol).');
    const { workspace } = await openProject(io, values.project);
    const target = parseImporterTarget(positionals[0].trim());
    // The file part is a path inside the project: the sandbox refuses anything outside it.
    const file = workspace.resolve(target.path, 'read').relative;
    const { index } = await openProjectIndex({ source: workspace, env: io.env, cwd: io.cwd });
    try {
      if (!index.hasFile(file)) {
        io.stderr.write(`sluice importers: ${file} is not an indexed source file.\n`);
        return ExitCode.Failure;
      }
      const importers = index.findImporters(target.symbol ? `${file}#${target.symbol}` : file);
      for (const i of importers) {
        if (values.json)
          writeJsonLine(io, {
            path: i.path,
            line: i.line,
            specifier: i.specifier,
            typeOnly: i.typeOnly,
            via: i.via,
          });
        else
          io.stdout.write(
            `${i.path}:${i.line} ${i.specifier}${i.typeOnly ? ' (type-only)' : ''}${i.via.length ? ` via ${i.via.join(' → ')}` : ''}\n`,
          );
      }
      if (!importers.length && !values.json)
        io.stdout.write(`Nothing imports ${positionals[0].trim()}.\n`);
      return ExitCode.Ok;
    } finally {
      await index.close();
    }
  },
};
