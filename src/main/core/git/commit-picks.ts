// A commit of what the person picked: whole files, or some hunks of a file (its HEAD text with
// those hunks of HEAD → working copy applied, the rest left in the working tree as changes).
// The picks are staged, and only the picks: when the index already holds other staged changes
// the commit is refused, naming them, instead of committing them unseen. Hunks are staged by
// Sluice's own git (a blob written without filters, then the index entry); whole files by
// `git add`, and the commit itself, are the person's (their hooks, confined). A commit that
// fails leaves the index as it was.
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { computeLineDiff, DEFAULT_DIFF_BOUND } from '../edits/bounded-line-diff';
import { applySelectedHunks } from '../edits/proposal';
import { decodeText, encodeText, NotTextError } from '../edits/text-format';
import type { Workspace } from '../workspace/workspace';
import { makeCommit, type CommitResult } from './commit-changes';
import type { GitWriter } from './git-process';
import type { GitReader } from './git-reader';

export interface CommitPick {
  /** Project-relative. */
  readonly path: string;
  /** Only these hunks of HEAD → working copy (ids as the Changes view and `sluice diff` show them). */
  readonly hunkIds?: readonly string[] | undefined;
}

export class CommitPickError extends Error {
  override readonly name = 'CommitPickError';
}

/** HEAD's text of `relative` with `hunkIds` of its working diff applied, as bytes to stage. */
async function partialBytes(
  reader: GitReader,
  workspace: Workspace,
  relative: string,
  hunkIds: readonly string[],
): Promise<Buffer> {
  const head = await reader.headBytes(relative);
  if (head === null)
    throw new CommitPickError(`${relative} is new: commit it whole, not by hunks.`);
  if (!(await workspace.stat(relative)))
    throw new CommitPickError(`${relative} was deleted: commit the deletion whole.`);
  try {
    const before = decodeText(head, relative);
    const after = decodeText((await workspace.readBytes(relative)).bytes, relative);
    const diff = computeLineDiff(before.text, after.text, DEFAULT_DIFF_BOUND);
    if (diff.coarse)
      throw new CommitPickError(
        `the diff of ${relative} is too large to split into hunks: commit it whole.`,
      );
    const known = new Set(diff.hunks.map((h) => h.id));
    const unknown = hunkIds.filter((id) => !known.has(id));
    if (unknown.length)
      throw new CommitPickError(
        `${relative} has no hunk ${unknown.join(', ')} against HEAD (it has ${[...known].join(', ') || 'none'}).`,
      );
    const text = applySelectedHunks(
      { before: before.text, after: after.text, hunks: diff.hunks },
      hunkIds,
    );
    return encodeText(text, after.format);
  } catch (error) {
    if (error instanceof NotTextError)
      throw new CommitPickError(`${relative} is not text: commit it whole.`);
    throw error;
  }
}

/** Stages `hunkIds` of `relative` (HEAD's text with those hunks) through Sluice's own git. */
async function stageHunks(own: GitWriter, prefix: string, relative: string, bytes: Buffer) {
  const file = path.join(own.gitDir, `SLUICE_PICK-${randomUUID()}`);
  await writeFile(file, bytes, { mode: 0o600 });
  try {
    const blob = await own.run(['hash-object', '-w', '--no-filters', '--', file]);
    if (blob.code !== 0)
      throw new CommitPickError(`git could not store the picked hunks of ${relative}.`);
    const topRelative = `${prefix}${relative}`;
    const listed = await own.run(['ls-tree', 'HEAD', '--', `:(top,literal)${topRelative}`]);
    const mode = /^(\d{6}) blob /u.exec(listed.stdout.toString('utf8'))?.[1] ?? '100644';
    const sha = blob.stdout.toString('utf8').trim();
    const staged = await own.run([
      'update-index',
      '--add',
      '--cacheinfo',
      `${mode},${sha},${topRelative}`,
    ]);
    if (staged.code !== 0)
      throw new CommitPickError(
        `git could not stage the picked hunks of ${relative}: ${staged.stderr.trim()}`,
      );
  } finally {
    await rm(file, { force: true });
  }
}

export async function commitPicks(args: {
  reader: GitReader;
  workspace: Workspace;
  /** Sluice's own git (staging hunks, restoring the index). */
  own: GitWriter;
  /** The person's git (git add, the commit: their hooks, confined). */
  person: GitWriter;
  picks: readonly CommitPick[];
  message: string;
}): Promise<CommitResult> {
  const { reader, workspace, picks } = args;
  if (picks.length === 0) throw new CommitPickError('nothing was picked to commit.');
  const paths = picks.map((p) => workspace.resolve(p.path).relative);
  if ((await reader.headCommit()) === null)
    throw new CommitPickError(
      'this repository has no commit yet: make the first one with sluice commit --all or its paths.',
    );
  // The commit takes the whole index, so anything staged anywhere in the repository (the picks
  // included: restoring after a failure puts them back to HEAD) must not be there already.
  const staged = await reader.stagedAnywhere();
  if (staged.length)
    throw new CommitPickError(
      `changes are already staged (${staged.slice(0, 5).join(', ')}${staged.length > 5 ? ', …' : ''}); a commit of your picks would take them too. Unstage them (git restore --staged) or commit them as they are (sluice commit with no picks).`,
    );
  // Every hunk pick is computed before anything is staged, so a bad pick changes nothing.
  const partial = new Map<string, Buffer>();
  for (const [i, pick] of picks.entries()) {
    const relative = paths[i] ?? pick.path;
    if (pick.hunkIds?.length)
      partial.set(relative, await partialBytes(reader, workspace, relative, pick.hunkIds));
  }
  const restore = () => args.own.run(['reset', '-q', '--', ...paths.map((p) => `:(literal)${p}`)]);
  let result: CommitResult | null = null;
  try {
    const whole = paths.filter((p) => !partial.has(p));
    if (whole.length) {
      const added = await args.person.run(['--literal-pathspecs', 'add', '-A', '--', ...whole]);
      if (added.code !== 0)
        return {
          ok: false,
          commit: null,
          output: [args.person.note, added.stdout.toString('utf8'), added.stderr]
            .filter(Boolean)
            .join('\n'),
          exitCode: added.code,
        };
    }
    for (const [relative, bytes] of partial)
      await stageHunks(args.own, reader.info.prefix, relative, bytes);
    result = await makeCommit(args.person, { scope: { kind: 'staged' }, message: args.message });
    return result;
  } finally {
    // Whatever stopped the commit (a hook, an error half way), the index is as it was.
    if (!result?.ok) await restore();
  }
}
