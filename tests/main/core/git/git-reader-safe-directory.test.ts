// A repository someone else owns: git refuses it unless the person trusts it with
// `safe.directory` in their own config. Sluice's reads do not read that config (nothing of it
// may run), so the setting is passed on the command line, where git honours it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GitReader } from '../../../../src/main/core/git/git-reader';
import { GitReadError } from '../../../../src/main/core/git/git-process';

// Only root can hand a folder to another user here.
const asRoot = process.getuid?.() === 0;
const describeAsRoot = asRoot ? describe : describe.skip;

let base: string;
let repo: string;
/** The person's environment with this home, and no other global config. */
function personEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
  };
  delete env.GIT_CONFIG_GLOBAL;
  return env;
}
beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-safe-dir-')));
  repo = path.join(base, 'repo');
  mkdirSync(repo);
  execFileSync('git', ['init', '-q', repo]);
  writeFileSync(path.join(repo, 'a.txt'), 'a\n');
  // Owned by nobody (65534), as a repository unpacked from someone else's archive.
  execFileSync('chown', ['-R', '65534:65534', repo]);
  mkdirSync(path.join(base, 'home'));
});
afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

describeAsRoot('GitReader - a repository someone else owns', () => {
  it('not trusted - refused, with git’s advice the person can follow', async () => {
    const env = personEnv(path.join(base, 'home'));
    await expect(GitReader.open(repo, env)).rejects.toThrow(GitReadError);
    await expect(GitReader.open(repo, env)).rejects.toThrow(/dubious ownership.*safe\.directory/su);
  });

  it('trusted in the person’s global config - read like any other', async () => {
    const home = path.join(base, 'home2');
    mkdirSync(home);
    writeFileSync(path.join(home, '.gitconfig'), `[safe]\n\tdirectory = ${repo}\n`);
    const opened = await GitReader.open(repo, personEnv(home));
    expect(opened.kind).toBe('repository');
    if (opened.kind !== 'repository') return;
    expect(opened.reader.info.top).toBe(repo);
    // Its reads too (the overrides), not only the opening.
    expect((await opened.reader.run(['ls-files'])).stdout.toString()).toBe('');
  });
});
