// `sluice commit [--message M] [--all | PATH…] [--hunks PATH:h1,h2]… [--accept-draft]
// [--project DIR] [--json]`: the person's own commit, of every tracked change, the staged
// ones, the files named, or some hunks of a file (commit-picks.ts). Without --message the model drafts the message from the diff
// (Sluice computes it: no diff program of the repository runs) and the person accepts or
// edits it on the terminal; without a terminal only --message or --accept-draft commits.
// git commit runs as at their terminal, confined: their identity, the repository's hooks
// (output shown), never --no-verify, never a push. The message goes to git in a file.
import {
  diffForCommit,
  draftCommitMessage,
  makeCommit,
  type CommitDiff,
  type CommitResult,
  type CommitScope,
} from '../../main/core/git/commit-changes';
import type { GitReader } from '../../main/core/git/git-reader';
import type { Workspace } from '../../main/core/workspace/workspace';
import type { ProposalEvidence } from '../../shared/diagnostics';
import { createPersonGit } from '../../main/core/git/sandboxed-git';
import { createOwnGit } from '../../main/core/git/own-git';
import { commitPicks, CommitPickError, type CommitPick } from '../../main/core/git/commit-picks';
import { parseHunkPick } from '../hunk-pick-arg';
import { checkCommit } from '../commit-evidence-lines';
import { DEFAULT_MODEL } from '../../main/core/agent/model-catalog';
import { visibleUntrusted } from '../../shared/untrusted-text';
import { checkModelFlag, createEnvClient } from '../ask-model';
import { ExitCode, UsageError, writeJsonLine } from '../cli-io';
import { reviewDraft } from '../commit-message-prompt';
import {
  ANY_POSITIONALS,
  checkForm,
  defineVerb,
  JSON_OPTION,
  PROJECT_OPTION,
} from '../define-verb';
import { openGitProject } from '../git-project';
import { openAppDatabase } from '../../main/core/store/app-database';
import { projectIdFor } from '../../main/core/store/project-id';
import { setCommitEachTurn } from '../../main/core/git/commit-each-turn-setting';
import { sluiceHomeFor } from '../project-context';
import type { CliIo } from '../cli-io';
import { terminalCommandOutput } from '../terminal-safe-text';
import { plural } from '../../shared/plural';

/** The longest message taken from --message or an editor. */
const MAX_MESSAGE_CHARS = 20_000;

export default defineVerb({
  name: 'commit',
  args: '[PATH…]',
  options: {
    project: PROJECT_OPTION,
    message: {
      type: 'string',
      short: 'm',
      value: 'M',
      help: 'the commit message (no draft from the model)',
      defaultText: 'a draft from the model, for you to accept or edit',
    },
    all: {
      type: 'boolean',
      short: 'a',
      default: false,
      help: 'every tracked change under the project folder',
    },
    hunks: {
      type: 'string',
      multiple: true,
      value: 'PATH:h1,h2',
      help: 'only these hunks of PATH (ids as `sluice diff` prints them); the rest stay in the tree',
      defaultText: 'whole files',
    },
    'accept-draft': {
      type: 'boolean',
      default: false,
      help: "take the model's draft as it is (no terminal needed)",
    },
    model: {
      type: 'string',
      value: 'M',
      help: 'the Claude model that drafts the message',
      defaultText: DEFAULT_MODEL,
    },
    'each-turn': {
      type: 'string',
      value: 'on|off',
      help: 'commit each sluice ask turn that applied writes, on its own',
      defaultText: 'off',
    },
    json: { ...JSON_OPTION, help: 'print the result as one JSON line' },
  },
  positionals: ANY_POSITIONALS,
  async run({ values, positionals, io }) {
    if (values['each-turn'] !== undefined) {
      checkForm({
        name: 'commit --each-turn',
        values: {
          ...values,
          all: values.all || undefined,
          'accept-draft': values['accept-draft'] || undefined,
          json: undefined,
        },
        options: ['project', 'each-turn'],
        words: positionals,
        most: 0,
      });
      return setEachTurn(io, values.project, values['each-turn']);
    }
    if (values.all && positionals.length > 0)
      throw new UsageError('give --all or the paths to commit, not both.');
    if (values.message !== undefined && !values.message.trim())
      throw new UsageError('--message is empty.');
    if (values.message !== undefined && values.message.length > MAX_MESSAGE_CHARS)
      throw new UsageError(`--message is longer than ${MAX_MESSAGE_CHARS} characters.`);
    if (values.message !== undefined && values['accept-draft'])
      throw new UsageError('--accept-draft is for a drafted message; --message gives your own.');
    checkModelFlag(values.model);
    const interactive = Boolean(io.stdin.isTTY && io.stderr.isTTY);
    if (values.message === undefined && !values['accept-draft'] && !interactive)
      throw new UsageError(
        'there is no terminal to review a drafted message: give --message M, or --accept-draft to commit with the draft as it is.',
      );
    const opened = await openGitProject(io, values.project, 'there is nothing to commit to.');
    if (!opened) return ExitCode.Failure;
    const { workspace, reader } = opened;
    const hunkPicks = (values.hunks ?? []).map((raw) => parseHunkPick(raw, '--hunks'));
    if (values.all && hunkPicks.length) throw new UsageError('give --all or --hunks, not both.');
    const picks = hunkPicks.length
      ? [...positionals.map((path) => ({ path })), ...hunkPicks]
      : null;
    const scope: CommitScope = values.all
      ? { kind: 'all' }
      : picks
        ? { kind: 'paths', paths: picks.map((p) => p.path) }
        : positionals.length > 0
          ? { kind: 'paths', paths: positionals }
          : { kind: 'staged' };
    const diff = await diffForCommit(reader, workspace, scope);
    if (diff.paths.length === 0) {
      io.stderr.write(
        scope.kind === 'staged'
          ? 'Nothing is staged: stage changes with git add, or give --all or the paths to commit.\n'
          : 'Nothing to commit: no tracked file differs from HEAD.\n',
      );
      return ExitCode.Failure;
    }
    // The index may hold other text than the working copies: only whole working copies are checked.
    const checked =
      scope.kind === 'staged'
        ? null
        : await checkCommit(io, {
            workspace,
            reader,
            paths: diff.paths,
            json: values.json ?? false,
          });
    if (checked && !checked.go) {
      io.stderr.write('Not committed: you stopped at the errors it introduces.\n');
      return ExitCode.Failure;
    }

    const message =
      values.message ??
      (await draftedMessage(io, diff, {
        model: values.model,
        acceptDraft: values['accept-draft'],
      }));
    if (message === null) return ExitCode.Failure;

    const result = await commitChosen(io, { reader, workspace, picks, scope, message });
    if (!result) return ExitCode.Failure;
    return reportCommit(io, { reader, result, message, checked, json: values.json ?? false });
  },
});

/** `--each-turn on|off`: the project's "commit each approved turn" setting. */
async function setEachTurn(io: CliIo, project: string | undefined, raw: string): Promise<ExitCode> {
  if (raw !== 'on' && raw !== 'off')
    throw new UsageError(`--each-turn must be on or off (got "${raw}").`);
  const opened = await openGitProject(io, project, 'its turns cannot be committed.');
  if (!opened) return ExitCode.Failure;
  const db = openAppDatabase({ home: sluiceHomeFor(io) });
  try {
    setCommitEachTurn(db, projectIdFor(opened.workspace.root), raw === 'on');
  } finally {
    db.close();
  }
  io.stdout.write(
    raw === 'on'
      ? `Each turn that applies writes in ${opened.workspace.root} now ends as a commit of those files (your identity and hooks; trailers name Sluice and the conversation).\n`
      : `Turns in ${opened.workspace.root} are no longer committed.\n`,
  );
  return ExitCode.Ok;
}

/** The model's draft, as it is (--accept-draft) or as the person leaves it; null: not committed (said why). */
async function draftedMessage(
  io: CliIo,
  diff: CommitDiff,
  how: { model: string | undefined; acceptDraft: boolean | undefined },
): Promise<string | null> {
  io.stderr.write(`Drafting a commit message for ${plural(diff.paths.length, 'file')}…\n`);
  let draft: string;
  try {
    draft = await draftCommitMessage({
      client: createEnvClient(io, undefined),
      model: how.model ?? DEFAULT_MODEL,
      diff,
    });
  } catch (error) {
    io.stderr.write(
      `Could not draft a message: ${visibleUntrusted(error instanceof Error ? error.message : String(error))}. Nothing was committed; give --message M to commit without a draft.\n`,
    );
    return null;
  }
  if (!draft) {
    io.stderr.write('The model drafted an empty message. Nothing was committed.\n');
    return null;
  }
  if (how.acceptDraft) return draft;
  const choice = await reviewDraft(io, draft);
  if (choice.kind === 'stop') {
    io.stderr.write('Not committed: you stopped at the message.\n');
    return null;
  }
  return choice.message;
}

/** git commit as the person, of the hunks picked or of the scope; null: a pick was refused (said why). */
async function commitChosen(
  io: CliIo,
  chosen: {
    reader: GitReader;
    workspace: Workspace;
    picks: CommitPick[] | null;
    scope: CommitScope;
    message: string;
  },
): Promise<CommitResult | null> {
  const { reader, workspace, picks, scope, message } = chosen;
  const person = createPersonGit(reader, { env: io.env, hidden: [sluiceHomeFor(io)] });
  try {
    return picks
      ? await commitPicks({
          reader,
          workspace,
          own: createOwnGit(reader, io.env),
          person,
          picks,
          message,
        })
      : await makeCommit(person, { scope, message });
  } catch (error) {
    if (!(error instanceof CommitPickError)) throw error;
    io.stderr.write(`Nothing was committed: ${visibleUntrusted(error.message)}\n`);
    return null;
  }
}

async function reportCommit(
  io: CliIo,
  made: {
    reader: GitReader;
    result: CommitResult;
    message: string;
    checked: { evidence: ProposalEvidence } | null;
    json: boolean;
  },
): Promise<ExitCode> {
  const { reader, result, message, checked } = made;
  if (made.json) {
    writeJsonLine(io, {
      ok: result.ok,
      commit: result.commit,
      message,
      output: result.output,
      ...(checked ? { evidence: checked.evidence } : {}),
    });
    return result.ok ? ExitCode.Ok : ExitCode.Failure;
  }
  if (result.output) io.stderr.write(`${terminalCommandOutput(result.output)}\n`);
  if (!result.ok) {
    io.stderr.write(
      `git commit exited ${result.exitCode}: nothing was committed (its output, and any hook's, is above).\n`,
    );
    return ExitCode.Failure;
  }
  const subject = message.split('\n', 1)[0] ?? '';
  io.stdout.write(
    `Committed ${result.commit?.slice(0, 12) ?? ''}${(await reader.branch()) ? ` on ${await reader.branch()}` : ''}: ${visibleUntrusted(subject)}\n`,
  );
  return ExitCode.Ok;
}
