// A write tool's proposal (DESIGN.md "Flow" 3): everything the person reviews and everything
// apply needs. The proposal hash binds a decision to exactly this change of exactly this base.
import { sha256 } from '../workspace/content-hash';
import type { ApprovalRequest } from '../../../shared/approvals';
import {
  computeLineDiff,
  DEFAULT_DIFF_BOUND,
  formatUnifiedDiff,
  splitLinesKeepEol,
  type DiffBound,
  type ProposalHunk,
} from './bounded-line-diff';
import type { TextFormat } from './text-format';

export type WriteToolName = ApprovalRequest['tool'];

export { ABSENT_FILE_HASH, sha256 } from '../workspace/content-hash';

export interface Proposal {
  readonly tool: WriteToolName;
  /** Workspace-relative, forward slashes. */
  readonly path: string;
  readonly isNewFile: boolean;
  /** BOM-less texts; the BOM and line endings are in `format`. */
  readonly before: string;
  readonly after: string;
  readonly format: TextFormat;
  /** sha256 of the file's bytes when proposed, or ABSENT_FILE_HASH. */
  readonly baseHash: string;
  readonly proposalHash: string;
  readonly hunks: ProposalHunk[];
  readonly unifiedDiff: string;
  readonly coarseDiff: boolean;
  readonly description: string;
  /** What the tool noticed while building it (tolerated whitespace, kept final newline). */
  readonly notes: string[];
}

export function computeProposalHash(path: string, baseHash: string, after: string): string {
  return sha256(JSON.stringify([path, baseHash, after]));
}

export interface ProposalInput {
  tool: WriteToolName;
  path: string;
  isNewFile: boolean;
  before: string;
  after: string;
  format: TextFormat;
  baseHash: string;
  description: string;
  notes?: string[];
  bound?: DiffBound;
}

export function createProposal(input: ProposalInput): Proposal {
  const diff = computeLineDiff(input.before, input.after, input.bound ?? DEFAULT_DIFF_BOUND);
  return {
    tool: input.tool,
    path: input.path,
    isNewFile: input.isNewFile,
    before: input.before,
    after: input.after,
    format: input.format,
    baseHash: input.baseHash,
    proposalHash: computeProposalHash(input.path, input.baseHash, input.after),
    hunks: diff.hunks,
    unifiedDiff: formatUnifiedDiff(input.path, input.isNewFile, diff.hunks),
    coarseDiff: diff.coarse,
    description: input.description,
    notes: input.notes ?? [],
  };
}

export class UnknownHunkError extends Error {
  override readonly name = 'UnknownHunkError';
}

/**
 * The text after applying only the selected hunks: selected hunks take the proposal's
 * lines, the others keep the base's. Selecting all gives `after`, none gives `before`.
 */
export function applySelectedHunks(
  proposal: Pick<Proposal, 'before' | 'after' | 'hunks'>,
  hunkIds: readonly string[],
): string {
  const known = new Set(proposal.hunks.map((h) => h.id));
  const unknown = hunkIds.filter((id) => !known.has(id));
  if (unknown.length)
    throw new UnknownHunkError(
      `unknown hunk id(s): ${unknown.join(', ')}; this proposal has ${[...known].join(', ') || 'no hunks'}.`,
    );
  const selected = new Set(hunkIds);
  const oldLines = splitLinesKeepEol(proposal.before);
  const newLines = splitLinesKeepEol(proposal.after);
  const out: string[] = [];
  let at = 0;
  for (const hunk of proposal.hunks) {
    for (; at < hunk.oldIndex; at += 1) out.push(oldLines[at] ?? '');
    if (selected.has(hunk.id)) {
      for (let k = 0; k < hunk.newLines; k += 1) out.push(newLines[hunk.newIndex + k] ?? '');
    } else {
      for (let k = 0; k < hunk.oldLines; k += 1) out.push(oldLines[hunk.oldIndex + k] ?? '');
    }
    at = hunk.oldIndex + hunk.oldLines;
  }
  for (; at < oldLines.length; at += 1) out.push(oldLines[at] ?? '');
  return out.join('');
}
