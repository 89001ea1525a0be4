// `sluice proposal apply ID` on a terminal without selectors: each file of the set is shown
// and decided as `ask` does (y / n + reason / h hunk by hunk), through the same terminal
// approver; the answers become the apply selection. Protected files are shown but never
// offered (a change set does not write them). Editing is not offered: a set applies the run's
// text or parts of it, nothing else.
import type { ApprovalRequest, Decision } from '../shared/approvals';
import type { ChangeSetSelection } from '../shared/change-sets';
import { missingCase } from '../shared/missing-case';
import { PROTECTED_NOT_APPLIED } from '../main/core/proposals/apply-change-set';
import type { StoredChangeSet } from '../main/core/store/change-set-repository';
import type { TerminalApprover } from './terminal-approval';
import { outsideLine } from './terminal-safe-text';

export interface ReviewOutcome {
  readonly selection: ChangeSetSelection;
  /** The reasons given for what was left out, joined; undefined when none was given. */
  readonly reason: string | undefined;
}

function requestFor(set: StoredChangeSet, index: number): ApprovalRequest {
  const file = set.files[index];
  if (!file) throw new Error(`no file ${index} in change set ${set.id}`);
  return {
    approvalId: `${set.id}:${file.path}`,
    proposalHash: file.baseHash,
    tool: file.isNewFile ? 'create_file' : 'edit_file',
    path: file.path,
    isNewFile: file.isNewFile,
    before: file.baseText,
    after: file.finalText,
    unifiedDiff: file.unifiedDiff,
    hunks: file.hunks,
    description: `change set ${set.id}, file ${index + 1} of ${set.files.length}`,
    reason: 'reviewing a change set',
    // Marked protected so the approver never offers "always allow" from a review.
    protectedPath: true,
    coarseDiff: false,
  };
}

export async function reviewOnTerminal(
  set: StoredChangeSet,
  approver: TerminalApprover,
  note: (text: string) => void,
): Promise<ReviewOutcome> {
  const files: string[] = [];
  const hunks: Record<string, string[]> = {};
  const reasons: string[] = [];
  for (const [index, file] of set.files.entries()) {
    if (file.protectedPath) {
      note(`${outsideLine(file.path)}: ${PROTECTED_NOT_APPLIED}.\n`);
      continue;
    }
    const answer = await approver.ask(requestFor(set, index), {
      modelReads: false,
      editable: false,
    });
    const decision: Decision = answer.decision;
    switch (decision.type) {
      case 'approve':
        files.push(file.path);
        break;
      case 'approve_hunks':
        hunks[file.path] = decision.hunkIds;
        if (decision.reason) reasons.push(`${file.path}: ${decision.reason}`);
        break;
      case 'reject':
        if (decision.reason) reasons.push(`${file.path}: ${decision.reason}`);
        break;
      case 'edit':
        note(
          `${outsideLine(file.path)}: an edited version is not applied from a change set; the file was left out.\n`,
        );
        break;
      default:
        missingCase(decision);
    }
  }
  return { selection: { files, hunks }, reason: reasons.length ? reasons.join('; ') : undefined };
}
