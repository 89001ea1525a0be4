// A run in propose mode: one agent turn with nobody watching. Writes go
// to an overlay, never the disk; the change set row is created `running` before the first
// request (so a killed process leaves a row to recover) and every overlay file is saved as it
// changes. The end of the turn decides the status: a normal end is `proposed`; an API error,
// the round limit, an abort or the whole-run time limit is `failed` with the reason, and what
// it changed is kept for inspection. Refining continues the set's conversation with its
// files already in the overlay, and the refined set supersedes the old one once proposed.
import type Anthropic from '@anthropic-ai/sdk';
import { randomUUID } from 'node:crypto';
import type { AgentEvent } from '../../../shared/agent-events';
import { addUsage, ZERO_USAGE } from '../../../shared/usage';
import type { ChangeSetStatus } from '../../../shared/change-sets';
import type { TurnOutcome } from '../agent/agent-loop';
import { createConversationRunner } from '../agent/conversation-runner';
import type { CommandPort } from '../commands/command-port';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import { BACKGROUND_DEADLINE_MS } from '../../../shared/diagnostics-settings';
import type { ProjectDiagnostics } from '../diagnostics/project-diagnostics';
import { filesEvidence } from '../evidence/files-evidence';
import type { ProposalEvidence } from '../../../shared/diagnostics';
import { TEST_RUN_CEILING_MS } from '../../../shared/test-run-settings';
import type { ProjectTests } from '../test-runs/project-tests';
import { createChangeSetRepository, type StoredChangeSet } from '../store/change-set-repository';
import { createConversationRepository } from '../store/conversation-repository';
import type { WritableDb } from '../store/database-handles';
import { createPolicyRepository } from '../store/policy-repository';
import { projectIdFor } from '../store/project-id';
import type { ToolDefinition } from '../tools/tool';
import type { Workspace } from '../workspace/workspace';
import { OverlayWorkspace } from './overlay-workspace';
import { openLazySymbolIndex } from '../index/lazy-symbol-index';
import { overlaySymbolIndex } from './overlay-symbol-index';
import { createProposeTools } from './propose-tools';
import { diffOfOverlayFile, ProposalOverlay } from './proposal-overlay';
import { setUpBackgroundRun, type BackgroundRunOptions } from './background-run';
import { runCopyFor } from '../sandbox/run-copy';

export const DEFAULT_PROPOSAL_TIMEOUT_MS = 10 * 60_000;

export interface ProposalRunDeps {
  readonly db: WritableDb;
  readonly workspace: Workspace;
  readonly createClient: () => Anthropic;
  readonly model: string;
  readonly maxRounds?: number | undefined;
  readonly timeoutMs?: number | undefined;
  /** The project's index (the app's); absent: an in-memory one is built on first use. */
  readonly symbolIndex?: SymbolIndexPort | undefined;
  /** Evidence for each edit and for the finished set; absent: nothing is checked. */
  readonly diagnostics?: ProjectDiagnostics | undefined;
  /** How long the set's final check may take; default BACKGROUND_DEADLINE_MS. */
  readonly finalCheckDeadlineMs?: number | undefined;
  /**
   * Tests before approval: the set's final state gets the same verdict a live
   * proposal does, stored with its evidence; absent: no test run.
   */
  readonly tests?: ProjectTests | undefined;
  /** How long the set's final test run may take before it is stored as still running. */
  readonly finalTestDeadlineMs?: number | undefined;
  /** The registry to pick propose tools from (tests inject). */
  readonly baseTools?: readonly ToolDefinition[] | undefined;
  readonly maxTokens?: number | undefined;
  readonly now?: () => number;
  /**
   * A private copy of the project for the run, with commands and the queue.
   * Absent: the run only reads and proposes, in memory, as before.
   */
  readonly background?: Omit<BackgroundRunOptions, 'allowCommands' | 'allowNetwork'> | undefined;
}

export interface ProposalRunRequest {
  readonly prompt: string;
  /** Continue this conversation (a refine continues the set's own). */
  readonly conversationId?: string | undefined;
  /** The change set this run refines; it must still be `proposed`. */
  readonly refines?: string | undefined;
  /** Commands the person allowed for this run ("npm test"), with `deps.background`. */
  readonly allowCommands?: readonly string[] | undefined;
  /** A command of this run may have full network when it asks. */
  readonly allowNetwork?: boolean | undefined;
}

export interface StartedProposalRun {
  readonly changeSetId: string;
  readonly conversationId: string;
  /** Must be consumed for the run to happen; returns the stored set. */
  readonly events: AsyncGenerator<AgentEvent, StoredChangeSet>;
  abort(): void;
}

/** A request that cannot start (unknown set, wrong status): a usage error for the shells. */
export class ProposalRefusedError extends Error {
  override readonly name = 'ProposalRefusedError';
}

function endOf(
  outcome: TurnOutcome | undefined,
  timedOut: boolean,
  timeoutMs: number,
  maxRounds: number | undefined,
): { status: ChangeSetStatus; reason: string | null } {
  if (!outcome) return { status: 'failed', reason: 'the run ended without an outcome' };
  switch (outcome.reason) {
    case 'end_turn':
      return { status: 'proposed', reason: null };
    case 'max_turns':
      return {
        status: 'failed',
        reason: `the run stopped at the round limit${maxRounds ? ` (${maxRounds})` : ''} before it finished`,
      };
    case 'aborted':
      return {
        status: 'failed',
        reason: timedOut
          ? `the run went past its time limit of ${Math.round(timeoutMs / 1000)} s and was stopped`
          : 'the run was stopped before it finished',
      };
    case 'error':
      return { status: 'failed', reason: outcome.message ?? 'the run failed' };
    default:
      return { status: 'failed', reason: 'the run ended in an unknown way' };
  }
}

export function refineContext(set: StoredChangeSet): string {
  const files = set.files.map((f) => `- ${f.path}${f.isNewFile ? ' (new)' : ''}`).join('\n');
  return `This message refines change set ${set.id}. Its changes are already in place in your view of the project (nothing is on disk yet):\n${files || '- (no files)'}\nKeep what still fits, change what the person asks; the result replaces that change set.`;
}

export function startProposalRun(
  deps: ProposalRunDeps,
  request: ProposalRunRequest,
): StartedProposalRun {
  const now = deps.now ?? Date.now;
  const projectId = projectIdFor(deps.workspace.root);
  const changeSets = createChangeSetRepository(deps.db, now);
  const refined = request.refines ? changeSets.get(request.refines) : null;
  if (request.refines) {
    if (!refined || refined.projectId !== projectId)
      throw new ProposalRefusedError(`there is no change set ${request.refines} in this project.`);
    if (refined.status !== 'proposed')
      throw new ProposalRefusedError(
        `change set ${refined.id} is ${refined.status}; only a proposed set can be refined.`,
      );
  }
  const conversationId = request.conversationId ?? refined?.conversationId ?? undefined;
  const conversations = createConversationRepository(deps.db);
  if (conversationId !== undefined) {
    const record = conversations.get(conversationId);
    if (!record) throw new ProposalRefusedError(`there is no conversation ${conversationId}.`);
    if (record.projectId !== projectId)
      throw new ProposalRefusedError(`conversation ${conversationId} belongs to another project.`);
  }
  const timeoutMs = deps.timeoutMs ?? DEFAULT_PROPOSAL_TIMEOUT_MS;
  const overlay = new ProposalOverlay(now);
  let finalCheckStarted = false;
  const changeSetId = randomUUID();
  // With a private copy, what the run's commands wrote or deleted is part of its view too.
  const layer = deps.background ? runCopyFor(deps.background.home, changeSetId).upper : undefined;
  const workspace = OverlayWorkspace.over(deps.workspace, overlay, layer);
  const policies = createPolicyRepository(deps.db);
  // Opens nothing unless a symbol tool asks and the shell gave no index of its own.
  const disk = openLazySymbolIndex(deps.workspace, () => null);
  const symbolIndex = overlaySymbolIndex(deps.symbolIndex ?? disk, overlay);
  // The port is filled once the set exists (below): tools read it per turn, after that.
  const late: { commands?: CommandPort | undefined } = {};
  const runner = createConversationRunner({
    repository: conversations,
    projectId,
    createClient: deps.createClient,
    model: () => deps.model,
    tools: createProposeTools({
      overlay,
      policy: () => policies.get(projectId),
      // Each edit's check is the set's evidence until the final one replaces it (a late
      // edit check arriving after that would describe the run's past, so it is dropped).
      onEvidence: (evidence) => {
        if (!finalCheckStarted) changeSets.setEvidence(changeSetId, evidence);
      },
      ...(deps.baseTools ? { base: deps.baseTools } : {}),
      commands: deps.background !== undefined,
    }),
    ports: () => ({
      workspace,
      symbolIndex,
      ...(deps.diagnostics ? { diagnostics: deps.diagnostics } : {}),
      ...(late.commands ? { commands: late.commands } : {}),
    }),
    guidanceFiles: deps.workspace,
    maxRounds: () => deps.maxRounds,
    ...(deps.maxTokens ? { maxTokens: deps.maxTokens } : {}),
  });
  const started = runner.start({
    kind: 'send',
    text: request.prompt,
    ...(conversationId ? { conversationId } : {}),
    ...(refined ? { context: refineContext(refined) } : {}),
    model: deps.model,
  });
  changeSets.create({
    id: changeSetId,
    projectId,
    projectRoot: deps.workspace.root,
    conversationId: started.conversationId,
    turnId: started.turnId,
    prompt: request.prompt,
    model: deps.model,
    pid: process.pid,
    timeoutMs,
    refines: refined?.id ?? null,
    createdAt: now(),
  });
  overlay.onChange((file) => changeSets.saveFile(changeSetId, diffOfOverlayFile(file)));
  const background = deps.background
    ? setUpBackgroundRun({
        db: deps.db,
        options: {
          ...deps.background,
          allowCommands: request.allowCommands,
          allowNetwork: request.allowNetwork,
        },
        workspace: deps.workspace,
        projectId,
        changeSetId,
        overlay,
        refines: refined?.id ?? null,
        timeoutMs,
        now,
      })
    : null;
  late.commands = background?.commands;
  for (const file of refined?.files ?? []) {
    overlay.seed({
      path: file.path,
      isNewFile: file.isNewFile,
      baseHash: file.baseHash,
      baseText: file.baseText,
      text: file.finalText,
      format: file.format,
    });
  }

  /**
   * The set's evidence: its last check, over all its files against the disk it was made on,
   * with the longer deadline of a run nobody watches. A check that still overruns is stored
   * as timed out; its late result replaces it.
   */
  async function storeFinalEvidence(): Promise<void> {
    const files = overlay.list();
    if ((!deps.diagnostics && !deps.tests) || files.length === 0) return;
    finalCheckStarted = true;
    // The latest of each part: a late checker result keeps the tests, a late test run the errors.
    const store = (evidence: ProposalEvidence): void =>
      changeSets.setEvidence(changeSetId, evidence);
    const evidence = await filesEvidence(
      files.map((f) => ({ ...f, baseText: f.isNewFile ? null : f.baseText })),
      {
        diagnostics: deps.diagnostics,
        tests: deps.tests,
        against: 'bases',
        deadlineMs: deps.finalCheckDeadlineMs ?? BACKGROUND_DEADLINE_MS,
        testKey: changeSetId,
        testDeadlineMs: deps.finalTestDeadlineMs ?? TEST_RUN_CEILING_MS,
        onLate: store,
      },
    );
    // Nothing checked and no tests found: the set keeps no evidence rather than an empty one.
    if (evidence.tests || deps.diagnostics) store(evidence);
  }

  let stopped = false;
  async function* events(): AsyncGenerator<AgentEvent, StoredChangeSet> {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      runner.abort(started.conversationId);
    }, timeoutMs);
    // Stop from another process (the inbox of the app while the CLI runs it) is a DB flag.
    const stopPoll = background
      ? setInterval(() => {
          if (background.runs.stopRequested(changeSetId)) {
            stopped = true;
            runner.abort(started.conversationId);
          }
        }, 1_000)
      : null;
    let queueStopped = false;
    if (background && !(await background.waitForSlot(() => stopped || timedOut))) {
      queueStopped = true;
      runner.abort(started.conversationId);
    }
    let usage = ZERO_USAGE;
    let summary = '';
    let outcome: TurnOutcome | undefined;
    let crash: string | null = null;
    try {
      for (;;) {
        const next = await started.events.next();
        if (next.done) {
          outcome = next.value;
          break;
        }
        const event = next.value;
        if (event.type === 'usage') usage = addUsage(usage, event.usage);
        if (event.type === 'tool_start') summary = '';
        if (event.type === 'text_delta') summary += event.text;
        if (event.type === 'retry' && event.discardedMessageId) summary = '';
        yield event;
      }
    } catch (error) {
      crash = error instanceof Error ? error.message : String(error);
    } finally {
      clearTimeout(timer);
      if (stopPoll) clearInterval(stopPoll);
      await background?.end();
      // A consumer that stopped early left the turn running: stop it before recording.
      runner.abort(started.conversationId);
      await disk.close();
      const end = crash
        ? { status: 'failed' as const, reason: `the run crashed: ${crash}` }
        : queueStopped
          ? {
              status: 'failed' as const,
              reason: timedOut
                ? `the run waited in the queue past its time limit of ${Math.round(timeoutMs / 1000)} s`
                : 'the run was stopped while it waited in the queue',
            }
          : endOf(outcome, timedOut, timeoutMs, deps.maxRounds);
      if (end.status === 'proposed') await storeFinalEvidence();
      changeSets.finish(changeSetId, { ...end, summary: summary.trim(), usage });
      if (end.status === 'proposed' && refined)
        changeSets.transition(
          refined.id,
          ['proposed'],
          'superseded',
          `refined by change set ${changeSetId}`,
        );
      // A failed set can be read but never applied or refined: its copy has no further use.
      if (end.status === 'failed') background?.executor.remove(changeSetId);
    }
    const stored = changeSets.get(changeSetId);
    if (!stored) throw new Error(`change set ${changeSetId} vanished from the database`);
    return stored;
  }

  return {
    changeSetId,
    conversationId: started.conversationId,
    events: events(),
    abort: () => {
      stopped = true;
      runner.abort(started.conversationId);
    },
  };
}
