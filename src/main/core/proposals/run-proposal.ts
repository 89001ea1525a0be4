// A run in propose mode: one agent turn with nobody watching. Writes go
// to an overlay, never the disk; the change set row is created `running` before the first
// request (so a killed process leaves a row to recover) and every overlay file is saved as it
// changes. The end of the turn decides the status: a normal end is `proposed`; an API error,
// the round limit, an abort or the whole-run time limit is `failed` with the reason, and what
// it changed is kept for inspection. Refining continues the set's conversation with its
// files already in the overlay, and the refined set supersedes the old one once proposed.
import { randomUUID } from 'node:crypto';
import type { AgentEvent } from '../../../shared/agent-events';
import type { ProposalEvidence } from '../../../shared/diagnostics';
import { createConversationRunner, type ConversationRunner } from '../agent/conversation-runner';
import type { CommandPort } from '../commands/command-port';
import { openLazySymbolIndex } from '../index/lazy-symbol-index';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import { runCopyFor } from '../sandbox/run-copy';
import {
  createChangeSetRepository,
  type ChangeSetRepository,
  type StoredChangeSet,
} from '../store/change-set-repository';
import {
  createConversationRepository,
  type ConversationRepository,
} from '../store/conversation-repository';
import { createPolicyRepository } from '../store/policy-repository';
import { projectIdFor } from '../store/project-id';
import type { Workspace } from '../workspace/workspace';
import { setUpBackgroundRun, type BackgroundRun } from './background-run';
import { OverlayWorkspace } from './overlay-workspace';
import { overlaySymbolIndex } from './overlay-symbol-index';
import { diffOfOverlayFile, ProposalOverlay } from './proposal-overlay';
import { proposalRunEvents } from './proposal-run-events';
import { createProposeTools } from './propose-tools';

export const DEFAULT_PROPOSAL_TIMEOUT_MS = 10 * 60_000;

import type { ProposalRunDeps } from './proposal-run-deps';

export type { ProposalRunDeps } from './proposal-run-deps';

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

export function refineContext(set: StoredChangeSet): string {
  const files = set.files.map((f) => `- ${f.path}${f.isNewFile ? ' (new)' : ''}`).join('\n');
  return `This message refines change set ${set.id}. Its changes are already in place in your view of the project (nothing is on disk yet):\n${files || '- (no files)'}\nKeep what still fits, change what the person asks; the result replaces that change set.`;
}

/** The set a request refines, or null; refused unless it is a proposed set of this project. */
function refinedSetFor(
  changeSets: ChangeSetRepository,
  request: ProposalRunRequest,
  projectId: string,
): StoredChangeSet | null {
  const refined = request.refines ? changeSets.get(request.refines) : null;
  if (request.refines) {
    if (!refined || refined.projectId !== projectId)
      throw new ProposalRefusedError(`there is no change set ${request.refines} in this project.`);
    if (refined.status !== 'proposed')
      throw new ProposalRefusedError(
        `change set ${refined.id} is ${refined.status}; only a proposed set can be refined.`,
      );
  }
  return refined;
}

/** A conversation the run continues must exist and belong to this project. */
function checkConversation(
  conversations: ConversationRepository,
  conversationId: string | undefined,
  projectId: string,
): void {
  if (conversationId === undefined) return;
  const record = conversations.get(conversationId);
  if (!record) throw new ProposalRefusedError(`there is no conversation ${conversationId}.`);
  if (record.projectId !== projectId)
    throw new ProposalRefusedError(`conversation ${conversationId} belongs to another project.`);
}

/** What the run's conversation runner is built from. */
interface RunnerParts {
  readonly deps: ProposalRunDeps;
  readonly conversations: ConversationRepository;
  readonly projectId: string;
  readonly overlay: ProposalOverlay;
  readonly workspace: Workspace;
  readonly symbolIndex: SymbolIndexPort;
  /** The port is filled once the set exists: tools read it per turn, after that. */
  readonly late: { commands?: CommandPort | undefined };
  readonly onEvidence: (evidence: ProposalEvidence) => void;
  readonly changeSetId: string;
}

/** The runner of the run's turn: propose tools only, over the overlay's view of the project. */
function proposalRunner(parts: RunnerParts): ConversationRunner {
  const { deps, projectId, late } = parts;
  const policies = createPolicyRepository(deps.db);
  return createConversationRunner({
    repository: parts.conversations,
    projectId,
    createClient: deps.createClient,
    model: () => deps.model,
    tools: createProposeTools({
      overlay: parts.overlay,
      policy: () => policies.get(projectId),
      onEvidence: parts.onEvidence,
      changeSetId: () => parts.changeSetId,
      ...(deps.baseTools ? { base: deps.baseTools } : {}),
      commands: deps.background !== undefined,
    }),
    ports: () => ({
      workspace: parts.workspace,
      symbolIndex: parts.symbolIndex,
      ...(deps.diagnostics ? { diagnostics: deps.diagnostics } : {}),
      ...(late.commands ? { commands: late.commands } : {}),
    }),
    guidanceFiles: deps.workspace,
    maxRounds: () => deps.maxRounds,
    ...(deps.maxTokens ? { maxTokens: deps.maxTokens } : {}),
    mode: () => 'propose',
    worktree: deps.worktree ?? null,
  });
}

/** The run's private copy, commands and place in the queue; null without `deps.background`. */
function backgroundFor(
  deps: ProposalRunDeps,
  request: ProposalRunRequest,
  run: {
    projectId: string;
    changeSetId: string;
    overlay: ProposalOverlay;
    refined: StoredChangeSet | null;
    timeoutMs: number;
    now: () => number;
  },
): BackgroundRun | null {
  if (!deps.background) return null;
  return setUpBackgroundRun({
    db: deps.db,
    options: {
      ...deps.background,
      allowCommands: request.allowCommands,
      allowNetwork: request.allowNetwork,
    },
    workspace: deps.workspace,
    projectId: run.projectId,
    changeSetId: run.changeSetId,
    overlay: run.overlay,
    refines: run.refined?.id ?? null,
    timeoutMs: run.timeoutMs,
    now: run.now,
  });
}

/** A refine starts from the refined set's files, already in the overlay. */
function seedRefinedFiles(overlay: ProposalOverlay, refined: StoredChangeSet | null): void {
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
}

export function startProposalRun(
  deps: ProposalRunDeps,
  request: ProposalRunRequest,
): StartedProposalRun {
  const now = deps.now ?? Date.now;
  const projectId = projectIdFor(deps.workspace.root);
  const changeSets = createChangeSetRepository(deps.db, now);
  const refined = refinedSetFor(changeSets, request, projectId);
  const conversationId = request.conversationId ?? refined?.conversationId ?? undefined;
  const conversations = createConversationRepository(deps.db);
  checkConversation(conversations, conversationId, projectId);
  const timeoutMs = deps.timeoutMs ?? DEFAULT_PROPOSAL_TIMEOUT_MS;
  const overlay = new ProposalOverlay(now);
  const flags = { finalCheckStarted: false, stopped: false };
  const changeSetId = randomUUID();
  // With a private copy, what the run's commands wrote or deleted is part of its view too.
  const layer = deps.background ? runCopyFor(deps.background.home, changeSetId).upper : undefined;
  // Opens nothing unless a symbol tool asks and the shell gave no index of its own.
  const disk = openLazySymbolIndex(deps.workspace, () => null);
  const late: RunnerParts['late'] = {};
  const runner = proposalRunner({
    deps,
    conversations,
    projectId,
    overlay,
    workspace: OverlayWorkspace.over(deps.workspace, overlay, layer),
    symbolIndex: overlaySymbolIndex(deps.symbolIndex ?? disk, overlay),
    late,
    // Each edit's check is the set's evidence until the final one replaces it (a late
    // edit check arriving after that would describe the run's past, so it is dropped).
    onEvidence: (evidence) => {
      if (!flags.finalCheckStarted) changeSets.setEvidence(changeSetId, evidence);
    },
    changeSetId,
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
  const background = backgroundFor(deps, request, {
    projectId,
    changeSetId,
    overlay,
    refined,
    timeoutMs,
    now,
  });
  late.commands = background?.commands;
  seedRefinedFiles(overlay, refined);

  return {
    changeSetId,
    conversationId: started.conversationId,
    events: proposalRunEvents({
      deps,
      changeSets,
      changeSetId,
      overlay,
      refined,
      runner,
      started,
      background,
      disk,
      timeoutMs,
      flags,
    }),
    abort: () => {
      flags.stopped = true;
      runner.abort(started.conversationId);
    },
  };
}
