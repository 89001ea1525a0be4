import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/cli-io';
import { main } from '../../../src/cli/main';
import { openAppDatabase } from '../../../src/main/core/store/app-database';
import { createCheckpointRepository } from '../../../src/main/core/store/checkpoint-repository';
import { projectIdFor } from '../../../src/main/core/store/project-id';
import { cliRun } from '../../support/fake-cli-io';
import { git, makeRepo, plantProgram, writeIn } from '../../support/git-fixture';

let repo: string;
let home: string;

beforeEach(async () => {
  repo = await makeRepo({
    'a.ts': 'export const a = 1;\n',
    'b.ts': Array.from({ length: 30 }, (_, i) => `line ${i + 1}\n`).join(''),
    'gone.ts': 'export const gone = true;\n',
  });
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-diff-home-'));
});
afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

async function sluice(...argv: string[]) {
  const run = cliRun({ SLUICE_HOME: home, PATH: process.env.PATH }, repo);
  const code = await main(argv, run.io);
  return { code, out: run.stdout(), err: run.stderr(), lines: run.io.lines };
}

/** The person's own edit of b.ts: line 2 and line 25 changed (two hunks). */
async function personEditsB(): Promise<void> {
  const text = await readFile(path.join(repo, 'b.ts'), 'utf8');
  await writeIn(
    repo,
    'b.ts',
    text.replace('line 2\n', 'line two\n').replace('line 25\n', 'line 25!\n'),
  );
}

describe('sluice diff - the working tree against HEAD', () => {
  it('marks what Sluice wrote (checkpoint, conversation), what the person changed, and untracked files', async () => {
    const written = await sluice(
      'tool',
      'edit_file',
      '--project',
      repo,
      '--yes',
      '--input',
      JSON.stringify({ path: 'a.ts', edits: [{ old_text: '= 1', new_text: '= 2' }] }),
    );
    expect(written.code).toBe(0);
    await personEditsB();
    await writeIn(repo, 'notes.md', 'mine\n');
    await writeIn(repo, 'made.ts', 'export const made = 1;\n');
    const db = openAppDatabase({ home });
    const made = createCheckpointRepository(db, projectIdFor(repo)).record({
      approvalId: null,
      conversationId: 'conv-7',
      turnId: 'turn-1',
      path: 'made.ts',
      beforeBytes: null,
      afterBytes: Buffer.from('export const made = 1;\n'),
      mode: 0o644,
    });
    db.close();

    const run = await sluice('diff', '--project', repo, '--json');
    expect(run.code).toBe(0);
    const files = run.lines() as Array<Record<string, unknown>>;
    const by = Object.fromEntries(files.map((f) => [f.path, f]));
    expect(Object.keys(by).sort()).toEqual(['a.ts', 'b.ts', 'made.ts', 'notes.md']);
    expect(by['a.ts']).toMatchObject({ state: 'modified', by: 'sluice' });
    expect(by['a.ts']?.checkpointId).toMatch(/^cp-/u);
    expect(by['b.ts']).toMatchObject({ state: 'modified', by: 'person', checkpointId: null });
    expect((by['b.ts']?.hunks as unknown[]).length).toBe(2);
    expect(by['made.ts']).toMatchObject({
      state: 'untracked',
      by: 'sluice',
      checkpointId: made,
      conversationId: 'conv-7',
    });
    expect(by['notes.md']).toMatchObject({ state: 'untracked', by: 'person' });

    // A file Sluice wrote and the person changed after is the person's now.
    await writeIn(repo, 'a.ts', 'export const a = 3;\n');
    const again = await sluice('diff', '--project', repo);
    expect(again.out).toContain('M a.ts  by you');
    expect(again.out).toContain('? made.ts  untracked, by Sluice (conversation conv-7');
    expect(again.out).toMatch(/@@ -1,5 \+1,5 @@ h1/u);
  });

  it('a clean tree - says there is nothing against HEAD', async () => {
    const run = await sluice('diff', '--project', repo);
    expect(run.code).toBe(0);
    expect(run.out).toBe('No changes against HEAD (on main).\n');
  });

  it('not a repository - says so plainly and exits 1', async () => {
    const plain = await mkdtemp(path.join(os.tmpdir(), 'sluice-not-git-'));
    try {
      const run = await sluice('diff', '--project', plain);
      expect(run.code).toBe(1);
      expect(run.err).toBe(
        'This project is not a git repository, so there is no HEAD to compare with.\n',
      );
    } finally {
      await rm(plain, { recursive: true, force: true });
    }
  });

  it('a hostile textconv and external diff - run nothing while the diff is shown', async () => {
    const marker = `${repo}-marker`;
    const plant = await plantProgram(path.join(repo, '.git'), 'plant.sh', marker);
    await writeIn(repo, '.gitattributes', '*.ts diff=evil\n');
    git(repo, ['add', '.gitattributes']);
    git(repo, ['commit', '-q', '-m', 'attributes']);
    git(repo, ['config', 'diff.evil.textconv', plant]);
    git(repo, ['config', 'diff.external', plant]);
    await personEditsB();
    const run = await sluice('diff', '--project', repo);
    expect(run.out).toContain('M b.ts');
    expect(existsSync(marker)).toBe(false);
  });
});

describe('sluice diff --revert - back to HEAD through the approval gate', () => {
  it('one hunk - is written after approval and is a checkpoint', async () => {
    await personEditsB();
    const run = await sluice('diff', '--project', repo, '--revert', 'b.ts:h2', '--yes');
    expect(run.code).toBe(0);
    const text = await readFile(path.join(repo, 'b.ts'), 'utf8');
    expect(text).toContain('line two\n');
    expect(text).toContain('line 25\n');
    const list = await sluice('checkpoints', '--project', repo, '--json');
    expect(list.lines()).toHaveLength(1);
  });

  it('a deleted file - is restored whole', async () => {
    await unlink(path.join(repo, 'gone.ts'));
    const run = await sluice('diff', '--project', repo, '--revert', 'gone.ts', '--yes');
    expect(run.code).toBe(0);
    expect(await readFile(path.join(repo, 'gone.ts'), 'utf8')).toBe('export const gone = true;\n');
  });

  it('on a terminal - the person sees the revert as a diff and approves it', async () => {
    await personEditsB();
    let err = '';
    const stdin = new PassThrough() as PassThrough & { isTTY?: boolean };
    stdin.isTTY = true;
    const io: CliIo = {
      stdout: { write: () => true },
      stderr: {
        isTTY: true,
        write: (text: string) => {
          err += text;
          if (text.startsWith('Apply?')) stdin.write('y\n');
          return true;
        },
      },
      stdin,
      env: { SLUICE_HOME: home, PATH: process.env.PATH, NO_COLOR: '1' },
      cwd: repo,
    };
    let out = '';
    const code = await main(['diff', '--project', repo, '--revert', 'b.ts:h1'], {
      ...io,
      stdout: { isTTY: false, write: (text: string) => ((out += text), true) },
    });
    stdin.end();
    expect(code).toBe(0);
    // Said to the person who asked, in their words: no "the person approved it".
    expect(out).toMatch(/^Reverted hunk h1 of b\.ts to HEAD\. Undo it with: sluice undo \S+\n$/u);
    expect(err).toContain('Revert hunk h1 of b.ts to HEAD, as you asked.');
    expect(err).toContain('-line two');
    const text = await readFile(path.join(repo, 'b.ts'), 'utf8');
    expect(text).toContain('line 2\n');
    expect(text).toContain('line 25!\n');
  });

  it('without a terminal or --yes - is rejected and nothing is written', async () => {
    await personEditsB();
    const before = await readFile(path.join(repo, 'b.ts'), 'utf8');
    const run = await sluice('diff', '--project', repo, '--revert', 'b.ts');
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/Not reverted: there is no terminal to ask you/u);
    expect(run.err).not.toMatch(/the person|Claude|model/u);
    expect(await readFile(path.join(repo, 'b.ts'), 'utf8')).toBe(before);
  });

  it('an unknown hunk or a file not in HEAD - is refused in words', async () => {
    await personEditsB();
    const hunk = await sluice('diff', '--project', repo, '--revert', 'b.ts:h9', '--yes');
    expect(hunk.code).toBe(1);
    expect(hunk.err).toContain('b.ts has no hunk h9 against HEAD (it has h1, h2)');
    await writeIn(repo, 'new.ts', 'x\n');
    const fresh = await sluice('diff', '--project', repo, '--revert', 'new.ts', '--yes');
    expect(fresh.err).toContain('new.ts is not in HEAD');
  });
});

describe('a project inside a larger repository', () => {
  it('diff, revert and commit --all - see and touch only the project folder', async () => {
    await writeIn(repo, 'pkg/p.ts', 'export const p = 1;\n');
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-qm', 'pkg']);
    const pkg = path.join(repo, 'pkg');
    await writeIn(repo, 'pkg/p.ts', 'export const p = 2;\n');
    await writeIn(repo, 'pkg/q.ts', 'export const q = 1;\n');
    await writeIn(repo, 'a.ts', 'export const a = 9;\n');

    const run = await sluice('diff', '--project', pkg, '--json');
    const files = run.lines() as Array<{ path: string; state: string }>;
    expect(files.map((f) => `${f.state} ${f.path}`)).toEqual(['modified p.ts', 'untracked q.ts']);

    const commit = await sluice('commit', '--project', pkg, '--all', '-m', 'p to 2');
    expect(commit.code).toBe(0);
    expect(git(repo, ['show', '--name-only', '--format=', 'HEAD']).trim()).toBe('pkg/p.ts');
    expect(git(repo, ['status', '--porcelain']).trim().split('\n').sort()).toEqual([
      '?? pkg/q.ts',
      'M a.ts',
    ]);

    await writeIn(repo, 'pkg/p.ts', 'export const p = 3;\n');
    const reverted = await sluice('diff', '--project', pkg, '--revert', 'p.ts', '--yes');
    expect(reverted.code).toBe(0);
    expect(await readFile(path.join(pkg, 'p.ts'), 'utf8')).toBe('export const p = 2;\n');
  }, 30_000);
});
