// `sluice worktrees [list] --project DIR [--json]` and `sluice worktrees remove|merge|apply NAME`:
// the worktrees `sluice ask --worktree` made for a project, each with where it stands (commits
// ahead and behind, uncommitted files, its conversation, last activity). merge is the person's
// `git merge --no-ff` of the branch (hooks run confined, output shown; uncommitted work is
// offered as a commit first; worktree-merge.ts); apply offers each file the worktree changed to
// the main tree through the usual review (per hunk on the terminal, --yes approves all
// unprotected ones); remove refuses uncommitted or unmerged work unless --force.
import { GitReader } from '../../main/core/git/git-reader';
import { createOwnGit } from '../../main/core/git/own-git';
import { applyWorktreeFiles, worktreeChangedPaths } from '../../main/core/git/worktree-apply';
import { removeWorktreeChecked } from '../../main/core/git/worktree-finish';
import { findWorktree, WorktreeError } from '../../main/core/git/worktrees';
import { describeWorktreeLine, worktreeListing } from '../worktree-listing';
import { mergeOnTerminal } from '../worktree-merge';
import { Workspace } from '../../main/core/workspace/workspace';
import { visibleUntrusted } from '../../shared/untrusted-text';
import { ExitCode, UsageError, writeJsonLine } from '../cli-io';
import { checkForm, defineVerb, JSON_OPTION, PROJECT_OPTION } from '../define-verb';
import { openGitProject } from '../git-project';
import { sluiceHomeFor } from '../project-context';
import { terminalCommandOutput } from '../terminal-safe-text';

const FORMS = ['list', 'remove', 'merge', 'apply'] as const;

export default defineVerb({
  name: 'worktrees',
  options: {
    project: PROJECT_OPTION,
    yes: {
      type: 'boolean',
      help: 'apply: approve every unprotected file as you would on the terminal',
    },
    force: {
      type: 'boolean',
      help: 'remove: even with uncommitted or unmerged work, which is lost',
    },
    json: { ...JSON_OPTION, help: 'one JSON line per worktree (list) or for the result' },
  },
  forms: [
    {
      words: 'list',
      options: ['project', 'json'],
      summary:
        'The worktrees `sluice ask --worktree` made for this project: ahead/behind, uncommitted files, conversation, last activity.',
    },
    {
      words: 'merge',
      args: 'NAME',
      options: ['project', 'json'],
      summary:
        'git merge --no-ff of its branch (your hooks run, confined); uncommitted work is offered as a commit first.',
    },
    {
      words: 'apply',
      args: 'NAME',
      options: ['project', 'yes'],
      summary: 'Its changes into this tree, reviewed per hunk.',
    },
    {
      words: 'remove',
      args: 'NAME',
      options: ['project', 'force', 'json'],
      summary:
        'Removes it and its merged branch; refuses uncommitted or unmerged work unless --force.',
    },
  ],
  positionals: { min: 0, max: 2, message: 'give a form (list, remove, merge, apply) and a NAME.' },
  async run({ values, positionals, io }) {
    const [form = 'list', name] = positionals;
    if (!(FORMS as readonly string[]).includes(form))
      throw new UsageError(
        `unknown form "${form}": use list, remove NAME, merge NAME or apply NAME.`,
      );
    if (form !== 'list' && name === undefined) throw new UsageError(`give the NAME to ${form}.`);
    checkForm({
      name: `worktrees ${form}`,
      values: { ...values, json: undefined },
      options:
        form === 'apply'
          ? ['project', 'yes']
          : form === 'remove'
            ? ['project', 'force']
            : ['project'],
      words: positionals.slice(1),
      most: form === 'list' ? 0 : 1,
    });
    const opened = await openGitProject(io, values.project, 'it has no worktrees.');
    if (!opened) return ExitCode.Failure;
    const { workspace, reader } = opened;
    const home = sluiceHomeFor(io);
    const env = { ...io.env, PATH: io.env.PATH ?? process.env.PATH };
    try {
      if (form === 'list') {
        const all = await worktreeListing(reader, home, workspace.root, env);
        if (values.json) for (const w of all) writeJsonLine(io, w);
        else if (all.length === 0) io.stdout.write('No Sluice worktrees for this project.\n');
        else for (const w of all) io.stdout.write(describeWorktreeLine(w));
        return ExitCode.Ok;
      }
      const worktree = await findWorktree(reader, home, workspace.root, name ?? '');
      if (form === 'remove') {
        const own = createOwnGit(reader, env);
        const force = values.force ?? false;
        const result = await removeWorktreeChecked({
          main: reader,
          git: own,
          worktree,
          env,
          force,
        });
        if (values.json) writeJsonLine(io, result);
        else if (result.kind !== 'refused' && result.output)
          io.stderr.write(`${terminalCommandOutput(result.output)}\n`);
        if (result.kind === 'refused' || result.kind === 'failed') {
          if (!values.json)
            io.stderr.write(
              result.kind === 'refused'
                ? `${visibleUntrusted(result.message)}\n`
                : `Worktree ${name} was not removed (git's reason is above).\n`,
            );
          return ExitCode.Failure;
        }
        if (!values.json)
          io.stdout.write(
            result.branchDeleted
              ? `Removed worktree ${name} and its ${force ? '' : 'merged '}branch ${worktree.branch}.\n`
              : `Removed worktree ${name}; branch ${worktree.branch} is kept because git does not call it merged (git branch -D ${worktree.branch} deletes it).\n`,
          );
        return ExitCode.Ok;
      }
      if (form === 'merge')
        return await mergeOnTerminal(io, {
          main: reader,
          worktree,
          home,
          json: values.json ?? false,
        });
      // apply: the main tree's HEAD is the base the worktree's changes are measured from.
      const opened = await GitReader.open(path(worktree.path, reader.info.prefix), {
        ...io.env,
        PATH: io.env.PATH ?? process.env.PATH,
      });
      if (opened.kind !== 'repository')
        throw new WorktreeError(`worktree ${name} is not a git work tree any more.`);
      const base = await reader.headCommit();
      if (base === null) throw new WorktreeError('the project has no commit to compare with.');
      const paths = await worktreeChangedPaths(opened.reader, base);
      if (paths.length === 0) {
        io.stdout.write(`Worktree ${name} has no changes against this project's HEAD.\n`);
        return ExitCode.Ok;
      }
      const worktreeSpace = await Workspace.open(opened.reader.root);
      const { openCliToolContext } = await import('../cli-engine');
      const session = openCliToolContext({
        workspace,
        tool: { kind: 'write' },
        yes: values.yes ?? false,
        io,
      });
      try {
        const results = await applyWorktreeFiles({
          paths,
          worktree: worktreeSpace,
          name: worktree.name,
          ctx: { ...session.context, workspace, signal: new AbortController().signal },
        });
        for (const r of results)
          if (values.json) writeJsonLine(io, r);
          else io.stdout.write(`${r.outcome}  ${visibleUntrusted(r.path)}\n`);
        return results.every((r) => r.outcome === 'applied' || r.outcome === 'same')
          ? ExitCode.Ok
          : ExitCode.Failure;
      } finally {
        await session.close();
      }
    } catch (error) {
      if (error instanceof WorktreeError) {
        io.stderr.write(`${visibleUntrusted(error.message)}\n`);
        return ExitCode.Failure;
      }
      throw error;
    }
  },
});

function path(top: string, prefix: string): string {
  return prefix ? `${top}/${prefix}` : top;
}
