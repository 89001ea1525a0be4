// `sluice importers TARGET --project DIR [--json]`: every import of a file or of `file#symbol`,
// through re-export chains. --json prints one line per import: { path, line, specifier,
// typeOnly, via }. Exit 1 when TARGET is not an indexed file.
// In a project with no complete index the answer comes first from a quick search
// (stderr says so); one the quick search cannot be sure of (partial) is said on stderr and
// the index answers instead. After a quick answer the rest of the index is built by a detached
// child (index-after-answer.ts).
import type { Importer } from '../../shared/contract/symbol-service';
import { parseImporterTarget } from '../../main/core/index/importers-query';
import { QUICK_ANSWER_NOTE, partialNote } from '../../main/core/index/quick-answer';
import { ExitCode, writeJsonLine, type CliIo } from '../cli-io';
import { defineVerb, JSON_OPTION, PROJECT_OPTION } from '../define-verb';
import { openSymbolQueryIndex, restOfIndexNote } from '../index-after-answer';
import { openProject } from '../project-context';
import { outsideLine } from '../terminal-safe-text';

function printImporters(io: CliIo, importers: readonly Importer[], raw: string, json: boolean) {
  for (const i of importers) {
    if (json)
      writeJsonLine(io, {
        path: i.path,
        line: i.line,
        specifier: i.specifier,
        typeOnly: i.typeOnly,
        via: i.via,
      });
    else
      io.stdout.write(
        `${outsideLine(i.path)}:${i.line} ${outsideLine(i.specifier)}${i.typeOnly ? ' (type-only)' : ''}${i.via.length ? ` via ${i.via.map(outsideLine).join(' → ')}` : ''}\n`,
      );
  }
  if (!importers.length && !json) io.stdout.write(`Nothing imports ${outsideLine(raw)}.\n`);
}

export default defineVerb({
  name: 'importers',
  args: 'TARGET',
  options: {
    project: PROJECT_OPTION,
    json: { ...JSON_OPTION, help: 'print one JSON line per import' },
  },
  positionals: { min: 1, max: 1, message: 'give exactly one TARGET (file or file#symbol).' },
  async run({ values, positionals: [raw = ''], io }) {
    const { workspace } = await openProject(io, values.project);
    const target = parseImporterTarget(raw);
    // The file part is a path inside the project: the sandbox refuses anything outside it.
    const file = workspace.resolve(target.path, 'read').relative;
    const wanted = target.symbol ? `${file}#${target.symbol}` : file;
    const symbols = openSymbolQueryIndex(io, workspace);
    try {
      const quick = await symbols.quickAnswers()?.importers(wanted);
      if (quick?.kind === 'answer') {
        io.stderr.write(`sluice importers: ${QUICK_ANSWER_NOTE} (${restOfIndexNote(io)}).\n`);
        printImporters(io, quick.value, raw, values.json);
        await symbols.finishAfterAnswer('importers');
        return ExitCode.Ok;
      }
      if (quick?.kind === 'partial')
        io.stderr.write(
          `sluice importers: the quick search gave a ${partialNote(quick.why)}; waiting for the index.\n`,
        );
      const index = symbols.index();
      await index.refresh();
      if (!index.hasFile(file)) {
        io.stderr.write(`sluice importers: ${outsideLine(file)} is not an indexed source file.\n`);
        return ExitCode.Failure;
      }
      printImporters(io, index.findImporters(wanted), raw, values.json);
      return ExitCode.Ok;
    } finally {
      await symbols.close();
    }
  },
});
