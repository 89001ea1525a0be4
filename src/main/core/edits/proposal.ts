// A write tool's proposal (DESIGN.md "Flow" 3): everything the person reviews and everything
// apply needs. The proposal hash binds a decision to exactly this change of exactly this base.
import { sha256 } from '../workspace/content-hash';
import type { ApprovalRequest } from '../../../shared/approvals';
import {
  computeLineDiff,
  DEFAULT_DIFF_BOUND,
  formatUnifiedDiff,
  type DiffBound,
  type ProposalHunk,
} from './bounded-line-diff';
import type { TextFormat } from './text-format';
import { linesOfSelectors, type LineKey } from '../../../shared/hunk-selection';
import { selectedLinesText } from '../../../shared/line-selection';

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
 * The text after applying only the selected changes: `h2` a whole hunk, `h2.1` one of its
 * separate changes, `h2@5` one changed line (hunk-selection.ts). A kept `-` line is removed
 * and a kept `+` line added; the rest stays as the base has it. Selecting all gives `after`,
 * none gives `before`.
 */
export function applySelectedHunks(
  proposal: Pick<Proposal, 'before' | 'after' | 'hunks'>,
  selectors: readonly string[],
): string {
  const read = linesOfSelectors(proposal.hunks, selectors);
  if ('unknown' in read)
    throw new UnknownHunkError(
      `unknown hunk id(s): ${read.unknown.join(', ')}; this proposal has ${proposal.hunks.map((h) => h.id).join(', ') || 'no hunks'} (a change of a hunk: h1.2, a line: h1@4).`,
    );
  return applyLineSelection(proposal, read.keys);
}

/**
 * The text with exactly the selected changed lines applied; a hunk in `replaced` takes the
 * person's own text for its lines of the base instead (a hunk edited on its own).
 */
export function applyLineSelection(
  proposal: Pick<Proposal, 'before' | 'after' | 'hunks'>,
  keys: ReadonlySet<LineKey>,
  replaced: ReadonlyMap<string, string> = new Map(),
): string {
  const text = selectedLinesText(proposal, keys, replaced);
  if (text === null)
    throw new UnknownHunkError(
      "this selection would join two lines, because the last line of one side has no newline; keep that line's change too, or the whole hunk.",
    );
  return text;
}
