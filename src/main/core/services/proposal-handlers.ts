// The contract's `proposals` service over the open project: the inbox list, one set with its
// steps, apply / reject through the same gate as a live write (apply-change-set.ts), Refine
// and "Run in background". Background runs stream their AgentEvents on the `agent` event (so
// an open chat of that conversation follows live) and land in the inbox when they end; they
// are stopped when the project closes.
import type { ChangeSetSelection } from '../../../shared/change-sets';
import type { AgentEvent } from '../../../shared/agent-events';
import type { ServiceHandlers } from '../../../shared/contract/define';
import type { proposalService, StartedRun } from '../../../shared/contract/proposal-service';
import {
  applyChangeSet,
  loadChangeSet,
  rejectChangeSet,
  type ReviewDeps,
} from '../proposals/apply-change-set';
import { ProposalRefusedError, type StartedProposalRun } from '../proposals/run-proposal';
import { ContainerSetupError } from '../runs/container-run-setup';
import type { RunStart } from '../project/project-runs';
import type { ApprovalBroker } from '../approvals/approval-broker';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import { createChangeSetRepository, processIsAlive } from '../store/change-set-repository';
import { changeSetSteps } from '../proposals/change-set-steps';
import { changedOnDisk, undoneFiles } from '../proposals/change-set-disk-state';
import { changeSetRevision } from '../proposals/change-set-revision';
import type { WritableDb } from '../store/database-handles';
import type { Workspace } from '../workspace/workspace';
import type { ProposalEvidence } from '../../../shared/diagnostics';
import type { ProjectDiagnostics } from '../diagnostics/project-diagnostics';
import type { ProjectTests } from '../test-runs/project-tests';
import type { ProposalHooks } from '../hooks/proposal-hooks';
import { notCheckedEvidence } from '../diagnostics/project-diagnostics';
import { diskHashes, diskMoved } from '../evidence/disk-evidence';
import { selectionEvidenceOfSet } from '../proposals/selection-evidence-of-set';
import { filesEvidence } from '../evidence/files-evidence';
import type { BackgroundRunOptions } from '../proposals/background-run';
import { createBackgroundRunRepository } from '../store/background-run-repository';

export interface ProposalHandlersDeps {
  readonly db: WritableDb;
  /** SLUICE_HOME: runs get a private copy under it and may run allowed commands. */
  readonly home: string;
  /** Background runs at once (the setting); undefined: half the cores. */
  readonly parallel?: () => number | undefined;
  /** Tests: this machine's sandbox and copy support. */
  readonly background?: Pick<BackgroundRunOptions, 'sandbox' | 'copySupport' | 'queuePollMs'>;
  /** The open project; throws a message when none is open. */
  currentProject(): {
    projectId: string;
    workspace: Workspace;
    symbolIndex?: SymbolIndexPort;
    /** Evidence for runs and the inbox's re-check; absent: nothing is checked. */
    diagnostics?: ProjectDiagnostics | undefined;
    tests?: ProjectTests | undefined;
    /** The person's hooks on write tools, run on what the set would write. */
    hooks?: ProposalHooks | undefined;
    /** The project's broker: an applied set's decision is recorded through it. */
    broker?: ApprovalBroker;
    /** Starts a background run over the project (project-runs.ts). */
    startRun(request: RunStart): Promise<StartedProposalRun>;
  };
  model(): string;
  maxRounds(): number | undefined;
  emitAgent(event: AgentEvent): void;
  /** A set was created or changed here (the watcher sees other processes' changes). */
  changed(changeSetId?: string): void;
  emitConversationsChanged(conversationId: string): void;
  emitCheckpointsChanged(conversationId: string | null): void;
  onBackgroundError(error: unknown): void;
}

export type ProposalHandlers = ServiceHandlers<typeof proposalService> & {
  /** Stops every background run of this process and waits for them to be recorded. */
  shutdown(): Promise<void>;
};

type RunningRuns = Map<string, { run: StartedProposalRun; done: Promise<void> }>;

export function createProposalHandlers(deps: ProposalHandlersDeps): ProposalHandlers {
  const running: RunningRuns = new Map();
  const review = (): ReviewDeps => reviewDeps(deps);
  const start = (request: RunRequest): Promise<StartedRun> =>
    startBackgroundRun(deps, running, request);

  return {
    list() {
      const { projectId } = deps.currentProject();
      const repo = createChangeSetRepository(deps.db);
      repo.recoverAbandoned(processIsAlive, Date.now());
      return repo.list(projectId);
    },
    async get({ id }) {
      const reviewDeps = review();
      const set = loadChangeSet(reviewDeps, id);
      const steps = changeSetSteps(deps.db, set);
      const { pid: _pid, timeoutMs: _timeout, ...view } = set;
      return {
        ...view,
        files: set.files.map(({ format: _format, ...file }) => file),
        steps,
        changedOnDisk: await changedOnDisk(reviewDeps.workspace, set),
        undone: undoneFiles(deps.db, set),
        revision: changeSetRevision(set),
      };
    },
    async apply({ id, selection, reason, seenRevision }) {
      const result = await applyChangeSet(review(), {
        changeSetId: id,
        selection,
        ...(reason ? { reason } : {}),
        seenRevision,
      });
      deps.changed(id);
      const set = createChangeSetRepository(deps.db).get(id);
      deps.emitCheckpointsChanged(set?.conversationId ?? null);
      if (set?.conversationId) deps.emitConversationsChanged(set.conversationId);
      return result;
    },
    reject({ id, reason }) {
      const result = rejectChangeSet(review(), { changeSetId: id, reason });
      deps.changed(id);
      return result;
    },
    recheck: ({ id }) => recheckChangeSet(deps, id),
    checkSelection: ({ id, selection }) => checkSetSelection(deps, id, selection),
    refine({ id, text }) {
      return start({ prompt: text, refines: id });
    },
    runInBackground({ text, conversationId, allowCommands, allowNetwork, executor, image }) {
      return start({ prompt: text, conversationId, allowCommands, allowNetwork, executor, image });
    },
    stop({ id }) {
      const local = running.get(id);
      if (local) {
        local.run.abort();
        return { stopped: true };
      }
      // Started by another process (the CLI): it polls this flag and stops itself.
      const set = createChangeSetRepository(deps.db).get(id);
      if (!set || set.status !== 'running' || !set.run) return { stopped: false };
      createBackgroundRunRepository(deps.db).requestStop(id);
      deps.changed(id);
      return { stopped: true };
    },
    async shutdown() {
      const entries = [...running.values()];
      for (const entry of entries) entry.run.abort();
      await Promise.all(entries.map((e) => e.done));
    },
  };
}

/** The review gate of the open project: an applied or rejected set goes through it. */
function reviewDeps(deps: ProposalHandlersDeps): ReviewDeps {
  const { workspace, symbolIndex, broker } = deps.currentProject();
  return {
    db: deps.db,
    workspace,
    ...(symbolIndex ? { symbolIndex } : {}),
    home: deps.home,
    ...(broker ? { broker } : {}),
  };
}

interface RunRequest {
  prompt: string;
  conversationId?: string | undefined;
  refines?: string | undefined;
  allowCommands?: readonly string[] | undefined;
  allowNetwork?: boolean | undefined;
  executor?: 'local' | 'container' | undefined;
  image?: string | undefined;
}

/** Starts a run over the open project and pumps its events until it lands in the inbox. */
async function startBackgroundRun(
  deps: ProposalHandlersDeps,
  running: RunningRuns,
  request: RunRequest,
): Promise<StartedRun> {
  let run: StartedProposalRun;
  try {
    run = await deps.currentProject().startRun({
      ...request,
      model: deps.model(),
      maxRounds: deps.maxRounds(),
      parallel: deps.parallel?.(),
    });
  } catch (error) {
    if (error instanceof ContainerSetupError)
      throw new ProposalRefusedError(`the run was not started: ${error.message}`);
    throw error;
  }
  const pump = async (): Promise<void> => {
    for (;;) {
      const next = await run.events.next();
      if (next.done) return;
      deps.emitAgent(next.value);
    }
  };
  const done = pump()
    .catch(deps.onBackgroundError)
    .finally(() => {
      running.delete(run.changeSetId);
      deps.changed(run.changeSetId);
      deps.emitConversationsChanged(run.conversationId);
    });
  running.set(run.changeSetId, { run, done });
  deps.changed(run.changeSetId);
  deps.emitConversationsChanged(run.conversationId);
  return { changeSetId: run.changeSetId, conversationId: run.conversationId };
}

/** The inbox's re-check: a proposed set checked again when the disk moved under it. */
/** The evidence of what a selection of a proposed set would write, against the disk now. */
async function checkSetSelection(
  deps: ProposalHandlersDeps,
  id: string,
  selection: ChangeSetSelection,
): Promise<ProposalEvidence | null> {
  const { workspace, diagnostics, tests, hooks } = deps.currentProject();
  const set = loadChangeSet(reviewDeps(deps), id);
  if (set.status !== 'proposed') return null;
  if (!diagnostics && !tests && !hooks)
    return notCheckedEvidence('no checker is available in this window, so nothing was checked');
  return selectionEvidenceOfSet({ workspace, diagnostics, tests, hooks }, set, selection);
}

async function recheckChangeSet(deps: ProposalHandlersDeps, id: string): Promise<ProposalEvidence> {
  const { workspace, diagnostics, tests, hooks } = deps.currentProject();
  const set = loadChangeSet(reviewDeps(deps), id);
  const repo = createChangeSetRepository(deps.db);
  const disk = await diskHashes(
    workspace,
    set.files.map((f) => f.path),
  );
  if (!diskMoved(set.evidence, disk)) return set.evidence as ProposalEvidence;
  // Only a set still waiting for review is worth a new check; a reviewed one keeps its record.
  if (set.status !== 'proposed')
    return (
      set.evidence ??
      notCheckedEvidence(`this change set is ${set.status}; only a proposed set is checked`)
    );
  if (!diagnostics && !tests && !hooks)
    return notCheckedEvidence('no checker is available in this window, so nothing was checked');
  const store = (evidence: ProposalEvidence): void => {
    repo.setEvidence(id, evidence);
    deps.changed(id);
  };
  // Against the disk as it is now, errors, tests and hooks: the set is what would be written.
  const evidence = await filesEvidence(
    set.files.map((f) => ({
      path: f.path,
      text: f.finalText,
      baseHash: f.baseHash,
      isNewFile: f.isNewFile,
    })),
    {
      diagnostics,
      tests,
      hooks,
      against: { disk: workspace },
      deadlineMs: diagnostics?.liveDeadlineMs() ?? 0,
      testKey: id,
      testDeadlineMs: tests?.liveDeadlineMs() ?? hooks?.liveDeadlineMs() ?? 0,
      onLate: store,
    },
  );
  store(evidence);
  return evidence;
}
