// Applying a change set goes through the same gate as a live write: each
// selected file becomes a proposal from its stored base to the selected text and passes the
// ApprovalBroker (deny rules and the mode still refuse; the person's review is the decision)
// and commitProposal (base hash re-checked just before the atomic rename: a file changed on
// disk since the run is a conflict and nothing of it is written; a checkpoint per applied
// file, so `undo` reverts it). Protected paths are never applied from a set. Afterwards the
// other sets touching the applied files are marked for a re-check, and the conversation is
// told what was accepted and what was not.
import { partlyAppliedNote } from '../../../shared/change-set-notes';
import { removeRunCopy } from '../sandbox/run-copy';
import { missingCase } from '../../../shared/missing-case';
import type {
  ApplyFileResult,
  ApplyResult,
  ChangeSetSelection,
  ChangeSetStatus,
} from '../../../shared/change-sets';
import { ApprovalBroker } from '../approvals/approval-broker';
import type { ApprovalPort } from '../approvals/approval-port';
import { commitProposal } from '../tools/commit-change';
import { computeLineDiff, DEFAULT_DIFF_BOUND } from '../edits/bounded-line-diff';
import { applySelectedHunks, createProposal, UnknownHunkError } from '../edits/proposal';
import type { SymbolIndexPort } from '../index/symbol-index-port';
import { createApprovalAuditRepository } from '../store/approval-audit-repository';
import {
  createChangeSetRepository,
  processIsAlive,
  type StoredChangeSet,
  type StoredChangeSetFile,
} from '../store/change-set-repository';
import { createCheckpointRepository } from '../store/checkpoint-repository';
import type { WritableDb } from '../store/database-handles';
import { createPolicyRepository } from '../store/policy-repository';
import { projectIdFor } from '../store/project-id';
import type { Workspace } from '../workspace/workspace';
import { ProposalRefusedError } from './run-proposal';
import { recordReviewNote, reviewNoteText } from './review-note';
import { changeSetRevision, isRevision } from './change-set-revision';

export interface ReviewDeps {
  readonly db: WritableDb;
  readonly workspace: Workspace;
  readonly symbolIndex?: SymbolIndexPort | undefined;
  readonly now?: () => number;
  /** SLUICE_HOME: a reviewed set's private copy is removed from under it. */
  readonly home?: string | undefined;
  /** The open project's broker, which records the person's decision; absent: one for this review. */
  readonly broker?: ApprovalBroker | undefined;
}

export const PROTECTED_NOT_APPLIED =
  'a protected path is never written from a change set; make this change yourself if you want it';

/** Loads a set of this project, recovering abandoned runs first; refuses with a reason. */
export function loadChangeSet(deps: ReviewDeps, id: string): StoredChangeSet {
  const repo = createChangeSetRepository(deps.db, deps.now);
  repo.recoverAbandoned(processIsAlive, (deps.now ?? Date.now)());
  const set = repo.get(id);
  if (!set || set.projectId !== projectIdFor(deps.workspace.root))
    throw new ProposalRefusedError(`there is no change set ${id} in this project.`);
  return set;
}

function refuseUnlessReviewable(set: StoredChangeSet, verb: string): void {
  if (set.status === 'proposed') return;
  if (set.status === 'failed')
    throw new ProposalRefusedError(
      `change set ${set.id} failed (${set.statusReason ?? 'no reason recorded'}); a failed run cannot be ${verb}, only inspected.`,
    );
  throw new ProposalRefusedError(
    `change set ${set.id} is ${set.status}; only a proposed set can be ${verb}.`,
  );
}

/** A set that moved (or is being applied) between loading it and changing it. */
function changedMeanwhile(
  now: StoredChangeSet | null,
  verb: 'applied' | 'rejected',
): ProposalRefusedError {
  if (!now) return new ProposalRefusedError(`the change set is gone; nothing was ${verb}.`);
  return new ProposalRefusedError(
    now.status === 'proposed'
      ? `change set ${now.id} is being applied right now (another window or command is reviewing it); nothing was ${verb}. Look again when that review is done.`
      : `change set ${now.id} became ${now.status} meanwhile (reviewed elsewhere); nothing was ${verb}.`,
  );
}

type Choice = { kind: 'whole' } | { kind: 'hunks'; ids: string[] } | { kind: 'none' };

function choicesFor(
  set: StoredChangeSet,
  selection: ChangeSetSelection | undefined,
): Map<string, Choice> {
  const choices = new Map<string, Choice>();
  const known = new Map(set.files.map((f) => [f.path, f]));
  const named = [...(selection?.files ?? []), ...Object.keys(selection?.hunks ?? {})];
  const unknown = named.filter((p) => !known.has(p));
  if (unknown.length)
    throw new ProposalRefusedError(
      `change set ${set.id} does not change ${unknown.join(', ')}; it changes ${[...known.keys()].join(', ') || 'no file'}.`,
    );
  for (const [path, ids] of Object.entries(selection?.hunks ?? {})) {
    const file = known.get(path) as StoredChangeSetFile;
    const hunkIds = new Set(file.hunks.map((h) => h.id));
    const bad = ids.filter((id) => !hunkIds.has(id));
    if (bad.length)
      throw new ProposalRefusedError(
        `${path} has no hunk ${bad.join(', ')}; its hunks are ${[...hunkIds].join(', ')}.`,
      );
  }
  for (const file of set.files) {
    if (!selection) choices.set(file.path, { kind: 'whole' });
    else if (selection.files?.includes(file.path)) choices.set(file.path, { kind: 'whole' });
    else if (selection.hunks?.[file.path]?.length)
      choices.set(file.path, { kind: 'hunks', ids: selection.hunks[file.path] ?? [] });
    else choices.set(file.path, { kind: 'none' });
  }
  return choices;
}

export async function applyChangeSet(
  deps: ReviewDeps,
  request: {
    changeSetId: string;
    selection?: ChangeSetSelection | undefined;
    reason?: string;
    /** The revision the person reviewed (the inbox); absent: the set as it is now. */
    seenRevision?: string | undefined;
  },
): Promise<ApplyResult> {
  const loaded = loadChangeSet(deps, request.changeSetId);
  refuseUnlessReviewable(loaded, 'applied');
  const projectId = loaded.projectId;
  const repo = createChangeSetRepository(deps.db, deps.now);
  const policies = createPolicyRepository(deps.db);
  const broker =
    deps.broker ??
    new ApprovalBroker({
      policy: () => policies.get(projectId),
      audit: createApprovalAuditRepository(deps.db, projectId),
      checkpoints: createCheckpointRepository(deps.db, projectId),
      ...(deps.now ? { now: deps.now } : {}),
    });
  // The claim makes the review exclusive: a reject or an MCP edit arriving meanwhile fails.
  // The set is read again under the claim, so what is applied is exactly what it holds.
  const pid = process.pid;
  if (!repo.claimApply(loaded.id, pid)) throw changedMeanwhile(repo.get(loaded.id), 'applied');
  const results: ApplyFileResult[] = [];
  let status: ChangeSetStatus;
  const reason = request.reason?.trim() || null;
  let statusReason: string | null;
  let set: StoredChangeSet = loaded;
  try {
    set = repo.get(loaded.id) ?? loaded;
    if (
      request.seenRevision !== undefined &&
      !isRevision(request.seenRevision, changeSetRevision(set))
    )
      throw new ProposalRefusedError(
        `change set ${set.id} changed while you were looking at it (an MCP client sent more edits to it), so nothing was written. Look at it again, then accept what you want.`,
      );
    const choices = choicesFor(set, request.selection);
    for (const file of set.files) {
      const result = await applyFile(deps, set, file, choices.get(file.path), broker);
      repo.setFileState(set.id, file.path, result.state, result.note, result.checkpointId);
      results.push(result);
    }
    const applied = results.filter((r) => r.state === 'applied' || r.state === 'partly-applied');
    const conflicts = results.filter((r) => r.state === 'conflict').map((r) => r.path);
    if (conflicts.length)
      repo.noteRecheck(
        set.id,
        `${conflicts.join(', ')} changed on disk since this set was made, so ${conflicts.length === 1 ? 'it was' : 'they were'} not written; a new set made from the disk as it is now is needed`,
      );
    if (applied.length === 0)
      status = results.every((r) => r.state === 'rejected') ? 'rejected' : 'proposed';
    else status = results.every((r) => r.state === 'applied') ? 'accepted' : 'partly-accepted';
    statusReason =
      status === 'proposed'
        ? conflicts.length
          ? 'nothing could be applied: files changed on disk since the set was made'
          : 'nothing could be applied'
        : reason;
    repo.finishApply(set.id, pid, status, statusReason);
  } finally {
    repo.releaseApply(set.id, pid);
  }
  const applied = results.filter((r) => r.state === 'applied' || r.state === 'partly-applied');
  const recheck = applied.length
    ? repo.markRecheck(
        set.id,
        projectId,
        applied.map((r) => r.path),
        `change set ${set.id} was applied to files this set also changes`,
      )
    : [];
  recordReviewNote(
    deps.db,
    set.conversationId,
    reviewNoteText(set.id, results, reason ?? undefined),
  );
  if (status !== 'proposed' && deps.home) removeRunCopy(deps.home, set.id);
  return { changeSetId: set.id, status, files: results, recheck };
}

async function applyFile(
  deps: ReviewDeps,
  set: StoredChangeSet,
  file: StoredChangeSetFile,
  choice: Choice | undefined,
  broker: ApprovalBroker,
): Promise<ApplyFileResult> {
  const done = (
    state: ApplyFileResult['state'],
    note: string | null,
    checkpointId: string | null = null,
  ) => ({
    path: file.path,
    state,
    note,
    checkpointId,
  });
  if (!choice || choice.kind === 'none') return done('rejected', 'not selected');
  if (file.protectedPath) return done('refused', PROTECTED_NOT_APPLIED);
  let text = file.finalText;
  let partial = false;
  if (choice.kind === 'hunks' && choice.ids.length < file.hunks.length) {
    const hunks = computeLineDiff(file.baseText, file.finalText, DEFAULT_DIFF_BOUND).hunks;
    // The diff is recomputed to place the hunks; it must be the one the person reviewed.
    const same =
      hunks.length === file.hunks.length &&
      hunks.every((h, i) => JSON.stringify(h.lines) === JSON.stringify(file.hunks[i]?.lines));
    if (!same)
      return done(
        'refused',
        'the diff could not be reproduced exactly (it was too large to compute in time), so its hunks cannot be picked one by one; accept the whole file or none of it',
      );
    try {
      text = applySelectedHunks(
        { before: file.baseText, after: file.finalText, hunks },
        choice.ids,
      );
    } catch (error) {
      if (error instanceof UnknownHunkError) return done('refused', error.message);
      throw error;
    }
    partial = true;
  }
  const proposal = createProposal({
    tool: file.isNewFile ? 'create_file' : 'edit_file',
    path: file.path,
    isNewFile: file.isNewFile,
    before: file.baseText,
    after: text,
    format: file.format,
    baseHash: file.baseHash,
    description: `From change set ${set.id}: ${set.prompt.slice(0, 200)}`,
  });
  let checkpointId: string | null = null;
  // The person's review is the decision, passed in: what reaches the gate is exactly what
  // they selected, and the policy may still refuse it (deny rules, read-only mode).
  const port: ApprovalPort = {
    request: (p, call) => Promise.resolve(broker.requestDecided(p, call, { type: 'approve' })),
    applied: (change) => {
      checkpointId = broker.applied(change) ?? null;
      return checkpointId ?? undefined;
    },
    failed: (id, reason) => broker.failed(id, reason),
  };
  const result = await commitProposal(proposal, {
    workspace: deps.workspace,
    signal: new AbortController().signal,
    approvals: port,
    ...(set.conversationId ? { conversationId: set.conversationId } : {}),
    ...(deps.symbolIndex ? { symbolIndex: deps.symbolIndex } : {}),
  });
  switch (result.status) {
    case 'ok':
      return partial
        ? done(
            'partly-applied',
            partlyAppliedNote(choice.kind === 'hunks' ? choice.ids : [], file.hunks.length),
            checkpointId,
          )
        : done('applied', null, checkpointId);
    case 'conflict':
      return done(
        'conflict',
        `${file.path} changed on disk since the run; nothing of it was written`,
      );
    case 'denied':
    case 'rejected':
    case 'error':
      return done('refused', result.content);
    default:
      return missingCase(result.status);
  }
}

export function rejectChangeSet(
  deps: ReviewDeps,
  request: { changeSetId: string; reason?: string | undefined },
): ApplyResult {
  const set = loadChangeSet(deps, request.changeSetId);
  refuseUnlessReviewable(set, 'rejected');
  const repo = createChangeSetRepository(deps.db, deps.now);
  const reason = request.reason?.trim() || null;
  const files: ApplyFileResult[] = set.files.map((f) => ({
    path: f.path,
    state: 'rejected',
    note: null,
    checkpointId: null,
  }));
  if (!repo.transition(set.id, ['proposed'], 'rejected', reason))
    throw changedMeanwhile(repo.get(set.id), 'rejected');
  for (const file of files) repo.setFileState(set.id, file.path, 'rejected', reason, null);
  recordReviewNote(deps.db, set.conversationId, reviewNoteText(set.id, files, reason ?? undefined));
  if (deps.home) removeRunCopy(deps.home, set.id);
  return { changeSetId: set.id, status: 'rejected', files, recheck: [] };
}
