// Turns a person's decision into the broker's resolution and the text that would be written:
// approve, approve selected hunks (all selected = approve), edit (bounded, text only),
// reject. Invalid decisions are refused with a reason, and the approval stays pending.
import type { Decision, DecisionSource } from '../../../shared/approvals';
import { missingCase } from '../../../shared/missing-case';
import type { ApprovalResolution } from './approval-port';
import {
  applyLineSelection,
  applySelectedHunks,
  UnknownHunkError,
  type Proposal,
} from '../edits/proposal';
import { conformEol } from '../edits/text-format';
import { allLineKeys, linesOfSelectors, selectorsFor } from '../../../shared/hunk-selection';

/** Largest edited content a person may submit (same as the workspace's default file limit). */
export const MAX_EDITED_CHARS = 16 * 1024 * 1024;

type Built = { resolution: ApprovalResolution; finalText: string | null } | { refused: string };

export function resolutionFor(
  proposal: Proposal,
  approvalId: string,
  decision: Decision,
  decidedBy: DecisionSource,
): Built {
  switch (decision.type) {
    case 'approve':
      return {
        resolution: { approvalId, outcome: 'approved', decidedBy, reason: 'approved' },
        finalText: proposal.after,
      };
    case 'approve_hunks': {
      const read = linesOfSelectors(proposal.hunks, decision.hunkIds);
      if ('unknown' in read)
        return {
          refused: `unknown hunk id(s) ${read.unknown.join(', ')}; this proposal has ${proposal.hunks.map((h) => h.id).join(', ')} (a change of a hunk: h1.2, a line: h1@4).`,
        };
      const all = allLineKeys(proposal.hunks);
      if (read.keys.size === 0)
        return { refused: 'no hunk selected: to approve nothing, reject the proposal.' };
      if (read.keys.size === all.size) {
        return {
          resolution: { approvalId, outcome: 'approved', decidedBy, reason: 'all hunks approved' },
          finalText: proposal.after,
        };
      }
      let finalText: string;
      try {
        finalText = applyLineSelection(proposal, read.keys);
      } catch (error) {
        if (error instanceof UnknownHunkError) return { refused: error.message };
        throw error;
      }
      const left = new Set([...all].filter((key) => !read.keys.has(key)));
      return {
        resolution: {
          approvalId,
          outcome: 'partially_approved',
          decidedBy,
          hunkIds: selectorsFor(proposal.hunks, read.keys),
          rejectedHunkIds: selectorsFor(proposal.hunks, left),
          reason: decision.reason,
        },
        finalText,
      };
    }
    case 'edit':
      if (decision.content.length > MAX_EDITED_CHARS) {
        return {
          refused: `the edited content is ${decision.content.length} characters; at most ${MAX_EDITED_CHARS} are accepted.`,
        };
      }
      if (decision.content.includes('\0'))
        return { refused: 'the edited content contains a NUL byte; text files only.' };
      return {
        resolution: { approvalId, outcome: 'edited', decidedBy, content: decision.content },
        finalText: decision.content,
      };
    case 'reject':
      return {
        resolution: { approvalId, outcome: 'rejected', decidedBy, reason: decision.reason },
        finalText: null,
      };
    default:
      return missingCase(decision);
  }
}

/** The text the person's decision writes: all of it, the hunks they kept, or their own. */
export function decidedText(
  proposal: Proposal,
  resolution: Exclude<ApprovalResolution, { outcome: 'denied' | 'rejected' }>,
): string {
  switch (resolution.outcome) {
    case 'approved':
      return proposal.after;
    case 'partially_approved':
      return applySelectedHunks(proposal, resolution.hunkIds);
    case 'edited': {
      // The person's text keeps the file's line endings (an editor or textarea may give LF).
      const text = proposal.format.mixedEol
        ? resolution.content
        : conformEol(resolution.content, proposal.format);
      // The BOM is the format's business; an editor may hand one back inside the text.
      return text.startsWith('\uFEFF') ? text.slice(1) : text;
    }
    default:
      return missingCase(resolution);
  }
}
