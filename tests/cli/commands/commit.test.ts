import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../../../src/cli/cli-io';
import { main } from '../../../src/cli/main';
import {
  reply,
  startFakeAnthropicServer,
  type FakeAnthropicServer,
} from '../../support/fake-anthropic-server';
import { git, makeRepo, writeIn } from '../../support/git-fixture';

let repo: string;
let home: string;
let server: FakeAnthropicServer;

beforeEach(async () => {
  repo = await makeRepo({ 'a.ts': 'export const a = 1;\n' });
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-commit-home-'));
  server = await startFakeAnthropicServer();
  await writeIn(repo, 'a.ts', 'export const a = 2;\n');
});
afterEach(async () => {
  await server.close();
  await rm(repo, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

function env(extra: Record<string, string> = {}): Record<string, string | undefined> {
  return {
    SLUICE_HOME: home,
    PATH: process.env.PATH,
    ANTHROPIC_API_KEY: 'test-key',
    ANTHROPIC_BASE_URL: server.baseURL,
    ...extra,
  };
}

/** A recording io; on a "terminal", each prompt is answered with the next of `answers`. */
function io(
  options: { terminal?: boolean; answers?: string[]; env?: Record<string, string> } = {},
) {
  let out = '';
  let err = '';
  const stdin = new PassThrough() as PassThrough & { isTTY?: boolean };
  const answers = [...(options.answers ?? [])];
  if (options.terminal) stdin.isTTY = true;
  else stdin.end();
  const value: CliIo = {
    stdout: { write: (t: string) => (out += t) },
    stderr: {
      write: (t: string) => {
        err += t;
        if (t.includes('Commit with it?') || t.includes('Commit it with these errors?'))
          stdin.write(`${answers.shift() ?? 'n'}\n`);
        return true;
      },
      ...(options.terminal ? { isTTY: true } : {}),
    },
    stdin,
    env: env(options.env),
    cwd: repo,
  };
  return { io: value, out: () => out, err: () => err };
}

async function hook(name: string, body: string): Promise<void> {
  const file = path.join(repo, '.git', 'hooks', name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
}

const subject = () => git(repo, ['log', '-1', '--format=%s']).trim();

describe('sluice commit', () => {
  it('--message --all - commits as the person, runs their hook and shows its output', async () => {
    await hook('pre-commit', `echo "pre-commit checked it"; env > '${repo}/.git/hook-env'`);
    const run = io();
    const code = await main(['commit', '--project', repo, '--all', '-m', 'Bump a'], run.io);
    expect(run.err()).toContain('pre-commit checked it');
    expect(code).toBe(0);
    expect(run.out()).toMatch(/^Committed [0-9a-f]{12} on main: Bump a\n$/u);
    expect(subject()).toBe('Bump a');
    expect(git(repo, ['log', '-1', '--format=%an <%ae>']).trim()).toBe(
      'Ada Person <ada@example.com>',
    );
    const hookEnv = await readFile(path.join(repo, '.git', 'hook-env'), 'utf8');
    expect(hookEnv).not.toContain('ANTHROPIC_API_KEY');
    expect(hookEnv).not.toContain('SLUICE_HOME');
  });

  it('a failing pre-commit hook - is shown with its output, exit 1, nothing committed', async () => {
    await hook('pre-commit', 'echo "lint: 3 problems" >&2; exit 3');
    const run = io();
    const code = await main(['commit', '--project', repo, '--all', '-m', 'Bump a'], run.io);
    expect(code).toBe(1);
    expect(run.err()).toContain('lint: 3 problems');
    expect(run.err()).toContain('git commit exited 1: nothing was committed');
    expect(subject()).toBe('initial');
  });

  it('a drafted message with --accept-draft - the model reads the diff, the draft is the message', async () => {
    server.enqueue(reply('Raise a to 2\n\nThe tests expect the new value.'));
    const run = io();
    const code = await main(['commit', '--project', repo, '--all', '--accept-draft'], run.io);
    expect(code).toBe(0);
    expect(JSON.stringify(server.requests[0]?.body.messages)).toContain(
      '-export const a = 1;\\n+export const a = 2;',
    );
    expect(git(repo, ['log', '-1', '--format=%B']).trim()).toBe(
      'Raise a to 2\n\nThe tests expect the new value.',
    );
  });

  it('a drafted message edited on the terminal - commits the edited text', async () => {
    server.enqueue(reply('Raise a'));
    const editor = path.join(repo, '.git', 'editor.sh');
    await writeFile(editor, '#!/bin/sh\nprintf "Raise a to two\\n# a comment\\n" > "$1"\n');
    await chmod(editor, 0o755);
    const run = io({ terminal: true, answers: ['e', 'y'], env: { EDITOR: editor } });
    const code = await main(['commit', '--project', repo, 'a.ts'], run.io);
    expect(code).toBe(0);
    expect(run.err()).toContain('Drafted commit message:\n\n    Raise a\n');
    expect(subject()).toBe('Raise a to two');
  });

  it('stopping at the drafted message - commits nothing', async () => {
    server.enqueue(reply('Raise a'));
    const run = io({ terminal: true, answers: ['n'] });
    expect(await main(['commit', '--project', repo, '--all'], run.io)).toBe(1);
    expect(run.err()).toContain('Not committed: you stopped at the message.');
    expect(subject()).toBe('initial');
  });

  it('no terminal and no --message - is a usage error before the model is asked', async () => {
    const run = io();
    expect(await main(['commit', '--project', repo, '--all'], run.io)).toBe(2);
    expect(run.err()).toContain('give --message M, or --accept-draft');
    expect(server.requests).toHaveLength(0);
  });

  it('PATH… - commits those files, an untracked one included, and nothing else', async () => {
    await writeIn(repo, 'b.ts', 'export const b = 1;\n');
    await writeIn(repo, 'c.ts', 'export const c = 1;\n');
    const run = io();
    expect(await main(['commit', '--project', repo, '-m', 'Add b', 'b.ts'], run.io)).toBe(0);
    expect(git(repo, ['show', '--name-only', '--format=', 'HEAD']).trim()).toBe('b.ts');
    expect(git(repo, ['status', '--porcelain']).trim().split('\n').sort()).toEqual([
      '?? c.ts',
      'M a.ts',
    ]);
  });

  it('--hunks PATH:h2 - commits that hunk only; the others stay in the tree', async () => {
    const lines = Array.from({ length: 20 }, (_, i) => `export const v${i} = ${i};`);
    await writeIn(repo, 'long.ts', `${lines.join('\n')}\n`);
    git(repo, ['add', 'long.ts']);
    git(repo, ['commit', '-qm', 'long']);
    const changed = [...lines];
    changed[1] = 'export const v1 = 100;';
    changed[18] = 'export const v18 = 1800;';
    await writeIn(repo, 'long.ts', `${changed.join('\n')}\n`);
    const run = io();
    const code = await main(
      ['commit', '--project', repo, '-m', 'Raise v18', '--hunks', 'long.ts:h2'],
      run.io,
    );
    expect(run.err()).not.toContain('Nothing was committed');
    expect(code).toBe(0);
    expect(git(repo, ['show', 'HEAD:long.ts'])).toContain('v18 = 1800');
    expect(git(repo, ['show', 'HEAD:long.ts'])).toContain('v1 = 1;');
    expect(git(repo, ['diff', '--', 'long.ts'])).toContain('+export const v1 = 100;');
    const bad = io();
    expect(
      await main(['commit', '--project', repo, '-m', 'x', '--hunks', 'long.ts:h7'], bad.io),
    ).toBe(1);
    expect(bad.err()).toContain(
      'Nothing was committed: long.ts has no hunk h7 against HEAD (it has h1).\n',
    );
  });

  it('a commit that introduces a type error - shows it before committing; on a terminal, n stops it', async () => {
    await writeIn(repo, 'tsconfig.json', '{"compilerOptions":{"strict":true}}\n');
    git(repo, ['add', 'tsconfig.json']);
    git(repo, ['commit', '-qm', 'tsconfig']);
    await writeIn(repo, 'a.ts', "export const a: number = 'two';\n");
    const asked = io({ terminal: true, answers: ['n'] });
    expect(await main(['commit', '--project', repo, '--all', '-m', 'Break a'], asked.io)).toBe(1);
    expect(asked.err()).toMatch(/introduces 1 error/u);
    expect(asked.err()).toMatch(/a\.ts:1\s+Type 'string' is not assignable to type 'number'/u);
    expect(asked.err()).toContain('Not committed: you stopped at the errors it introduces.');
    expect(git(repo, ['log', '-1', '--format=%s']).trim()).toBe('tsconfig');
    // Without a terminal the person's --message is the decision: shown, then committed.
    const run = io();
    expect(await main(['commit', '--project', repo, '--all', '-m', 'Break a'], run.io)).toBe(0);
    expect(run.err()).toMatch(/introduces 1 error/u);
    expect(git(repo, ['log', '-1', '--format=%s']).trim()).toBe('Break a');
  }, 60_000);

  it('nothing staged - says how to choose what to commit', async () => {
    const run = io();
    expect(await main(['commit', '--project', repo, '-m', 'x'], run.io)).toBe(1);
    expect(run.err()).toContain('Nothing is staged');
  });

  it('not a repository - says so plainly', async () => {
    const plain = await mkdtemp(path.join(os.tmpdir(), 'sluice-not-git-'));
    try {
      const run = io();
      expect(await main(['commit', '--project', plain, '-m', 'x', '--all'], run.io)).toBe(1);
      expect(run.err()).toBe(
        'This project is not a git repository, so there is nothing to commit to.\n',
      );
    } finally {
      await rm(plain, { recursive: true, force: true });
    }
  });
});
