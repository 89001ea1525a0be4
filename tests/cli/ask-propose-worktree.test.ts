// `sluice ask --mode propose --worktree[=NAME]`: a background run over a git worktree whose
// result is a branch (a commit of the set in the worktree) as well as a change set.
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { cliRun } from '../support/fake-cli-io';
import {
  reply,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
} from '../support/fake-anthropic-server';
import { git, makeRepo } from '../support/git-fixture';

let repo: string;
let home: string;
let server: FakeAnthropicServer;

beforeEach(async () => {
  repo = await makeRepo({ 'a.ts': 'export const a = 1;\n' });
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-propose-wt-home-'));
  server = await startFakeAnthropicServer();
});
afterEach(async () => {
  await server.close();
  await rm(repo, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

async function sluice(...argv: string[]) {
  const run = cliRun(
    {
      SLUICE_HOME: home,
      PATH: process.env.PATH,
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: server.baseURL,
    },
    repo,
  );
  const code = await main(argv, run.io);
  return { code, out: run.stdout(), err: run.stderr(), lines: run.io.lines };
}

function enqueueRun(): void {
  server.enqueue(
    reply([
      toolUse('edit_file', { path: 'a.ts', edits: [{ old_text: '= 1', new_text: '= 2' }] }),
      toolUse('create_file', { path: 'c.ts', content: 'export const c = 1;\n' }),
    ]),
    reply('Done.'),
  );
}

const worktreeDir = () => path.join(home, 'worktrees');

describe('sluice ask --mode propose --worktree - a background run on its own branch', () => {
  it('the set is committed on sluice/NAME in the worktree; the project is untouched; merge brings it', async () => {
    enqueueRun();
    const run = await sluice(
      'ask',
      'raise a',
      '--mode',
      'propose',
      '--project',
      repo,
      '--worktree=bg',
    );
    expect(run.err).toContain('Working in worktree bg (branch sluice/bg)');
    expect(run.code).toBe(0);
    const setId = run.out.trim();
    expect(run.err).toMatch(/Committed 2 files to sluice\/bg as [0-9a-f]{12}\./u);
    const list = (await sluice('worktrees', '--project', repo, '--json')).lines() as Array<{
      path: string;
    }>;
    const dir = list[0]?.path ?? '';
    expect(dir.startsWith(worktreeDir())).toBe(true);
    // The branch holds the run's work as one commit with the set named; the worktree is clean.
    expect(await readFile(path.join(dir, 'a.ts'), 'utf8')).toBe('export const a = 2;\n');
    expect(
      git(dir, ['log', '-1', '--format=%s%n%(trailers:key=Sluice-Change-Set,valueonly)']),
    ).toBe(`Sluice: raise a\n${setId}\n\n`);
    expect(git(dir, ['status', '--porcelain'])).toBe('');
    expect(git(repo, ['log', '-1', '--format=%s', 'sluice/bg']).trim()).toBe('Sluice: raise a');
    // The project itself is untouched until the person finishes the worktree.
    expect(await readFile(path.join(repo, 'a.ts'), 'utf8')).toBe('export const a = 1;\n');
    expect(existsSync(path.join(repo, 'c.ts'))).toBe(false);
    const merged = await sluice('worktrees', 'merge', 'bg', '--project', repo);
    expect(merged.code).toBe(0);
    expect(await readFile(path.join(repo, 'c.ts'), 'utf8')).toBe('export const c = 1;\n');
  }, 60_000);

  it('the repository’s hooks and fsmonitor - do not run on the run’s commit, which nobody asked for', async () => {
    const marker = `${repo}-marker`;
    const plant = path.join(repo, '.git', 'plant.sh');
    await writeFile(plant, `#!/bin/sh\necho "$0 $SLUICE_TEST_CANARY" >> '${marker}'\nexit 1\n`);
    await chmod(plant, 0o755);
    for (const hook of [
      'pre-commit',
      'commit-msg',
      'post-commit',
      'post-checkout',
      'reference-transaction',
    ])
      await writeFile(path.join(repo, '.git', 'hooks', hook), `#!/bin/sh\nexec '${plant}'\n`, {
        mode: 0o755,
      });
    git(repo, ['config', 'core.fsmonitor', plant]);
    enqueueRun();
    const run = await sluice(
      'ask',
      'raise a',
      '--mode',
      'propose',
      '--project',
      repo,
      '--worktree=bg',
    );
    expect(run.code).toBe(0);
    expect(existsSync(marker)).toBe(false);
    const dir = path.join(
      ((await sluice('worktrees', '--project', repo, '--json')).lines()[0] as { path: string })
        .path,
    );
    expect(git(dir, ['log', '-1', '--format=%s']).trim()).toBe('Sluice: raise a');
    await rm(marker, { force: true });
  }, 60_000);

  it('not a repository - refused in words before any run', async () => {
    await rm(path.join(repo, '.git'), { recursive: true, force: true });
    const run = await sluice('ask', 'x', '--mode', 'propose', '--project', repo, '--worktree');
    expect(run.code).toBe(2);
    expect(run.err).toContain('This project is not a git repository');
    expect(server.requests).toHaveLength(0);
  });
});
