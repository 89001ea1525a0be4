// One background run's private copy, commands and evidence, wired for run-proposal.ts.
// The run's edits stay in its ProposalOverlay (the change set's files, as before)
// and are written through to the copy's layer so its commands see them; after each command,
// what the command changed in non-ignored files of the copy is taken back into the overlay
// (test-rewritten snapshots and lockfiles included), and what a change set cannot carry
// (deletions, binary files) is listed instead. Every command that ran or was refused is kept.
import { isProtectedPath } from '../approvals/policy';
import type { SandboxAvailability } from '../sandbox/bubblewrap';
import type { CommandPort, RanCommand } from '../commands/command-port';
import { commandOutputDir } from '../commands/project-commands';
import { detectSandbox } from '../sandbox/sandbox-detect';
import type { ProposalOverlay } from './proposal-overlay';
import {
  createBackgroundRunRepository,
  type BackgroundRunRepository,
  type NewCommandRecord,
} from '../store/background-run-repository';
import { processIsAlive } from '../store/change-set-repository';
import { createCommandRuleRepository } from '../shell/command-rule-repository';
import type { WritableDb } from '../store/database-handles';
import { createNetworkRuleRepository } from '../shell/network-rule-repository';
import { createPolicyRepository } from '../store/policy-repository';
import type { Workspace } from '../workspace/workspace';
import { createBackgroundCommandGate } from '../runs/background-command-gate';
import type { CopySupport } from '../sandbox/copy-mount';
import type { RunCopy } from '../sandbox/run-copy';
import type { RunExecutor } from '../commands/run-executor';
import { createLocalRunExecutor } from '../runs/local-run-executor';
import { defaultParallel, waitForRunSlot } from '../runs/run-queue';
import { recordRunPlacement } from '../store/run-placement-repository';
import { absorbCopyPath, projectBase } from './copy-absorption';

/** What the shell passes for a run that may run commands in a private copy. */
export interface BackgroundRunOptions {
  /** SLUICE_HOME: the copy, the command logs and the queue live under it. */
  readonly home: string;
  /** Commands the person allowed for this run, as typed ("npm test"). */
  readonly allowCommands?: readonly string[] | undefined;
  /** The run may give a command full network when it asks. */
  readonly allowNetwork?: boolean | undefined;
  /** Runs at once on this machine (default: half the cores). */
  readonly parallel?: number | undefined;
  /** Tests inject what this machine has. */
  readonly sandbox?: SandboxAvailability | undefined;
  readonly copySupport?: CopySupport | undefined;
  /** Where the run executes; default the local runner under `home`. */
  readonly executor?: RunExecutor | undefined;
  readonly isAlive?: ((pid: number) => boolean) | undefined;
  readonly queuePollMs?: number | undefined;
}

export interface BackgroundRun {
  readonly executor: RunExecutor;
  readonly copy: RunCopy;
  readonly commands: CommandPort;
  readonly runs: BackgroundRunRepository;
  /** Waits for a place in the queue; false when stopped first. */
  waitForSlot(stopped: () => boolean): Promise<boolean>;
  /** The run ended: its place is free (the copy stays for review and refine; a container goes). */
  end(): Promise<void>;
}

const HEAD_CHARS = 4_000;
const TAIL_CHARS = 4_000;

function recordOf(ran: RanCommand): NewCommandRecord {
  const view = ran.output.view;
  const whole = view.length <= HEAD_CHARS + TAIL_CHARS;
  return {
    command: ran.command,
    cwd: ran.cwdRelative,
    outcome: 'ran',
    decidedBy: ran.decidedBy === 'person' ? 'you allowed it for this run' : 'a rule of yours',
    reason: ran.reason,
    exitCode: ran.end.kind === 'exited' ? ran.end.code : null,
    end: ran.endText,
    passed: ran.end.kind === 'exited' && ran.end.code === 0,
    durationMs: ran.durationMs,
    head: whole ? view : view.slice(0, HEAD_CHARS),
    tail: whole ? '' : view.slice(-TAIL_CHARS),
    totalLines: ran.output.totalLines,
    linesCut: ran.output.linesCut,
    logId: ran.logId,
    startedAt: ran.startedAt,
    finishedAt: ran.finishedAt,
  };
}

interface BackgroundRunDeps {
  readonly db: WritableDb;
  readonly options: BackgroundRunOptions;
  /** The project as on disk (the copy's lower layer). */
  readonly workspace: Workspace;
  readonly projectId: string;
  readonly changeSetId: string;
  readonly overlay: ProposalOverlay;
  /** The set a refine continues: its copy moves to this run. */
  readonly refines: string | null;
  /** The run's whole time limit (a container runner enforces it in the engine too). */
  readonly timeoutMs: number;
  readonly now: () => number;
}

export function setUpBackgroundRun(deps: BackgroundRunDeps): BackgroundRun {
  const { db, options, workspace, changeSetId: id, overlay, now } = deps;
  const runs = createBackgroundRunRepository(db);
  runs.create(id, {
    allowedCommands: options.allowCommands ?? [],
    allowNetwork: options.allowNetwork === true,
    queuedAt: now(),
  });
  const executor = options.executor ?? createLocalRunExecutor(options.home, options.copySupport);
  const copy = executor.prepare(id, deps.refines, {
    root: workspace.root,
    allowNetwork: options.allowNetwork === true,
    timeoutMs: deps.timeoutMs,
    onPlacement: (placement) => recordRunPlacement(db, id, placement, now()),
  });
  const unapplied = new Map<string, string>();
  let absorbing = false;

  overlay.onChange((file) => {
    if (absorbing) return;
    runs.markEdit(id, file.changedAt);
    // Protected paths stay in the set only: commands see the project's (read-only) version.
    if (isProtectedPath(file.path)) return;
    const base = projectBase(workspace, file.path);
    executor.writeFile(copy, file.path, file.bytes, base.kind === 'file' ? base.mode : 0o644);
    unapplied.delete(file.path);
  });

  const absorb = async (paths: readonly string[]): Promise<string[]> => {
    absorbing = true;
    try {
      for (const rel of paths)
        await absorbCopyPath({ executor, copy, workspace, overlay, unapplied }, rel);
    } finally {
      absorbing = false;
      runs.setUnapplied(id, [...unapplied.values()]);
    }
    return paths.filter((p) => unapplied.has(p)).map((p) => unapplied.get(p) as string);
  };
  const commands = backgroundCommandPort(deps, { runs, executor, copy, absorb });

  return {
    executor,
    copy,
    commands,
    runs,
    waitForSlot: (stopped) =>
      waitForRunSlot({
        runs,
        id,
        limit: options.parallel ?? defaultParallel(),
        isAlive: options.isAlive ?? processIsAlive,
        stopped,
        now,
        ...(options.queuePollMs ? { pollMs: options.queuePollMs } : {}),
      }),
    end: async () => {
      runs.end(id);
      await executor.release?.(id);
    },
  };
}

/** run_command in the run: the person's allowed commands and rules, in the private copy. */
function backgroundCommandPort(
  deps: BackgroundRunDeps,
  run: {
    runs: BackgroundRunRepository;
    executor: RunExecutor;
    copy: RunCopy;
    absorb: (paths: readonly string[]) => Promise<string[]>;
  },
): CommandPort {
  const { db, options, workspace, changeSetId: id, now } = deps;
  const { runs, executor, copy, absorb } = run;
  const policies = createPolicyRepository(db);
  const commandRules = createCommandRuleRepository(db);
  const networkRules = createNetworkRuleRepository(db);
  return {
    gate: createBackgroundCommandGate({
      policy: () => ({
        mode: policies.get(deps.projectId).mode,
        rules: commandRules.list(deps.projectId),
      }),
      allowed: options.allowCommands ?? [],
      root: workspace.root,
      allowNetwork: options.allowNetwork === true,
      onRefused: (refused) =>
        void runs.addCommand(id, {
          command: refused.command,
          cwd: refused.cwdRelative,
          outcome: 'refused',
          decidedBy: refused.decidedBy,
          reason: refused.reason,
          exitCode: null,
          end: null,
          passed: false,
          durationMs: null,
          head: '',
          tail: '',
          totalLines: 0,
          linesCut: 0,
          logId: null,
          startedAt: now(),
          finishedAt: null,
        }),
    }),
    sandbox: executor.sandbox ?? options.sandbox ?? detectSandbox(),
    outputDir: commandOutputDir(options.home, deps.projectId),
    hidden: [options.home],
    networkRules: () => networkRules.scopedHosts(deps.projectId),
    copy: {
      executor,
      copy,
      skip: (rel, isDir) => workspace.isIgnored(rel, isDir),
      absorb,
    },
    record: (ran) => void runs.addCommand(id, recordOf(ran)),
  };
}
