// `--project` left out (issue 29 item 5): a verb run inside a project's subfolder takes the
// enclosing git repository's root (a .git folder, or a worktree's .git file), else the current
// folder, and its first line on stderr says which folder it took, escaped; `--json` stdout
// stays clean.
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { fakeCliIo } from '../../support/fake-cli-io';

let base: string;
let proj: string;

beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-cli-project-')));
  proj = path.join(base, 'proj');
  cpSync(path.resolve(__dirname, '../../fixtures/index/constructs'), proj, { recursive: true });
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

function runIn(cwd: string) {
  return fakeCliIo({ cwd, env: { SLUICE_HOME: path.join(base, 'home') } });
}

describe('--project left out', () => {
  it('sluice index in a subfolder of a git repository - indexes the repository, says so first', async () => {
    mkdirSync(path.join(proj, '.git'));
    const io = runIn(path.join(proj, 'src'));
    expect(await main(['index', '--json'], io)).toBe(0);
    expect(io.err().split('\n')[0]).toBe(
      `Project: ${proj} (the enclosing git repository; --project DIR picks another)`,
    );
    // stdout is the JSON alone, and it counts the files above the subfolder too.
    const [stats] = io.lines() as { files: number }[];
    const explicit = runIn(base);
    expect(await main(['index', '--json', '--project', 'proj'], explicit)).toBe(0);
    expect(explicit.err()).toBe('');
    expect(stats?.files).toBe((explicit.lines()[0] as { files: number }).files);
  });

  it("sluice def in a linked worktree's subfolder - the worktree's root", async () => {
    writeFileSync(path.join(proj, '.git'), `gitdir: ${path.join(base, 'main/.git/worktrees/x')}\n`);
    const io = runIn(path.join(proj, 'src', 'geometry'));
    expect(await main(['def', 'area'], io)).toBe(0);
    expect(io.err().split('\n')[0]).toContain(`Project: ${proj} (the enclosing git repository`);
    expect(io.out()).toMatch(/src\/shapes\.ts:2:17 function area/);
  });

  it('no git repository - the current folder', async () => {
    const io = runIn(path.join(proj, 'src'));
    expect(await main(['index'], io)).toBe(0);
    expect(io.err().split('\n')[0]).toBe(
      `Project: ${path.join(proj, 'src')} (the current folder; no git repository above it; --project DIR picks another)`,
    );
    expect(io.out()).toContain(`Indexed ${path.join(proj, 'src')}:`);
  });

  it('a folder name with escape sequences - shown escaped, never obeyed', async () => {
    const hostile = path.join(base, 'a\u001b[2Jb');
    mkdirSync(hostile);
    writeFileSync(path.join(hostile, 'x.ts'), 'export const x = 1;\n');
    const io = runIn(hostile);
    expect(await main(['index', '--json'], io)).toBe(0);
    const first = io.err().split('\n')[0] ?? '';
    expect(first).not.toContain('\u001b');
    expect(first).toContain('\\u001b[2Jb');
  });

  it('a given --project - no line about it', async () => {
    const io = runIn(base);
    expect(await main(['index', '--project', 'proj'], io)).toBe(0);
    expect(io.err()).toBe('');
  });
});
