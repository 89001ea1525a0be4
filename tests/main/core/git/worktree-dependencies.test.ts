// A Sluice worktree shares the project's installed dependencies: tests before approval run
// there against the main tree's node_modules (shown read-only), and a worktree whose lockfile
// differs says so instead of testing against the wrong dependencies.
import { existsSync, lstatSync, mkdirSync, readdirSync, realpathSync, symlinkSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { runCommand } from '../../../../src/main/core/commands/command-runner';
import { GitReader } from '../../../../src/main/core/git/git-reader';
import { createOwnGit } from '../../../../src/main/core/git/own-git';
import { createWorktree } from '../../../../src/main/core/git/worktrees';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { detectJsRunner } from '../../../../src/main/core/test-runs/js-runner-detection';
import { createTestRunService } from '../../../../src/main/core/test-runs/test-run-service';
import { sharedDependencyMounts } from '../../../../src/main/core/workspace/shared-dependencies';
import { git, makeRepo, testGitEnv } from '../../../support/git-fixture';

const canRun = detectSandbox().available && detectCopySupport().available;
const OUR_MODULES = realpathSync(path.resolve(__dirname, '../../../../node_modules'));

const CART =
  'export function total(items) { return items.reduce((s, i) => s + i.price * i.qty, 0); }\n';
const CART_TEST = `import { expect, test } from 'vitest';
import { total } from '../src/cart.js';
test('totals price times quantity', () => { expect(total([{ price: 2, qty: 3 }])).toBe(6); });
`;

let repo: string;
let home: string;

beforeEach(async () => {
  repo = await makeRepo({
    '.gitignore': 'node_modules/\n',
    'package.json': JSON.stringify({ name: 'shop', type: 'module', scripts: { test: 'vitest' } }),
    'package-lock.json': '{"lockfileVersion": 3}\n',
    'vitest.config.js': 'export default { test: {} };\n',
    'src/cart.js': CART,
    'tests/cart.test.js': CART_TEST,
  });
  // The person's installed dependencies (links to ours, as an install would put packages).
  mkdirSync(path.join(repo, 'node_modules'));
  for (const name of readdirSync(OUR_MODULES).filter((n) => !n.startsWith('.') || n === '.bin'))
    symlinkSync(path.join(OUR_MODULES, name), path.join(repo, 'node_modules', name));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-home-'));
});
afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

async function worktree(): Promise<string> {
  const opened = await GitReader.open(repo, testGitEnv());
  if (opened.kind !== 'repository') throw new Error('expected a repository');
  const made = await createWorktree(createOwnGit(opened.reader, testGitEnv()), {
    home,
    projectRoot: repo,
    name: 'w',
  });
  expect(made.sharedDependencies).toEqual(['node_modules']);
  return made.path;
}

describe('a worktree and the project’s dependencies', () => {
  it('made - gets a folder of links to the main tree’s entries, which git ignores there', async () => {
    const dir = await worktree();
    expect(lstatSync(path.join(dir, 'node_modules')).isDirectory()).toBe(true);
    expect(lstatSync(path.join(dir, 'node_modules', 'vitest')).isSymbolicLink()).toBe(true);
    expect(git(dir, ['status', '--porcelain'])).toBe('');
    expect(sharedDependencyMounts(dir)).toEqual([realpathSync(path.join(repo, 'node_modules'))]);
    expect(detectJsRunner(dir)?.problem).toBeUndefined();
  });

  it('a folder that only looks like a worktree - shares nothing', async () => {
    const fake = await mkdtemp(path.join(os.tmpdir(), 'sluice-fake-wt-'));
    try {
      await writeFile(path.join(fake, '.git'), `gitdir: ${path.join(repo, '.git')}\n`);
      mkdirSync(path.join(fake, 'node_modules'));
      expect(sharedDependencyMounts(fake)).toEqual([]);
    } finally {
      await rm(fake, { recursive: true, force: true });
    }
  });

  it('a project that brings its own admin chain, or a main folder that is a link - shares nothing', async () => {
    const fake = await mkdtemp(path.join(os.tmpdir(), 'sluice-fake-chain-'));
    const secret = await mkdtemp(path.join(os.tmpdir(), 'sluice-secret-'));
    try {
      // .git → .wt (gitdir back, commondir → m/.git), m/node_modules → a secret folder.
      await writeFile(path.join(fake, '.git'), 'gitdir: .wt\n');
      mkdirSync(path.join(fake, '.wt'));
      await writeFile(path.join(fake, '.wt', 'gitdir'), '../.git\n');
      await writeFile(path.join(fake, '.wt', 'commondir'), '../m/.git\n');
      mkdirSync(path.join(fake, 'm', '.git'), { recursive: true });
      symlinkSync(secret, path.join(fake, 'm', 'node_modules'));
      mkdirSync(path.join(fake, 'node_modules'));
      expect(sharedDependencyMounts(fake)).toEqual([]);
    } finally {
      await rm(fake, { recursive: true, force: true });
      await rm(secret, { recursive: true, force: true });
    }
    // A real worktree of a project whose node_modules is a link elsewhere: not shown.
    const dir = await worktree();
    await rm(path.join(repo, 'node_modules'), { recursive: true, force: true });
    symlinkSync(home, path.join(repo, 'node_modules'));
    expect(sharedDependencyMounts(dir)).toEqual([]);
  });

  it('a lockfile changed in the worktree - not shared, and the runner says why', async () => {
    const dir = await worktree();
    await writeFile(path.join(dir, 'package-lock.json'), '{"lockfileVersion": 3, "x": 1}\n');
    expect(sharedDependencyMounts(dir)).toEqual([]);
    expect(detectJsRunner(dir)?.problem).toMatch(
      /this worktree's package-lock\.json differs from the main tree's, whose node_modules it shares/u,
    );
  });

  it.runIf(canRun)('a command in the worktree - sees them, and cannot change them', async () => {
    const dir = await worktree();
    const run = await runCommand({
      command:
        'test -f node_modules/vitest/package.json && echo seen; touch node_modules/vitest/x 2>&1 || echo refused',
      root: dir,
      cwd: dir,
      timeoutMs: 30_000,
      network: false,
      sandbox: detectSandbox(),
      signal: new AbortController().signal,
      hidden: [home],
    });
    expect(run.output.view).toContain('seen');
    expect(run.output.view).toContain('refused');
    expect(existsSync(path.join(OUR_MODULES, 'vitest', 'x'))).toBe(false);
  });

  it.runIf(canRun)(
    'tests before approval in the worktree - run against them, with a verdict',
    async () => {
      const dir = await worktree();
      const service = createTestRunService({ root: dir, home });
      const verdict = await service.verdict({
        changes: [
          { path: 'src/cart.js', after: CART.replace('i.price * i.qty', 'i.price - i.qty') },
        ],
        deadlineMs: 120_000,
      });
      expect(verdict.reason ?? '').not.toContain('not installed');
      expect(verdict.state).toBe('failed');
      expect(verdict.newlyFailing.map((f) => f.name)).toEqual([
        expect.stringContaining('totals price times quantity'),
      ]);
    },
    150_000,
  );
});
