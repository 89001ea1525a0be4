import { existsSync } from 'node:fs';
import { appendFile, chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeCommit } from '../../../../src/main/core/git/commit-changes';
import { GitReader } from '../../../../src/main/core/git/git-reader';
import { createOwnGit } from '../../../../src/main/core/git/own-git';
import { findTurnCommit, revertTurnCommit } from '../../../../src/main/core/git/turn-commits';
import { removeWorktreeChecked } from '../../../../src/main/core/git/worktree-finish';
import { createWorktree } from '../../../../src/main/core/git/worktrees';
import { git, makeRepo, testGitEnv, writeIn } from '../../../support/git-fixture';

let repo: string;
let home: string;
let marker: string;
let plant: string;

/** A program that records that it ran, with the environment it saw (the canary). */
async function plantRecorder(dir: string, name: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, `#!/bin/sh\necho "$0 $* canary=$SLUICE_TEST_CANARY" >> '${marker}'\ncat\n`);
  await chmod(file, 0o755);
  return file;
}

const env = (): NodeJS.ProcessEnv => testGitEnv({ SLUICE_TEST_CANARY: 'cloud-key-123' });

beforeEach(async () => {
  repo = await makeRepo({
    '.gitattributes': '*.txt filter=evil diff=evil merge=evil\n',
    'a.txt': 'hello\n',
  });
  home = await (await import('node:fs/promises')).mkdtemp(path.join(os.tmpdir(), 'sluice-home-'));
  marker = path.join(repo, '..', `${path.basename(repo)}-marker`);
  plant = await plantRecorder(path.join(repo, '.git'), 'plant.sh');
});
afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
  await rm(marker, { force: true });
});

const HOOKS = [
  'pre-commit',
  'prepare-commit-msg',
  'commit-msg',
  'post-commit',
  'post-checkout',
  'post-index-change',
  'reference-transaction',
  'pre-auto-gc',
  'post-rewrite',
];

interface Case {
  readonly name: string;
  readonly config: () => Promise<string>;
}

const cases: Case[] = [
  { name: 'core.fsmonitor', config: async () => `[core]\n\tfsmonitor = ${plant}\n` },
  {
    name: 'filter.<driver>.smudge and clean',
    config: async () =>
      `[filter "evil"]\n\tclean = ${plant}\n\tsmudge = ${plant}\n\trequired = true\n`,
  },
  {
    name: 'filter.<driver>.process',
    config: async () => `[filter "evil"]\n\tprocess = ${plant}\n`,
  },
  { name: 'merge.<driver>.driver', config: async () => `[merge "evil"]\n\tdriver = ${plant} %A\n` },
  {
    name: 'hooks in .git/hooks',
    config: async () => {
      for (const hook of HOOKS) await plantRecorder(path.join(repo, '.git', 'hooks'), hook);
      return '';
    },
  },
  {
    name: 'core.hooksPath',
    config: async () => {
      const hooks = path.join(repo, '.git', 'evil-hooks');
      await mkdir(hooks);
      for (const hook of HOOKS) await plantRecorder(hooks, hook);
      return `[core]\n\thooksPath = ${hooks}\n`;
    },
  },
  {
    // `--trailer` would start interpret-trailers, which runs these even for other keys; the
    // separators, key and comment character would hide or rename Sluice's own trailers.
    name: 'trailer commands, trailer settings and the comment character',
    config: async () =>
      `[trailer "turn"]\n\tkey = Sluice-Turn\n\tcommand = ${plant}\n\twhere = start\n[trailer "sign"]\n\tkey = Signed-off-by\n\tcmd = ${plant}\n\tifMissing = add\n[trailer]\n\tseparators = =\n\tifexists = replace\n[core]\n\tcommentChar = S\n`,
  },
  {
    name: 'signing and editor',
    config: async () =>
      `[commit]\n\tgpgSign = true\n[gpg]\n\tprogram = ${plant}\n[core]\n\teditor = ${plant}\n[sequence]\n\teditor = ${plant}\n`,
  },
];

async function open(root: string): Promise<GitReader> {
  const opened = await GitReader.open(root, env());
  if (opened.kind !== 'repository') throw new Error(`expected a repository: ${opened.why}`);
  return opened.reader;
}

/** Every write Sluice makes on its own: a worktree made, committed in, reverted, removed. */
async function everyOwnWrite(): Promise<void> {
  const reader = await open(repo);
  const made = await createWorktree(createOwnGit(reader, env()), {
    home,
    projectRoot: repo,
    name: 'w1',
  });
  expect(await readFile(path.join(made.path, 'a.txt'), 'utf8')).toBe('hello\n');
  await writeIn(made.path, 'a.txt', 'changed\n');
  const inWorktree = await open(made.path);
  const own = createOwnGit(inWorktree, env());
  const commit = await makeCommit(own, {
    scope: { kind: 'paths', paths: ['a.txt'] },
    message: 'A run\u001b]52;c;Zm9v\u0007 with \u001b[2Jcontrols',
    trailers: ['Sluice-Turn: turn-1', 'Co-authored-by: Sluice <sluice@users.noreply.invalid>'],
  });
  expect(commit.output).toBe(commit.ok ? commit.output : 'commit failed');
  expect(commit.ok).toBe(true);
  expect(git(made.path, ['log', '-1', '--format=%B']).trim()).toBe(
    'A run]52;c;Zm9v with [2Jcontrols\n\nSluice-Turn: turn-1\nCo-authored-by: Sluice <sluice@users.noreply.invalid>',
  );
  expect(await findTurnCommit(inWorktree, 'turn-1')).toEqual({
    kind: 'head',
    commit: commit.commit,
  });
  const reverted = await revertTurnCommit({
    git: own,
    checkpoints: { byTurn: () => [], markUndone: () => undefined } as never,
    turnId: 't',
    commit: commit.commit ?? '',
  });
  expect(reverted.kind).toBe('reverted');
  const removed = await removeWorktreeChecked({
    main: reader,
    git: createOwnGit(reader, env()),
    worktree: made,
    env: env(),
    force: true,
  });
  expect(removed.kind).toBe('removed');
}

describe("Sluice's own git - a hostile repository's programs never run", () => {
  for (const c of cases)
    it(`${c.name} - worktree add, commit, revert and remove leave no marker`, async () => {
      await appendFile(path.join(repo, '.git', 'config'), await c.config());
      await everyOwnWrite();
      expect(existsSync(marker)).toBe(false);
    });

  it('a driver with an empty name ([filter ""], * filter=) - blanked like any other', async () => {
    await writeIn(repo, '.gitattributes', '* filter= merge=\n');
    git(repo, ['commit', '-qam', 'empty driver names']);
    await appendFile(
      path.join(repo, '.git', 'config'),
      `[filter ""]\n\tclean = ${plant}\n\tsmudge = ${plant}\n[merge ""]\n\tdriver = ${plant} %A\n`,
    );
    await everyOwnWrite();
    expect(existsSync(marker)).toBe(false);
  });

  for (const [name, config] of [
    ['includeIf onbranch', () => `[includeIf "onbranch:sluice/**"]\n\tpath = evil.cfg\n`],
    ['includeIf gitdir', () => `[includeIf "gitdir:**/.git/worktrees/**"]\n\tpath = evil.cfg\n`],
    [
      'a partial clone (a read would fetch through uploadpack)',
      () =>
        `[extensions]\n\tpartialClone = origin\n[remote "origin"]\n\turl = /nonexistent\n\tpromisor = true\n\tuploadpack = ${plant}\n`,
    ],
  ] as const)
    it(`${name} - the repository is not read with git at all, and nothing runs`, async () => {
      await writeFile(
        path.join(repo, '.git', 'evil.cfg'),
        `[filter "evil"]\n\tsmudge = ${plant}\n\tclean = ${plant}\n`,
      );
      await appendFile(path.join(repo, '.git', 'config'), config());
      await expect(everyOwnWrite()).rejects.toThrow(/Sluice does not read it with git/u);
      expect(existsSync(marker)).toBe(false);
    });

  it('the person’s own git on the same repository - fires the plants (the traps are real)', async () => {
    await appendFile(
      path.join(repo, '.git', 'config'),
      (await cases[0]!.config()) + (await cases[1]!.config()),
    );
    for (const hook of HOOKS) await plantRecorder(path.join(repo, '.git', 'hooks'), hook);
    git(repo, ['worktree', 'add', '-b', 'x', path.join(home, 'x')], env());
    const fired = await readFile(marker, 'utf8');
    expect(fired).toContain('post-checkout');
    expect(fired).toContain('canary=cloud-key-123');
  });

  it('a commit of the person’s identity - taken from their config, not the repository’s hooks', async () => {
    const reader = await open(repo);
    await writeIn(repo, 'a.txt', 'two\n');
    const made = await makeCommit(createOwnGit(reader, env()), {
      scope: { kind: 'all' },
      message: 'two',
    });
    expect(made.ok).toBe(true);
    expect(git(repo, ['log', '-1', '--format=%an <%ae>']).trim()).toBe(
      'Ada Person <ada@example.com>',
    );
  });
});
