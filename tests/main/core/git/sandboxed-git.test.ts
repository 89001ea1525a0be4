import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { makeCommit } from '../../../../src/main/core/git/commit-changes';
import { GitReader } from '../../../../src/main/core/git/git-reader';
import { createOwnGit } from '../../../../src/main/core/git/own-git';
import { createPersonGit } from '../../../../src/main/core/git/sandboxed-git';
import { createWorktree } from '../../../../src/main/core/git/worktrees';
import { git, makeRepo, testGitEnv, writeIn } from '../../../support/git-fixture';

const sandboxed = detectSandbox().available && process.platform === 'linux';

let repo: string;
let home: string;
let marker: string;

const env = (): NodeJS.ProcessEnv =>
  testGitEnv({ SLUICE_TEST_CANARY: 'cloud-key-123', AWS_SECRET_ACCESS_KEY: 'aws-canary' });

beforeEach(async () => {
  repo = await makeRepo({ 'a.txt': 'one\n', 'b.txt': 'bee\n' });
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-home-'));
  marker = `${repo}-marker`;
});
afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
  await rm(marker, { force: true });
});

async function hook(name: string, body: string, root = repo): Promise<void> {
  const dir = git(root, ['rev-parse', '--path-format=absolute', '--git-common-dir']).trim();
  await writeFile(path.join(dir, 'hooks', name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
}

async function open(root: string): Promise<GitReader> {
  const opened = await GitReader.open(root, env());
  if (opened.kind !== 'repository') throw new Error('expected a repository');
  return opened.reader;
}

describe.runIf(sandboxed)('the person’s git - their hooks run, confined', () => {
  it('a pre-commit hook - runs and is shown; it cannot write outside the project or see secrets', async () => {
    await hook(
      'pre-commit',
      `echo "lint: checked"\necho "canary=$SLUICE_TEST_CANARY aws=$AWS_SECRET_ACCESS_KEY"\necho pwned > '${marker}' 2>/dev/null || echo "outside write refused"`,
    );
    await writeIn(repo, 'a.txt', 'two\n');
    const person = createPersonGit(await open(repo), { env: env(), hidden: [home] });
    const made = await makeCommit(person, { scope: { kind: 'all' }, message: 'Raise a' });
    expect(made.ok).toBe(true);
    expect(made.commit).toMatch(/^[0-9a-f]{40}$/u);
    expect(made.output).toContain('lint: checked');
    expect(made.output).not.toContain('cloud-key-123');
    expect(made.output).not.toContain('aws-canary');
    expect(existsSync(marker)).toBe(false);
    expect(git(repo, ['log', '-1', '--format=%s %an']).trim()).toBe('Raise a Ada Person');
    // The repository itself is intact (its .git was opened, not replaced).
    expect(git(repo, ['status', '--porcelain']).trim()).toBe('');
  });

  it('a hook that plants code for later (config, hooks) - cannot: they are read-only inside', async () => {
    await hook(
      'pre-commit',
      `printf '[core]\\n\\tfsmonitor = touch ${marker}\\n' >> .git/config 2>&1 || echo "config refused"\necho 'touch ${marker}' >> .git/hooks/post-checkout 2>&1 || echo "hooks refused"`,
    );
    const before = await readFile(path.join(repo, '.git', 'config'), 'utf8');
    await writeIn(repo, 'a.txt', 'two\n');
    const person = createPersonGit(await open(repo), { env: env(), hidden: [home] });
    const made = await makeCommit(person, { scope: { kind: 'all' }, message: 'Raise a' });
    expect(made.output).toContain('config refused');
    expect(made.output).toContain('hooks refused');
    expect(made.ok).toBe(true);
    expect(await readFile(path.join(repo, '.git', 'config'), 'utf8')).toBe(before);
    expect(existsSync(path.join(repo, '.git', 'hooks', 'post-checkout'))).toBe(false);
  });

  it('a failing pre-commit hook - nothing is committed, its words come back', async () => {
    await hook('pre-commit', 'echo "lint: 3 problems" >&2\nexit 1');
    await writeIn(repo, 'a.txt', 'two\n');
    const person = createPersonGit(await open(repo), { env: env(), hidden: [home] });
    const made = await makeCommit(person, { scope: { kind: 'all' }, message: 'Raise a' });
    expect(made.ok).toBe(false);
    expect(made.output).toContain('lint: 3 problems');
    expect(git(repo, ['log', '-1', '--format=%s']).trim()).toBe('initial');
  });

  it('a hook that reads stdin - does not eat the message, which goes to git in a file', async () => {
    await hook('pre-commit', 'cat > /dev/null');
    await hook('commit-msg', 'cat > /dev/null');
    await writeIn(repo, 'a.txt', 'two\n');
    const person = createPersonGit(await open(repo), { env: env(), hidden: [home] });
    const made = await makeCommit(person, {
      scope: { kind: 'all' },
      message: 'Keep the message\n\nEven with a body.',
    });
    expect(made.ok).toBe(true);
    expect(git(repo, ['log', '-1', '--format=%B']).trim()).toBe(
      'Keep the message\n\nEven with a body.',
    );
    expect(git(repo, ['status', '--porcelain', '--ignored']).trim()).toBe('');
  });

  it('a hook that plants code for later in a submodule’s or a worktree’s admin folder - cannot either', async () => {
    const reader = await open(repo);
    await createWorktree(createOwnGit(reader, env()), { home, projectRoot: repo, name: 'w' });
    git(repo, ['init', '-q', '--bare', path.join('.git', 'modules', 'libs', 'sub')]);
    await writeFile(path.join(repo, '.git', 'objects', 'info', 'alternates'), '');
    const admin = path.join(repo, '.git', 'worktrees', 'w');
    const guarded = [
      '.git/modules/libs/sub/config',
      '.git/modules/libs/sub/hooks/post-checkout',
      '.git/objects/info/alternates',
      '.git/worktrees/w/commondir',
      '.git/worktrees/w/gitdir',
    ];
    const before = await Promise.all(
      guarded.map((f) => readFile(path.join(repo, f), 'utf8').catch(() => null)),
    );
    await hook(
      'pre-commit',
      guarded
        .map((f) => `echo 'touch ${marker}' >> ${f} 2>/dev/null || echo "refused ${f}"`)
        .join('\n'),
    );
    await writeIn(repo, 'a.txt', 'two\n');
    const person = createPersonGit(await open(repo), { env: env(), hidden: [home] });
    const made = await makeCommit(person, { scope: { kind: 'all' }, message: 'Raise a' });
    expect(made.ok).toBe(true);
    for (const f of guarded) expect(made.output).toContain(`refused ${f}`);
    const after = await Promise.all(
      guarded.map((f) => readFile(path.join(repo, f), 'utf8').catch(() => null)),
    );
    expect(after).toEqual(before);
    expect(existsSync(path.join(admin, 'commondir'))).toBe(true);
  });

  it('the person’s global signing and hooks - not applied inside, and the output says so', async () => {
    const global = path.join(home, 'gitconfig');
    await writeFile(
      global,
      `[commit]\n\tgpgSign = true\n[core]\n\thooksPath = ${path.join(home, 'hooks')}\n`,
    );
    await writeIn(repo, 'a.txt', 'two\n');
    const person = createPersonGit(await open(repo), {
      env: { ...env(), GIT_CONFIG_GLOBAL: global },
      hidden: [home],
    });
    const made = await makeCommit(person, { scope: { kind: 'all' }, message: 'Raise a' });
    expect(made.ok).toBe(true);
    expect(made.output).toContain(
      'Your global git config is not read inside the sandbox: commit.gpgSign (this commit is not signed) and core.hooksPath (your global hooks did not run). Commit with git yourself to use it.',
    );
    // Without them, nothing is said.
    const plain = createPersonGit(await open(repo), { env: env(), hidden: [home] });
    expect(plain.note).toBe('');
  });

  it('a commit in a linked worktree - its hooks run with the main repository’s folders writable', async () => {
    const reader = await open(repo);
    const made = await createWorktree(createOwnGit(reader, env()), {
      home,
      projectRoot: repo,
      name: 'w',
    });
    await hook('pre-commit', 'echo "worktree hook ran"');
    await writeIn(made.path, 'b.txt', 'bumble\n');
    const person = createPersonGit(await open(made.path), { env: env(), hidden: [home] });
    const commit = await makeCommit(person, { scope: { kind: 'all' }, message: 'Bee' });
    expect(commit.output).toContain('worktree hook ran');
    expect(commit.ok).toBe(true);
    expect(git(repo, ['log', '-1', '--format=%s', 'sluice/w']).trim()).toBe('Bee');
  });
});

describe('the person’s git - where no sandbox can hold the hooks', () => {
  it('commits as Sluice’s own: the hooks do not run, and the output says why', async () => {
    await hook('pre-commit', `echo ran > '${marker}'`);
    await writeIn(repo, 'a.txt', 'two\n');
    const person = createPersonGit(await open(repo), {
      env: env(),
      hidden: [home],
      sandbox: { available: false, detail: 'bwrap is not installed' },
    });
    const made = await makeCommit(person, { scope: { kind: 'all' }, message: 'Raise a' });
    expect(made.ok).toBe(true);
    expect(made.output).toContain(
      "The repository's hooks did not run (no sandbox on this machine)",
    );
    expect(existsSync(marker)).toBe(false);
  });

  it('a message with terminal controls - stored without them', async () => {
    await writeIn(repo, 'a.txt', 'two\n');
    const own = createOwnGit(await open(repo), env());
    await makeCommit(own, {
      scope: { kind: 'all' },
      message: 'Fix\u001b]52;c;cHduZWQ=\u0007 it\u001b[2J\r\n\r\nbody\u009b31m',
      trailers: ['Sluice-Conversation: x\u001b[2J'],
    });
    const stored = await readFile(path.join(repo, '.git', 'COMMIT_EDITMSG'), 'utf8').catch(
      () => '',
    );
    const body = git(repo, ['log', '-1', '--format=%B']);
    expect([...body].filter((c) => c < ' ' && c !== '\n')).toEqual([]);
    expect(body.trim()).toBe('Fix]52;c;cHduZWQ= it[2J\n\nbody31m\n\nSluice-Conversation: x[2J');
    expect(stored).not.toContain('\u001b');
  });
});
