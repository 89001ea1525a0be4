import { existsSync } from 'node:fs';
import { appendFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GitReader } from '../../../../src/main/core/git/git-reader';
import { findTurnCommit } from '../../../../src/main/core/git/turn-commits';
import { worktreeChangedPaths } from '../../../../src/main/core/git/worktree-apply';
import { listWorktrees } from '../../../../src/main/core/git/worktrees';
import { git, makeRepo, plantProgram, writeIn } from '../../../support/git-fixture';

let repo: string;
let marker: string;
let plant: string;

beforeEach(async () => {
  repo = await makeRepo({
    '.gitattributes': '*.txt filter=evil diff=evil\n',
    'a.txt': 'hello\n',
    'src/b.txt': 'one\ntwo\n',
  });
  marker = path.join(repo, '..', `${path.basename(repo)}-marker`);
  plant = await plantProgram(path.join(repo, '.git'), 'plant.sh', marker);
  // Same size, new content: git can only tell by reading it (through a clean filter, if any).
  await writeIn(repo, 'a.txt', 'jello\n');
  await writeIn(repo, 'new.txt', 'untracked\n');
});
afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
  await rm(marker, { force: true });
});

async function hostileConfig(text: string): Promise<void> {
  await appendFile(path.join(repo, '.git', 'config'), text);
}

/** Every read Sluice does for itself. */
async function everySluiceRead(): Promise<void> {
  const opened = await GitReader.open(repo);
  if (opened.kind !== 'repository') throw new Error('expected a repository');
  const reader = opened.reader;
  expect((await reader.status()).map((e) => `${e.state} ${e.path}`)).toEqual([
    'modified a.txt',
    'untracked new.txt',
  ]);
  expect((await reader.headBytes('a.txt'))?.toString()).toBe('hello\n');
  expect(await reader.headCommit()).toMatch(/^[0-9a-f]{40}$/u);
  expect(await reader.branch()).toBe('main');
  expect((await reader.log({ path: 'a.txt' })).map((c) => c.subject)).toEqual(['initial']);
  expect((await reader.blame('src/b.txt')).map((l) => l.text)).toEqual(['one', 'two']);
  expect(await reader.stagedPaths()).toEqual([]);
  expect((await reader.indexBytes('a.txt'))?.toString()).toBe('hello\n');
  const head = (await reader.headCommit()) ?? '';
  expect(await worktreeChangedPaths(reader, head)).toEqual(['a.txt', 'new.txt']);
  expect(await findTurnCommit(reader, 'turn-x')).toEqual({ kind: 'none' });
  expect(await listWorktrees(reader, repo, repo)).toEqual([]);
}

interface Case {
  readonly name: string;
  readonly config: () => Promise<string>;
  /** What the person's own git does with the same repository: the plant fires (proves the trap is real). */
  readonly control?: string[];
}

const cases: Case[] = [
  {
    name: 'core.fsmonitor',
    config: async () => `[core]\n\tfsmonitor = ${plant}\n`,
    control: ['status'],
  },
  {
    name: 'diff.<driver>.textconv',
    config: async () => `[diff "evil"]\n\ttextconv = ${plant}\n`,
    control: ['diff', 'HEAD'],
  },
  {
    name: 'diff.external',
    config: async () => `[diff]\n\texternal = ${plant}\n`,
    control: ['diff', 'HEAD'],
  },
  {
    name: 'diff.<driver>.command',
    config: async () => `[diff "evil"]\n\tcommand = ${plant}\n`,
    control: ['diff', 'HEAD'],
  },
  {
    name: 'filter.<driver>.clean and smudge',
    config: async () =>
      `[filter "evil"]\n\tclean = ${plant}\n\tsmudge = ${plant}\n\trequired = true\n`,
    control: ['status'],
  },
  {
    name: 'filter.<driver>.process',
    config: async () => `[filter "evil"]\n\tprocess = ${plant}\n`,
    control: ['status'],
  },
  // A pager starts only on a terminal, which no read of Sluice's has: no control possible here.
  {
    name: 'core.pager',
    config: async () => `[core]\n\tpager = ${plant}\n[pager]\n\tlog = ${plant}\n`,
  },
  {
    name: 'log.showSignature with gpg.program',
    config: async () => `[log]\n\tshowSignature = true\n[gpg]\n\tprogram = ${plant}\n`,
  },
  {
    name: 'core.hooksPath (post-index-change)',
    config: async () => {
      const hooks = path.join(repo, '.git', 'evil-hooks');
      await mkdir(hooks);
      await plantProgram(hooks, 'post-index-change', marker);
      return `[core]\n\thooksPath = ${hooks}\n`;
    },
    // Adding a file always writes the index (status writes it only when it refreshes stat data).
    control: ['add', 'new.txt'],
  },
  {
    name: 'hooks in .git/hooks',
    config: async () => {
      for (const hook of [
        'post-index-change',
        'pre-commit',
        'post-checkout',
        'reference-transaction',
      ])
        await plantProgram(path.join(repo, '.git', 'hooks'), hook, marker);
      return '';
    },
    control: ['add', 'new.txt'],
  },
  {
    name: 'include.path to a file with all of them',
    config: async () => {
      const included = path.join(repo, '.git', 'evil.config');
      await writeFile(
        included,
        `[core]\n\tfsmonitor = ${plant}\n\tpager = ${plant}\n[diff]\n\texternal = ${plant}\n[diff "evil"]\n\ttextconv = ${plant}\n[filter "evil"]\n\tclean = ${plant}\n\tprocess = ${plant}\n`,
      );
      return `[include]\n\tpath = ${included}\n`;
    },
    control: ['status'],
  },
];

describe('GitReader - a hostile .git/config runs nothing while Sluice reads', () => {
  for (const c of cases)
    it(`${c.name} - every read leaves no marker`, async () => {
      await hostileConfig(await c.config());
      await everySluiceRead();
      expect(existsSync(marker)).toBe(false);
      if (c.control) {
        try {
          git(repo, c.control);
        } catch {
          // A failing filter may fail the person's command; what matters is that it ran.
        }
        expect((await readFile(marker, 'utf8')).length).toBeGreaterThan(0);
      }
    });

  it('GIT_* variables in Sluice’s environment - do not redirect or widen a read', async () => {
    await hostileConfig(`[core]\n\tfsmonitor = ${plant}\n`);
    const env = {
      ...process.env,
      GIT_CONFIG_PARAMETERS: `'core.fsmonitor=${plant}'`,
      GIT_EXTERNAL_DIFF: plant,
      GIT_DIR: '/nonexistent',
    };
    const opened = await GitReader.open(repo, env);
    if (opened.kind !== 'repository') throw new Error('expected a repository');
    expect((await opened.reader.status()).length).toBe(2);
    expect(existsSync(marker)).toBe(false);
  });
});
