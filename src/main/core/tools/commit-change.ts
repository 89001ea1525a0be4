// From proposal to disk (DESIGN.md "Flow" 4-6): ask the gate, turn its answer into the
// final text, write it through Workspace.replaceFile (which re-checks the base hash just
// before its atomic rename), record the checkpoint, refresh the symbol index, and tell the
// model exactly what happened.
// Contract: returns a ToolResult for every outcome; only a bug throws.
import type { ToolContext, ToolResult } from './tool';
import type { AtomicWriteOps } from '../workspace/atomic-write';
import { ContentConflictError, type ReplaceFileResult } from '../workspace/replace-file';
import { missingCase } from '../../../shared/missing-case';
import type { ApprovalResolution, WriteCall } from '../approvals/approval-port';
import type { Proposal } from '../edits/proposal';
import { decidedText } from '../approvals/decision-resolution';
import { CLEAN_REASON } from '../approvals/clean-evidence';
import {
  appliedMessage,
  conflictMessage,
  deniedMessage,
  editedMessage,
  partialMessage,
  rejectedMessage,
} from '../edits/result-message';
import { encodeText } from '../edits/text-format';
import { checkLiveProposal, type LiveCheck } from '../evidence/live-evidence';
import type { ProposalEvidence } from '../../../shared/diagnostics';
import { evidenceResultLine } from '../evidence/error-words';
import { testsResultLine } from '../evidence/test-words';
import { hooksResultLine } from '../evidence/hook-words';
import { untilOr } from './until-or';
import {
  watchWrittenEvidence,
  WRITTEN_EVIDENCE_WAIT_MS,
  type WrittenEvidenceWatch,
} from './written-evidence';

export interface CommitOptions {
  /** Injected file operations (crash-injection tests). */
  readonly atomicOps?: AtomicWriteOps;
}

export function writeCallOf(ctx: ToolContext): WriteCall {
  return {
    signal: ctx.signal,
    conversationId: ctx.conversationId,
    turnId: ctx.turnId,
    toolUseId: ctx.toolUseId,
    emit: ctx.emit,
  };
}

export async function commitProposal(
  proposal: Proposal,
  ctx: ToolContext,
  options: CommitOptions = {},
): Promise<ToolResult> {
  if (ctx.propose) return ctx.propose(proposal);
  const gate = ctx.approvals;
  if (!gate) {
    return {
      status: 'denied',
      content: `Not written: no approval gate is configured for ${proposal.path}, and writes never happen without one. Nothing was changed.`,
    };
  }
  const check = await checkLiveProposal(proposal, ctx);
  if (check.kind === 'held_back') return check.result;
  const evidence = check.kind === 'ask' ? check.evidence : undefined;
  const written = watchWrittenEvidence();
  const call: WriteCall = {
    ...writeCallOf(ctx),
    onWrittenEvidence: written.listener,
    ...(evidence ? { evidence } : {}),
    ...(check.kind === 'ask' && check.late ? { lateEvidence: check.late } : {}),
    ...(check.kind === 'ask' && check.late && check.progress
      ? { onEvidenceProgress: check.progress }
      : {}),
  };
  // The model reads the most complete evidence there is when the person decides: a check
  // still going on the importers when the request was shown may have finished since.
  let latest = evidence;
  let final = false;
  call.onEvidenceProgress?.((partial) => {
    if (!final) latest = partial;
  });
  void call.lateEvidence?.then((late) => {
    final = true;
    latest = late;
  });
  const resolution: ApprovalResolution = await gate.request(proposal, call);
  if (resolution.outcome === 'denied')
    return { status: 'denied', content: deniedMessage(proposal, resolution.reason) };
  if (resolution.outcome === 'rejected')
    return {
      status: 'rejected',
      content: rejectedMessage(proposal, resolution.decidedBy, resolution.reason),
    };
  const finalText = decidedText(proposal, resolution);
  const bytes = encodeText(finalText, proposal.format);
  let replaced: ReplaceFileResult;
  try {
    replaced = await ctx.workspace.replaceFile(proposal.path, bytes, {
      expectHash: proposal.baseHash,
      createParents: proposal.isNewFile,
      ops: options.atomicOps,
    });
  } catch (error) {
    if (error instanceof ContentConflictError) {
      gate.failed(resolution.approvalId, `conflict: ${proposal.path} changed on disk`);
      return { status: 'conflict', content: conflictMessage(proposal, error.current) };
    }
    const reason = error instanceof Error ? error.message : String(error);
    gate.failed(resolution.approvalId, reason);
    return {
      status: 'error',
      content: `The approved change to ${proposal.path} could not be written: ${reason}. The file was left as it was.`,
    };
  }
  const checkpointId = gate.applied({
    approvalId: resolution.approvalId,
    proposal,
    beforeBytes: replaced.replaced,
    afterBytes: bytes,
    mode: replaced.mode,
    call,
  });
  const extra = await refreshIndex(ctx, proposal.path);
  extra.push(
    ...(await evidenceLines(
      { proposal, resolution, finalText, check, call, written },
      () => latest,
      ctx.signal,
    )),
  );
  switch (resolution.outcome) {
    case 'approved':
      return {
        status: 'ok',
        content: appliedMessage(
          proposal,
          resolution.decidedBy,
          resolution.reason,
          checkpointId,
          extra,
        ),
        // The person chose to be asked only about changes with problems: say this one went in.
        ...(resolution.reason === CLEAN_REASON
          ? { shownAs: cleanAppliedWords(proposal.path, checkpointId) }
          : {}),
      };
    case 'partially_approved':
      return {
        status: 'ok',
        content: partialMessage(
          proposal,
          resolution.hunkIds,
          resolution.rejectedHunkIds,
          resolution.reason,
          finalText,
          checkpointId,
          extra,
        ),
      };
    case 'edited':
      return { status: 'ok', content: editedMessage(proposal, finalText, checkpointId, extra) };
    default:
      return missingCase(resolution);
  }
}

/** The checks' lines under a written change: of the proposal as shown, or of the text written. */
async function evidenceLines(
  on: {
    proposal: Proposal;
    resolution: ApprovalResolution;
    finalText: string;
    check: LiveCheck;
    call: WriteCall;
    written: WrittenEvidenceWatch;
  },
  latestNow: () => ProposalEvidence | undefined,
  signal: AbortSignal,
): Promise<string[]> {
  const { proposal, resolution, check, call } = on;
  // Nothing was checked for the proposal (no checker for it): nothing to say of any text.
  if (check.kind !== 'ask') return [];
  if (on.finalText !== proposal.after) {
    // The hunks kept or the person's text: the model reads that text's checks, not the proposal's.
    const kind = resolution.outcome === 'partially_approved' ? 'selection' : 'edited';
    return on.written.lines(kind, WRITTEN_EVIDENCE_WAIT_MS, signal);
  }
  // Written already: the model's result waits for the importers' errors within the deadline.
  if (
    check.kind === 'ask' &&
    check.completeBy &&
    call.lateEvidence &&
    latestNow()?.state === 'checking'
  )
    await untilOr(call.lateEvidence, check.completeBy - Date.now(), signal);
  const latest = latestNow();
  if (!latest) return [];
  return [
    evidenceResultLine(latest),
    ...(latest.tests ? [testsResultLine(latest.tests, 'written')] : []),
    ...(latest.hooks ? [hooksResultLine(latest.hooks, 'written')] : []),
  ];
}

async function refreshIndex(ctx: ToolContext, relative: string): Promise<string[]> {
  const index = ctx.symbolIndex;
  if (!index || typeof index.refreshFile !== 'function') return [];
  try {
    await index.refreshFile(relative);
    return [];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return [
      `(The symbol index could not be refreshed for this file: ${reason}; find_definition may be stale for it.)`,
    ];
  }
}

/** The step line of a write the "approve when clean" policy applied. */
function cleanAppliedWords(path: string, checkpointId: string | undefined): string {
  return `Applied ${path} without asking: no new errors, no newly failing tests${checkpointId ? ` (undo: checkpoint ${checkpointId})` : ''}`;
}
