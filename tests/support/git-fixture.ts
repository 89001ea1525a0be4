// Real git repositories in temp folders for the git suites (issue 32): the git CLI, never
// mocked, with an environment that ignores the machine's own git config.
import { execFileSync } from 'node:child_process';
import { mkdtemp, realpath, writeFile, mkdir, chmod } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** git's environment in tests: no system or global config, a fixed identity. */
export function testGitEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!key.startsWith('GIT_')) env[key] = value;
  return {
    ...env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: 'Ada Person',
    GIT_AUTHOR_EMAIL: 'ada@example.com',
    GIT_COMMITTER_NAME: 'Ada Person',
    GIT_COMMITTER_EMAIL: 'ada@example.com',
    ...extra,
  };
}

/** Runs git in `cwd` as the test's person would; throws on a non-zero exit. */
export function git(cwd: string, args: string[], env: NodeJS.ProcessEnv = testGitEnv()): string {
  return execFileSync('git', args, {
    cwd,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A new repository with `files` committed as "initial" on branch main. */
export async function makeRepo(files: Record<string, string>): Promise<string> {
  const dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'sluice-git-')));
  git(dir, ['init', '-q', '-b', 'main']);
  git(dir, ['config', 'user.name', 'Ada Person']);
  git(dir, ['config', 'user.email', 'ada@example.com']);
  for (const [name, text] of Object.entries(files)) await writeIn(dir, name, text);
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'initial']);
  return dir;
}

export async function writeIn(dir: string, name: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
  await writeFile(path.join(dir, name), text);
}

/** An executable that appends its name and arguments to `marker`, then copies stdin to stdout. */
export async function plantProgram(dir: string, name: string, marker: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, `#!/bin/sh\necho "$0 $*" >> '${marker}'\ncat\n`);
  await chmod(file, 0o755);
  return file;
}
