// Revert a file, or some of its hunks, to HEAD: the revert is a write like
// any other, so it is a proposal that goes through the approval gate (policy, protected
// paths, the person's decision) and, once written, a checkpoint `sluice undo` can take back.
// The hunks are those of the diff HEAD → working copy as `sluice diff` numbers them.
import { readBaseFile } from '../edits/base-file';
import { computeLineDiff, DEFAULT_DIFF_BOUND } from '../edits/bounded-line-diff';
import { applySelectedHunks, createProposal } from '../edits/proposal';
import { decodeText, NotTextError } from '../edits/text-format';
import { commitProposal } from '../tools/commit-change';
import type { ToolContext, ToolResult } from '../tools/tool';
import type { GitReader } from './git-reader';

export interface RevertRequest {
  /** Project-relative path. */
  readonly path: string;
  /** Hunk ids of the HEAD diff ("h1", …) to revert; absent: the whole file. */
  readonly hunkIds?: readonly string[] | undefined;
}

export type RevertOutcome = 'reverted' | 'rejected' | 'refused' | 'conflict';

export interface RevertResult {
  readonly path: string;
  readonly outcome: RevertOutcome;
  /** What happened, in words for the person. */
  readonly message: string;
}

/** The context a revert writes through: the workspace and approval gate of the caller's shell. */
export type RevertContext = Pick<
  ToolContext,
  'workspace' | 'signal' | 'approvals' | 'symbolIndex' | 'emit' | 'diagnostics' | 'conversationId'
>;

export async function revertToHead(
  reader: GitReader,
  ctx: RevertContext,
  request: RevertRequest,
): Promise<RevertResult> {
  const refuse = (message: string): RevertResult => ({
    path: request.path,
    outcome: 'refused',
    message,
  });
  const base = await readBaseFile(ctx.workspace, request.path);
  const head = await reader.headBytes(base.relative);
  if (head === null)
    return refuse(
      `${base.relative} is not in HEAD: reverting it would delete it, which Sluice does not do this way (delete it yourself if you mean to).`,
    );
  let headText: ReturnType<typeof decodeText>;
  let workText = '';
  try {
    headText = decodeText(head, base.relative);
    if (base.exists) workText = base.text;
  } catch (error) {
    if (error instanceof NotTextError)
      return refuse(`${error.message} Revert it with git itself (git restore).`);
    throw error;
  }
  if (base.exists && base.bytes.equals(head))
    return refuse(`${base.relative} is already as in HEAD; nothing to revert.`);
  let after = headText.text;
  if (request.hunkIds && request.hunkIds.length > 0) {
    if (!base.exists) return refuse(`${base.relative} was deleted; revert the whole file.`);
    const diff = computeLineDiff(headText.text, workText, DEFAULT_DIFF_BOUND);
    if (diff.coarse)
      return refuse(
        `the diff of ${base.relative} was too large to compute line by line, so its hunks cannot be reverted one by one; revert the whole file.`,
      );
    const known = new Set(diff.hunks.map((h) => h.id));
    const unknown = request.hunkIds.filter((id) => !known.has(id));
    if (unknown.length > 0)
      return refuse(
        `${base.relative} has no hunk ${unknown.join(', ')} against HEAD (it has ${[...known].join(', ') || 'none'}); see \`sluice diff\`.`,
      );
    const reverted = new Set(request.hunkIds);
    after = applySelectedHunks(
      { before: headText.text, after: workText, hunks: diff.hunks },
      diff.hunks.filter((h) => !reverted.has(h.id)).map((h) => h.id),
    );
  }
  const what = request.hunkIds?.length
    ? `${request.hunkIds.length === 1 ? 'hunk' : 'hunks'} ${request.hunkIds.join(', ')} of `
    : '';
  const proposal = createProposal({
    tool: base.exists ? 'edit_file' : 'create_file',
    path: base.relative,
    isNewFile: !base.exists,
    before: workText,
    after,
    // HEAD's bytes exactly for a whole file: its BOM and line endings (the text keeps them).
    format: base.exists ? { ...base.format, bom: headText.format.bom } : headText.format,
    baseHash: base.baseHash,
    description: `Revert ${what}${base.relative} to HEAD, as you asked.`,
  });
  const result = await commitProposal(proposal, ctx);
  return revertOutcome(base.relative, what, result);
}

/** The revert's result in words for the person who asked for it (never the model's words). */
function revertOutcome(path: string, what: string, result: ToolResult): RevertResult {
  switch (result.status) {
    case 'ok': {
      const checkpoint = /Checkpoint (\S+) records the change/u.exec(result.content)?.[1];
      const undo = checkpoint ? ` Undo it with: sluice undo ${checkpoint}` : '';
      return { path, outcome: 'reverted', message: `Reverted ${what}${path} to HEAD.${undo}` };
    }
    case 'conflict':
      return {
        path,
        outcome: 'conflict',
        message: `${path} changed on disk while the revert waited; nothing was written. Run the revert again.`,
      };
    case 'rejected':
      return {
        path,
        outcome: 'rejected',
        message: /nobody could be asked/u.test(result.content)
          ? `Not reverted: there is no terminal to ask you, so nothing was written. Run it on a terminal, or add --yes.`
          : `You kept ${path} as it is; nothing was written.`,
      };
    case 'denied':
      return {
        path,
        outcome: 'rejected',
        message: `Not reverted: a rule denies writing ${path}; nothing was written (see sluice rules).`,
      };
    case 'error':
      return { path, outcome: 'refused', message: result.content };
  }
}
