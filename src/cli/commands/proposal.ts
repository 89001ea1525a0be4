// `sluice proposal show|apply|reject ID [--project DIR]`. The project is the
// set's own unless --project names it (then they must match). `apply` takes `--files a,b` (whole
// files) and `--hunks PATH:h1,h2` (repeatable); without either it reviews on a terminal hunk by
// hunk as `ask` does, and applies everything when no terminal is there to ask. `--revision R`
// (what `show` prints) binds the apply to the version the person read. Exit 0 done,
// 1 when anything was a conflict or refused (or the set cannot be applied), 2 usage.
import path from 'node:path';
import type { ApplyResult, ChangeSetSelection } from '../../shared/change-sets';
import {
  applyChangeSet,
  loadChangeSet,
  rejectChangeSet,
  type ReviewDeps,
} from '../../main/core/proposals/apply-change-set';
import { oneLine } from '../one-line-text';
import { outsideLine, outsideText } from '../terminal-safe-text';
import { commandOutputDir } from '../../main/core/commands/project-commands';
import { ProposalRefusedError } from '../../main/core/proposals/run-proposal';
import type { StoredChangeSet } from '../../main/core/store/change-set-repository';
import { changeSetSteps } from '../../main/core/proposals/change-set-steps';
import { changeSetIdFor, labelHunks, parseHunkSelectors } from '../change-set-picks';
import type { WritableDb } from '../../main/core/store/database-handles';
import { openChangeSetStore } from '../change-set-store';
import { ExitCode, UsageError, writeJsonLine, type CliIo, type Verb } from '../cli-io';
import {
  ANY_POSITIONALS,
  checkForm,
  defineVerb,
  JSON_OPTION,
  PROJECT_OPTION,
  type VerbOptions,
  type VerbTable,
} from '../define-verb';
import { openProject } from '../project-context';
import { reviewOnTerminal } from '../proposal-review';
import {
  changeSetRevision,
  SHORT_REVISION_LENGTH,
} from '../../main/core/proposals/change-set-revision';
import { renderEvidence } from '../evidence-lines';
import { confirmSelection } from '../selection-evidence-prompt';
import { ioApprover } from '../io-approver';
import type { CreateDiagnostics } from '../../main/core/diagnostics/project-diagnostics';
import type { CreateTests } from '../../main/core/test-runs/shell-tests';
import { renderDiffLines, type TerminalApprover } from '../terminal-approval';

export interface ProposalCommandDeps {
  /** Injected terminal approver (tests); default asks when stdin and stderr are TTYs. */
  readonly approver?: TerminalApprover;
  /** The checks behind a selection's evidence; undefined: the real ones, null: none (tests). */
  readonly createDiagnostics?: CreateDiagnostics | null;
  readonly createTests?: CreateTests | null;
}

function printSet(io: CliIo, db: WritableDb, set: StoredChangeSet, home: string): void {
  const color = Boolean(io.stdout.isTTY) && !io.env.NO_COLOR;
  const lines = [
    `Change set ${set.id}: ${set.status}${set.statusReason ? ` (${outsideLine(set.statusReason)})` : ''}`,
    `Project: ${outsideLine(set.projectRoot)}`,
    `Prompt: ${outsideText(set.prompt)}`,
  ];
  if (set.status === 'proposed')
    lines.push(
      `Revision: ${changeSetRevision(set).slice(0, SHORT_REVISION_LENGTH)} (give it to apply as --revision to apply exactly what is shown here)`,
    );
  if (set.needsRecheck) lines.push(`Needs a re-check: ${outsideLine(set.needsRecheck)}`);
  lines.push(
    '',
    set.evidence
      ? renderEvidence(set.evidence, color).trimEnd()
      : 'Not checked: no evidence was recorded for this change set.',
  );
  if (set.summary) lines.push('', outsideText(set.summary));
  lines.push(...evidenceLines(set, home));
  const steps = changeSetSteps(db, set);
  if (steps.length) {
    lines.push('', 'Steps:');
    for (const step of steps)
      if (step.type === 'tool')
        lines.push(`  ${step.status === 'ok' ? '✓' : '✗'} ${outsideLine(step.label)}`);
  }
  io.stdout.write(`${lines.join('\n')}\n`);
  for (const file of set.files) {
    const tags = [
      file.state !== 'pending' ? file.state : '',
      file.protectedPath ? 'protected: never applied' : '',
    ]
      .filter(Boolean)
      .join(', ');
    io.stdout.write(`\n${outsideLine(file.path)}${tags ? ` [${tags}]` : ''}\n`);
    io.stdout.write(`${renderDiffLines(labelHunks(file), color)}\n`);
  }
  const u = set.usage;
  io.stdout.write(
    `\n${u.inputTokens} input / ${u.outputTokens} output tokens, about $${u.costUsd.toFixed(4)}\n`,
  );
}

/** The run's commands and checks; output and commands are untrusted text. */
function evidenceLines(set: StoredChangeSet, home: string): string[] {
  const lines: string[] = [];
  if (set.checks) lines.push('', `Checks: ${oneLine(set.checks)}`);
  if (set.commands.length) lines.push('', 'Commands:');
  for (const c of set.commands) {
    const mark = c.outcome === 'refused' ? '⊘' : c.passed ? '✓' : '✗';
    const result =
      c.outcome === 'refused'
        ? `refused by ${c.decidedBy}`
        : `${c.end ?? ''}, ${((c.durationMs ?? 0) / 1000).toFixed(1)} s, ${c.decidedBy}`;
    lines.push(
      `  ${mark} $ ${oneLine(c.command)}${c.cwd ? ` (in ${oneLine(c.cwd)})` : ''}: ${oneLine(result)}`,
    );
    if (c.outcome === 'refused' && c.reason) lines.push(`      ${oneLine(c.reason)}`);
    const output = [c.head, c.tail].filter(Boolean).join('\n…\n');
    const shown = output.split('\n').slice(-6);
    for (const line of shown) if (line.trim()) lines.push(`      | ${oneLine(line)}`);
    if (c.logId)
      lines.push(
        `      full output: ${oneLine(path.join(commandOutputDir(home, set.projectId), `${c.logId}.log`))}`,
      );
  }
  for (const note of set.unapplied) lines.push(`  not in the set: ${oneLine(note)}`);
  return lines;
}

function printResult(io: CliIo, result: ApplyResult): void {
  for (const file of result.files) {
    const extra = file.checkpointId
      ? ` (checkpoint ${file.checkpointId}; undo with sluice undo ${file.checkpointId})`
      : '';
    io.stderr.write(
      `${outsideLine(file.path)}: ${file.state}${file.note ? ` — ${outsideLine(file.note)}` : ''}${extra}\n`,
    );
  }
  io.stderr.write(`Change set ${result.changeSetId} is now ${result.status}.\n`);
  if (result.recheck.length)
    io.stderr.write(
      `These change sets touch the same files and need a re-check: ${result.recheck.join(', ')}\n`,
    );
}

/** `sluice proposal`'s flags and forms: its parser, usage and help. */
const proposalTable = {
  name: 'proposal',
  options: {
    project: {
      ...PROJECT_OPTION,
      help: "the project folder, which must be the change set's own",
      defaultText: "the change set's project",
    },
    files: {
      type: 'string',
      multiple: true,
      value: 'PATH',
      help: 'apply these files whole',
      defaultText: 'review hunk by hunk on a terminal, else every file',
    },
    hunks: {
      type: 'string',
      multiple: true,
      value: 'PATH:h1,h2',
      help: 'apply these hunks of a file (as show numbers them)',
      defaultText: 'review hunk by hunk on a terminal, else every hunk',
    },
    reason: {
      type: 'string',
      value: 'TEXT',
      help: 'why, recorded with the decision',
      defaultText: 'none',
    },
    revision: {
      type: 'string',
      value: 'R',
      help: 'apply only if the set is still the revision `show` printed',
      defaultText: 'the set as it is now',
    },
    json: { ...JSON_OPTION, help: 'print the set or the result as one JSON line' },
  },
  forms: [
    {
      words: 'show',
      args: 'ID',
      options: ['project', 'json'],
      summary: "Print a change set: evidence, commands, steps and every file's diff.",
    },
    {
      words: 'apply',
      args: 'ID',
      options: ['project', 'files', 'hunks', 'revision', 'reason', 'json'],
      summary: 'Apply a change set, all of it, by file or by hunk.',
    },
    {
      words: 'reject',
      args: 'ID',
      options: ['project', 'reason', 'json'],
      summary: 'Reject a change set; nothing is written.',
    },
  ],
} as const satisfies VerbTable<VerbOptions>;

export function createProposalCommand(deps: ProposalCommandDeps = {}): Verb {
  return defineVerb({
    ...proposalTable,
    positionals: ANY_POSITIONALS,
    async run({ values, positionals, io }) {
      const [action, id, ...rest] = positionals;
      if (action !== 'show' && action !== 'apply' && action !== 'reject')
        throw new UsageError('give show, apply or reject, then the change set ID.');
      if (!id?.trim() || rest.length) throw new UsageError('give exactly one change set ID.');
      if (id.length > 200) throw new UsageError('the ID is longer than 200 characters.');
      checkForm({
        name: `proposal ${action}`,
        values,
        options: proposalTable.forms.find((f) => f.words === action)?.options ?? [],
        words: [],
        most: undefined,
      });
      if (values.revision !== undefined && !/^[0-9a-fA-F]{16,64}$/u.test(values.revision))
        throw new UsageError(
          `--revision takes the revision \`sluice proposal show\` prints (${SHORT_REVISION_LENGTH} to 64 hex digits).`,
        );
      const { home, db, repo } = await openChangeSetStore(io);
      try {
        const found = repo.get(changeSetIdFor(repo, id.trim()));
        if (!found) throw new UsageError(`there is no change set "${outsideLine(id)}".`);
        const { workspace } = await openProject(io, values.project ?? found.projectRoot);
        if (path.resolve(workspace.root) !== found.projectRoot)
          throw new UsageError(
            `change set ${found.id} belongs to ${found.projectRoot}, not ${workspace.root}.`,
          );
        const review: ReviewDeps = { db, workspace, home };
        try {
          if (action === 'show') {
            const set = loadChangeSet(review, found.id);
            if (values.json)
              writeJsonLine(io, {
                ...set,
                steps: changeSetSteps(db, set),
                revision: changeSetRevision(set),
              });
            else printSet(io, db, set, home);
            return ExitCode.Ok;
          }
          if (action === 'reject') {
            const result = rejectChangeSet(review, {
              changeSetId: found.id,
              reason: values.reason,
            });
            if (values.json) writeJsonLine(io, result);
            else printResult(io, result);
            return ExitCode.Ok;
          }
          const { selection, reason, seenRevision, declined } = await chooseSelection(
            io,
            deps,
            review,
            found.id,
            values,
          );
          if (declined) {
            io.stderr.write(
              `Nothing was applied: you said no. The change set is still ${found.id}.\n`,
            );
            return ExitCode.Ok;
          }
          const result = await applyChangeSet(review, {
            changeSetId: found.id,
            selection,
            ...(reason ? { reason } : {}),
            seenRevision,
          });
          if (values.json) writeJsonLine(io, result);
          else printResult(io, result);
          const clean = result.files.every((f) => f.state !== 'conflict' && f.state !== 'refused');
          return clean ? ExitCode.Ok : ExitCode.Failure;
        } catch (error) {
          if (error instanceof ProposalRefusedError) {
            io.stderr.write(`sluice proposal ${action}: ${outsideLine(error.message)}\n`);
            return ExitCode.Failure;
          }
          throw error;
        }
      } finally {
        db.close();
      }
    },
  });
}

export const proposalCommand = createProposalCommand();

export default proposalCommand;

/**
 * What `apply` writes: the `--files`/`--hunks` given, or what the person keeps on a terminal
 * review; with neither, the whole set. The revision seen goes with it, so a set an MCP client
 * changed meanwhile is refused.
 */
async function chooseSelection(
  io: CliIo,
  deps: ProposalCommandDeps,
  review: ReviewDeps,
  id: string,
  values: {
    files?: string[] | undefined;
    hunks?: string[] | undefined;
    reason?: string | undefined;
    revision?: string | undefined;
  },
): Promise<{
  selection: ChangeSetSelection | undefined;
  reason: string | undefined;
  seenRevision: string | undefined;
  /** The person said no after seeing the selection's evidence: nothing is applied. */
  declined: boolean;
}> {
  let selection: ChangeSetSelection | undefined;
  let reason = values.reason;
  // What the person looked at (`--revision` from `show`, or the review on the terminal):
  // a set an MCP client changed since is refused, nothing written.
  let seenRevision: string | undefined = values.revision;
  const set = loadChangeSet(review, id);
  // A set that cannot be applied is neither checked nor reviewed: apply below says why.
  if (set.status !== 'proposed') return { selection, reason, seenRevision, declined: false };
  const interactive = Boolean(io.stdin.isTTY && io.stderr.isTTY);
  const selectors = Boolean(values.files || values.hunks);
  if (!selectors && !deps.approver && !interactive)
    return { selection, reason, seenRevision, declined: false };
  const { openCliEngine } = await import('../cli-engine');
  const cli = openCliEngine({
    io,
    workspace: review.workspace,
    ...(deps.createDiagnostics !== undefined ? { createDiagnostics: deps.createDiagnostics } : {}),
    ...(deps.createTests !== undefined ? { createTests: deps.createTests } : {}),
  });
  try {
    if (selectors) {
      selection = {
        files: (values.files ?? [])
          .flatMap((f) => f.split(','))
          .map((f) => f.trim())
          .filter(Boolean),
        hunks: parseHunkSelectors(values.hunks ?? []),
      };
      const goOn = await confirmSelection(io, cli.engine, set, selection);
      return { selection, reason, seenRevision, declined: !goOn };
    }
    const approver = deps.approver ?? ioApprover(io, cli.engine.checks.selection);
    if (set.evidence)
      io.stderr.write(renderEvidence(set.evidence, Boolean(io.stderr.isTTY) && !io.env.NO_COLOR));
    try {
      seenRevision ??= changeSetRevision(set);
      const outcome = await reviewOnTerminal(set, approver, (t) => io.stderr.write(t));
      selection = outcome.selection;
      reason = reason ?? outcome.reason;
    } finally {
      approver.close();
      if (io.stdin.isTTY) io.stdin.pause();
    }
    return { selection, reason, seenRevision, declined: false };
  } finally {
    await cli.close();
  }
}
