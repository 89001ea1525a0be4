// `sluice check --project DIR [--json]`: the project's current errors, from the same
// diagnostics engine that checks proposals. `sluice check --proposal ID [--project DIR]
// [--json]`: the errors a change set would introduce and fix if applied now (its final
// texts laid over the disk as it is). `--timeout SECONDS` (default 600) bounds the wait; a
// language past it is reported as timed out and its checker is stopped (no process of it
// outlives the verb). Exit 0: everything checked, no errors (for a proposal: none introduced);
// 1: errors found, or a language timed out or could not be checked; 2: usage. "No errors" is
// said only when every language found was checked.
import path from 'node:path';
import type { Diagnostic, LanguageEvidence } from '../../shared/diagnostics';
import {
  createDiagnosticsService,
  formatSeconds,
} from '../../main/core/diagnostics/diagnostics-service';
import {
  languageLabel,
  type DiagnosticsLanguage,
} from '../../main/core/diagnostics/language-checker';
import { openAppDatabase } from '../../main/core/store/app-database';
import {
  createChangeSetRepository,
  processIsAlive,
} from '../../main/core/store/change-set-repository';
import { projectIdFor } from '../../main/core/store/project-id';
import { ExitCode, UsageError, writeJsonLine, type CliIo } from '../cli-io';
import { defineVerb, JSON_OPTION, PROJECT_OPTION } from '../define-verb';
import { changeSetIdFor } from '../change-set-picks';
import { oneLine } from '../one-line-text';
import { openProject, sluiceHomeFor } from '../project-context';

const DEFAULT_TIMEOUT_S = 600;

/** `src/app.ts:12:5  error TS2305  Module './x' has no exported member 'y'.` */
export function formatDiagnostic(d: Diagnostic): string {
  const code = d.code ? ` ${oneLine(d.code)}` : '';
  return `${oneLine(d.path)}:${d.line}:${d.column}  error${code}  ${oneLine(d.message.replace(/\n\s*/g, ' '))}`;
}

function formatLanguage(l: LanguageEvidence): string {
  const label = languageLabel(l.language as DiagnosticsLanguage);
  const reason = l.reason ? ` (${oneLine(l.reason)})` : '';
  const checker = l.checker ? ` with ${oneLine(l.checker)}` : '';
  switch (l.state) {
    case 'checked':
      return `${label}: checked ${l.filesChecked} file${l.filesChecked === 1 ? '' : 's'} in ${formatSeconds(l.ms)}${checker}${reason}`;
    case 'not_checked':
      return `${label}: not checked${reason}`;
    case 'timed_out':
      return `${label}: ${oneLine(l.reason ?? 'timed out')}`;
    case 'checking':
      return `${label}: still checking`;
  }
}

const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function parseTimeout(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_TIMEOUT_S * 1000;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 86_400)
    throw new UsageError('--timeout takes a number of seconds between 0 and 86400.');
  return Math.round(seconds * 1000);
}

async function changeSetChanges(io: CliIo, id: string, project: string | undefined) {
  if (!id.trim() || id.length > 200) throw new UsageError('--proposal takes a change set ID.');
  const db = openAppDatabase({ home: sluiceHomeFor(io) });
  try {
    const repo = createChangeSetRepository(db);
    repo.recoverAbandoned(processIsAlive, Date.now());
    const set = repo.get(changeSetIdFor(repo, id.trim()));
    if (!set) throw new UsageError(`there is no change set "${oneLine(id)}".`);
    const { workspace } = await openProject(io, project ?? set.projectRoot);
    if (
      path.resolve(workspace.root) !== set.projectRoot ||
      projectIdFor(workspace.root) !== set.projectId
    )
      throw new UsageError(
        `change set ${set.id} belongs to ${oneLine(set.projectRoot)}, not ${oneLine(workspace.root)}.`,
      );
    return { set, root: workspace.root };
  } finally {
    db.close();
  }
}

export default defineVerb({
  name: 'check',
  options: {
    project: {
      ...PROJECT_OPTION,
      defaultText: `${PROJECT_OPTION.defaultText} (with --proposal: the change set's project)`,
    },
    proposal: {
      type: 'string',
      value: 'ID',
      help: 'the errors this change set would introduce and fix if applied now',
      defaultText: "the project's current errors",
    },
    timeout: {
      type: 'string',
      value: 'SECONDS',
      help: 'how long to wait for the checkers; a language past it is reported as timed out',
      defaultText: String(DEFAULT_TIMEOUT_S),
    },
    json: { ...JSON_OPTION, help: 'print the result as one JSON line' },
  },
  async run({ values, io }) {
    const timeoutMs = parseTimeout(values.timeout);
    if (values.proposal === undefined) {
      const { workspace } = await openProject(io, values.project);
      const service = createDiagnosticsService({
        root: workspace.root,
        env: io.env,
        settings: { ceilingMs: timeoutMs },
      });
      try {
        const result = await service.projectDiagnostics({ deadlineMs: timeoutMs });
        const unchecked = result.languages.filter((l) => l.state !== 'checked');
        if (values.json) writeJsonLine(io, result);
        else {
          for (const d of result.diagnostics) io.stdout.write(`${formatDiagnostic(d)}\n`);
          for (const l of result.languages) io.stdout.write(`${formatLanguage(l)}\n`);
          if (!result.languages.length)
            io.stdout.write('No file of a language Sluice can check was found.\n');
          else if (result.diagnostics.length)
            io.stdout.write(`${count(result.diagnostics.length, 'error')}.\n`);
          else if (unchecked.length)
            io.stdout.write(
              `No errors in what was checked, but ${unchecked.map((l) => languageLabel(l.language as DiagnosticsLanguage)).join(', ')} ${unchecked.length === 1 ? 'was' : 'were'} not checked.\n`,
            );
          else io.stdout.write('No errors.\n');
        }
        return result.diagnostics.length || unchecked.length ? ExitCode.Failure : ExitCode.Ok;
      } finally {
        await service.dispose();
      }
    }
    const { set, root } = await changeSetChanges(io, values.proposal, values.project);
    const service = createDiagnosticsService({
      root,
      env: io.env,
      settings: { ceilingMs: timeoutMs },
    });
    try {
      const evidence = await service.checkChange(
        set.files.map((f) => ({ path: f.path, after: f.finalText })),
        { deadlineMs: timeoutMs },
      );
      if (values.json) writeJsonLine(io, evidence);
      else {
        const moved = set.files.filter((f) => evidence.baseHashes[f.path] !== f.baseHash);
        io.stdout.write(
          evidence.state === 'checked'
            ? `Change set ${set.id} introduces ${count(evidence.introduced.length, 'error')} · fixes ${evidence.fixed.length}\n`
            : `Change set ${set.id} was not fully checked${evidence.reason ? `: ${oneLine(evidence.reason)}` : ''}; it introduces at least ${count(evidence.introduced.length, 'error')} · fixes ${evidence.fixed.length}\n`,
        );
        if (moved.length)
          io.stdout.write(
            `Compared with the files as they are now: ${moved.map((f) => oneLine(f.path)).join(', ')} changed on disk since the set was made.\n`,
          );
        if (evidence.introduced.length) io.stdout.write('Introduced:\n');
        for (const d of evidence.introduced) io.stdout.write(`  ${formatDiagnostic(d)}\n`);
        if (evidence.fixed.length) io.stdout.write('Fixed:\n');
        for (const d of evidence.fixed) io.stdout.write(`  ${formatDiagnostic(d)}\n`);
        for (const l of evidence.languages) io.stdout.write(`${formatLanguage(l)}\n`);
      }
      const unchecked = evidence.languages.some((l) => l.state !== 'checked');
      return evidence.introduced.length || evidence.state !== 'checked' || unchecked
        ? ExitCode.Failure
        : ExitCode.Ok;
    } finally {
      await service.dispose();
    }
  },
});
