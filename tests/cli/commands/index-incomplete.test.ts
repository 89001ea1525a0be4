// `sluice index` on a project a limit cuts short: exit 1, and stderr says what was left out.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeCliIo } from '../../support/fake-cli-io';
import { main } from '../../../src/cli/main';
import { DEFAULT_LIMITS } from '../../../src/main/core/workspace/limits';

let base: string;

function fakeIo() {
  return fakeCliIo({ cwd: base, env: { SLUICE_HOME: path.join(base, 'home') } });
}

beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-cli-incomplete-')));
  writeFileSync(path.join(base, 'top.ts'), 'export const top = 1;\n');
  // One folder nested past the walk's depth limit: a hard limit a small project can reach.
  const deep = path.join(
    base,
    ...Array.from({ length: DEFAULT_LIMITS.maxWalkDepth + 1 }, () => 'd'),
  );
  mkdirSync(deep, { recursive: true });
  writeFileSync(path.join(deep, 'deep.ts'), 'export const deep = 1;\n');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('sluice index - incomplete', () => {
  it('exits 1 and names the folder left out - never a quiet partial index', async () => {
    const io = fakeIo();
    expect(await main(['index', '--project', base], io)).toBe(1);
    expect(io.out()).toMatch(/Indexed .*: 1 files/);
    expect(io.err()).toMatch(/Index incomplete: 1 folder deeper than 64 levels not entered/);
    expect(io.err()).toContain(
      `  ${Array.from({ length: 64 }, () => 'd').join('/')}/ (folder not entered)`,
    );
  });

  it('--json carries the same account - and exits 1', async () => {
    const io = fakeIo();
    expect(await main(['index', '--project', base, '--json'], io)).toBe(1);
    const stats = JSON.parse(io.out().trim()) as { incomplete?: { leftOut: string[] } };
    expect(stats.incomplete?.leftOut).toHaveLength(1);
  });
});
