// `sluice index --project DIR [--json]`: builds or refreshes the project's symbol index under
// SLUICE_HOME and prints its size. (The file is not commands/index.ts: that is the registry.)
// --json prints one line: { files, symbols, imports, skipped, ms } (skipped = files not indexed),
// plus { incomplete: { message, leftOut } } and exit 1 when a limit kept files out.
import { openProjectIndex } from '../../main/core/index/open-project-index';
import { ExitCode, writeJsonLine } from '../cli-io';
import { defineVerb, JSON_OPTION, PROJECT_OPTION } from '../define-verb';
import { outsideLine } from '../terminal-safe-text';
import { openProject } from '../project-context';

export default defineVerb({
  name: 'index',
  options: {
    project: PROJECT_OPTION,
    json: { ...JSON_OPTION, help: 'print the statistics as one JSON line' },
  },
  async run({ values, io }) {
    const { workspace } = await openProject(io, values.project);
    const { index, summary } = await openProjectIndex({
      source: workspace,
      env: io.env,
      cwd: io.cwd,
    });
    try {
      if (values.json) {
        const { files, symbols, imports, ms } = summary;
        const { incomplete } = summary;
        writeJsonLine(io, {
          files,
          symbols,
          imports,
          skipped: summary.skipped.length,
          ms,
          ...(incomplete ? { incomplete } : {}),
        });
      } else {
        io.stdout.write(
          `Indexed ${workspace.root}: ${summary.files} files, ${summary.symbols} symbols, ${summary.imports} imports ` +
            `(${summary.parsed} parsed, ${summary.removed} removed) in ${summary.ms} ms.\n`,
        );
        if (summary.skipped.length) {
          io.stdout.write(
            `Skipped ${summary.skipped.length} file${summary.skipped.length === 1 ? '' : 's'}:\n`,
          );
          for (const s of summary.skipped)
            io.stdout.write(`  ${outsideLine(s.path)}: ${outsideLine(s.reason)}\n`);
        }
      }
      // Nothing silently partial: a limit that kept files out fails the verb and lists them.
      if (summary.incomplete) {
        io.stderr.write(`sluice index: ${outsideLine(summary.incomplete.message)} Left out:\n`);
        for (const part of summary.incomplete.leftOut) io.stderr.write(`  ${outsideLine(part)}\n`);
        return ExitCode.Failure;
      }
      return ExitCode.Ok;
    } finally {
      await index.close();
    }
  },
});
