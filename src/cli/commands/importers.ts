// `sluice importers TARGET --project DIR [--json]`: every import of a file or of `file#symbol`,
// through re-export chains. --json prints one line per import: { path, line, specifier,
// typeOnly, via }. Exit 1 when TARGET is not an indexed file.
import { openProjectIndex } from '../../main/core/index/open-project-index';
import { parseImporterTarget } from '../../main/core/index/importers-query';
import { ExitCode, writeJsonLine } from '../cli-io';
import { defineVerb } from '../define-verb';
import { openProject } from '../project-context';

export default defineVerb({
  options: { project: { type: 'string' }, json: { type: 'boolean', default: false } },
  positionals: { min: 1, max: 1, message: 'give exactly one TARGET (file or file#symbol).' },
  async run({ values, positionals: [raw = ''], io }) {
    const { workspace } = await openProject(io, values.project);
    const target = parseImporterTarget(raw);
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
      if (!importers.length && !values.json) io.stdout.write(`Nothing imports ${raw}.\n`);
      return ExitCode.Ok;
    } finally {
      await index.close();
    }
  },
});
