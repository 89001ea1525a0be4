// `sluice ask [PROMPT] --mode propose --project DIR [--allow-command "npm test"]… [--allow-network]
//  [--parallel N] [--executor local|container] [--image IMAGE] [--worktree[=NAME]] [--model M]
//  [--max-turns N] [--timeout SECONDS] [--conversation ID] [--json]`:
// a run nobody watches. Writes go to the run's private copy and end
// as a change set in the app DB; nothing in the project changes (with --worktree the run works
// over a new git worktree instead, and the set is committed on its branch: propose-worktree.ts).
// Commands run in the copy when a rule or `--allow-command` allows them; the run waits its turn
// in the machine's queue (`--parallel`, the setting, half the cores). `--executor container`
// runs the copy and its commands in a container on the Docker Engine API. The id is printed on stdout (steps and the model's
// text go to stderr); with --json every AgentEvent is printed and then one final `proposal`
// event. Exit 0 when the set is proposed, 1 when the run failed (its changes are kept for
// inspection but cannot be applied), 2 for usage.
import type { AgentEvent } from '../../shared/agent-events';
import { terminalBuildApproval } from '../build-approval-prompt';
import { checkModelFlag, PROPOSE_OPTIONS } from '../ask-model';
import { DEFAULT_MODEL } from '../../main/core/agent/model-catalog';
import {
  DEFAULT_PROPOSAL_TIMEOUT_MS,
  ProposalRefusedError,
} from '../../main/core/proposals/run-proposal';
import type { StoredChangeSet } from '../../main/core/store/change-set-repository';
import { ExitCode, UsageError, writeJsonLine, type CliIo, type Verb } from '../cli-io';
import { ANY_POSITIONALS, defineVerb, parseWholeFlag } from '../define-verb';
import { oneLine } from '../one-line-text';
import { outsideLine, outsideText } from '../terminal-safe-text';
import { drainEvents } from '../drain-events';
import {
  AllowedCommandError,
  parseAllowedCommands,
} from '../../main/core/runs/background-command-gate';
import { MAX_PARALLEL } from '../../main/core/runs/run-queue';
import { sweepBackgroundRuns } from '../../main/core/runs/sweep-runs';
import {
  ContainerSetupError,
  sweepContainersIfAny,
} from '../../main/core/runs/container-run-setup';
import { openProject } from '../project-context';
import { openCliEngine } from '../cli-engine';
import type { CreateTests } from '../../main/core/test-runs/shell-tests';
import type { CreateDiagnostics } from '../../main/core/diagnostics/project-diagnostics';
import { openAskWorktree } from '../ask-worktree';
import { commitToWorktree } from '../propose-worktree';
import { plural } from '../../shared/plural';

/** True when `ask`'s arguments ask for propose mode (`--mode propose` or `--mode=propose`). */
export function wantsProposeMode(args: readonly string[]): boolean {
  return args.some(
    (arg, i) => arg === '--mode=propose' || (arg === '--mode' && args[i + 1] === 'propose'),
  );
}

export interface ProposeAskDeps {
  readonly maxRetries?: number;
  /** Ctrl-C wiring; default: process SIGINT while the run goes. */
  readonly onInterrupt?: (abort: () => void) => () => void;
  /** Tests before approval for the set's final state; default the shell's, null for none. */
  readonly createTests?: CreateTests | null;
  /** The diagnostics service behind the set's evidence; default the shell's. */
  readonly createDiagnostics?: CreateDiagnostics;
}

async function readPrompt(io: CliIo, positionals: string[]): Promise<string> {
  if (positionals.length) return positionals.join(' ').trim();
  if (io.stdin.isTTY) throw new UsageError('give the PROMPT as an argument or pipe it on stdin.');
  const parts: Buffer[] = [];
  for await (const part of io.stdin)
    parts.push(typeof part === 'string' ? Buffer.from(part) : (part as Buffer));
  return Buffer.concat(parts).toString('utf8').trim();
}

function stepPrinter(io: CliIo): (event: AgentEvent) => void {
  let midLine = false;
  return (event) => {
    if (event.type === 'text_delta') {
      io.stderr.write(outsideText(event.text));
      midLine = !event.text.endsWith('\n');
      return;
    }
    const line = (text: string) => {
      io.stderr.write(`${midLine ? '\n' : ''}${text}\n`);
      midLine = false;
    };
    if (event.type === 'tool_start') line(`→ ${outsideLine(event.label)}`);
    else if (event.type === 'tool_end' && event.shownAs)
      line(`  ${event.status === 'ok' ? '✓' : '↺'} ${outsideLine(event.shownAs)}`);
    else if (event.type === 'tool_end')
      line(
        `  ${event.status === 'ok' ? '✓' : '✗'} ${outsideLine(event.name)}${event.status === 'ok' ? '' : ` (${event.status})`}`,
      );
    else if (event.type === 'retry') line(`↻ retry ${event.attempt}: ${outsideLine(event.reason)}`);
    else if (event.type === 'error')
      line(`error (${outsideLine(event.kind)}): ${outsideLine(event.message)}`);
    else if (event.type === 'turn_end' && midLine) line('');
  };
}

export function proposalEvent(set: StoredChangeSet): Record<string, unknown> {
  return {
    type: 'proposal',
    changeSetId: set.id,
    conversationId: set.conversationId,
    status: set.status,
    reason: set.statusReason,
    summary: set.summary,
    files: set.files.map((f) => ({ path: f.path, isNewFile: f.isNewFile, hunks: f.hunks.length })),
    commands: set.commands.map((c) => ({
      command: c.command,
      outcome: c.outcome,
      exitCode: c.exitCode,
      passed: c.passed,
      durationMs: c.durationMs,
      reason: c.outcome === 'refused' ? c.reason : null,
    })),
    checks: set.checks,
    unapplied: set.unapplied,
    usage: set.usage,
  };
}

function defaultInterrupt(abort: () => void): () => void {
  const handler = () => abort();
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}

export function createProposeAskCommand(deps: ProposeAskDeps = {}): Verb {
  return defineVerb({
    name: 'ask',
    args: '[PROMPT]',
    options: PROPOSE_OPTIONS,
    positionals: ANY_POSITIONALS,
    async run({ values, positionals, io }) {
      if (values.mode !== 'propose') throw new UsageError('--mode must be propose here.');
      const maxTurns = parseWholeFlag(values['max-turns'], '--max-turns', 1, 1000);
      const timeoutSeconds = parseWholeFlag(values.timeout, '--timeout', 1, 24 * 3600);
      const parallel = parseWholeFlag(values.parallel, '--parallel', 1, MAX_PARALLEL);
      const allowCommands = (values['allow-command'] ?? []).map((c) => c.trim());
      if (allowCommands.some((c) => !c || c.length > 1000))
        throw new UsageError(
          '--allow-command needs a command of 1-1000 characters, such as "npm test".',
        );
      const executorKind = values.executor ?? 'local';
      if (executorKind !== 'local' && executorKind !== 'container')
        throw new UsageError('--executor must be local or container.');
      if (values.image !== undefined && executorKind !== 'container')
        throw new UsageError('--image needs --executor container.');
      if (
        values.image !== undefined &&
        !/^[A-Za-z0-9][A-Za-z0-9._/:@-]{0,499}$/u.test(values.image)
      )
        throw new UsageError(`--image "${oneLine(values.image)}" is not an image reference.`);
      checkModelFlag(values.model);
      const prompt = await readPrompt(io, positionals);
      if (!prompt) throw new UsageError('the prompt is empty.');
      const project = (await openProject(io, values.project)).workspace;
      // --worktree: the run works over a git worktree on sluice/NAME instead of the project.
      const worktree =
        values.worktree === undefined ? null : await openAskWorktree(io, project, values.worktree);
      const workspace = worktree?.workspace ?? project;
      try {
        await parseAllowedCommands(allowCommands, workspace.root);
      } catch (error) {
        if (error instanceof AllowedCommandError)
          throw new UsageError(`--allow-command: ${error.message}`);
        throw error;
      }
      const cli = openCliEngine({
        io,
        workspace,
        model: values.model,
        maxRetries: deps.maxRetries,
        createDiagnostics: deps.createDiagnostics,
        createTests: deps.createTests,
      });
      const { db, home, engine } = cli;
      try {
        sweepBackgroundRuns(db, home);
        // Containers of runs that died with an earlier process go too.
        if (executorKind !== 'container') await sweepContainersIfAny(db, home, io.env);
        let run;
        try {
          run = await engine.startRun({
            prompt,
            conversationId: values.conversation,
            allowCommands,
            allowNetwork: values['allow-network'],
            model: values.model ?? DEFAULT_MODEL,
            maxRounds: maxTurns,
            timeoutMs:
              timeoutSeconds !== undefined ? timeoutSeconds * 1000 : DEFAULT_PROPOSAL_TIMEOUT_MS,
            parallel,
            executor: executorKind,
            image: values.image,
            askBuild: terminalBuildApproval(io),
          });
        } catch (error) {
          if (error instanceof ContainerSetupError) {
            io.stderr.write(`sluice: the run was not started: ${oneLine(error.message)}\n`);
            return ExitCode.Failure;
          }
          if (error instanceof ProposalRefusedError) throw new UsageError(error.message);
          if (error instanceof Error && error.name === 'TurnRefusedError')
            throw new UsageError(error.message);
          throw error;
        }
        const print = values.json ? (e: AgentEvent) => writeJsonLine(io, e) : stepPrinter(io);
        if (!values.json) io.stderr.write(`Change set ${run.changeSetId} (running)\n`);
        if (!values.json && allowCommands.length)
          io.stderr.write(`Allowed for this run: ${allowCommands.map(oneLine).join(', ')}\n`);
        const release = (deps.onInterrupt ?? defaultInterrupt)(() => run.abort());
        let set: StoredChangeSet;
        try {
          set = await drainEvents(run.events, print);
        } finally {
          release();
        }
        if (values.json) writeJsonLine(io, proposalEvent(set));
        else {
          io.stderr.write(
            set.status === 'proposed'
              ? `${set.checks ? `${oneLine(set.checks)}\n` : ''}Proposed ${plural(set.files.length, 'file')}; review with: sluice proposal show ${set.id}\n`
              : `The run failed: ${set.statusReason ?? 'no reason recorded'}. Its changes are kept for inspection (sluice proposal show ${set.id}) but cannot be applied.\n`,
          );
          io.stdout.write(`${set.id}\n`);
        }
        const committed =
          worktree && set.status === 'proposed'
            ? await commitToWorktree(io, { db, home, set, worktree, json: values.json })
            : true;
        return set.status === 'proposed' && committed ? ExitCode.Ok : ExitCode.Failure;
      } finally {
        await cli.close();
      }
    },
  });
}
