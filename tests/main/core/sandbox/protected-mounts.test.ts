// The protected paths a sandbox re-binds read-only: found at any depth, outermost only,
// node_modules skipped, and a bounded walk says when it stopped early.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findProtectedPaths } from '../../../../src/main/core/sandbox/protected-mounts';

let root: string;

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-protected-')));
  mkdirSync(path.join(root, '.git', 'hooks'), { recursive: true });
  mkdirSync(path.join(root, 'pkg', 'sub'), { recursive: true });
  mkdirSync(path.join(root, 'node_modules', 'dep'), { recursive: true });
  writeFileSync(path.join(root, '.env'), 'KEY=1\n');
  writeFileSync(path.join(root, 'pkg', 'sub', '.env.local'), 'KEY=2\n');
  writeFileSync(path.join(root, 'node_modules', 'dep', '.env'), 'KEY=3\n');
  writeFileSync(path.join(root, 'pkg', 'index.ts'), '');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('findProtectedPaths', () => {
  it('a whole walk - every protected path outside node_modules, outermost only', () => {
    const scan = findProtectedPaths(root);
    expect(scan.incomplete).toBe(false);
    expect([...scan.paths].sort()).toEqual(
      [
        path.join(root, '.env'),
        path.join(root, '.git'),
        path.join(root, 'pkg/sub/.env.local'),
      ].sort(),
    );
  });

  it('a walk past its bound - stops after a folder, keeps the root entries, says it is incomplete', () => {
    const scan = findProtectedPaths(root, 1);
    expect(scan.incomplete).toBe(true);
    expect([...scan.paths].sort()).toEqual(
      [path.join(root, '.env'), path.join(root, '.git')].sort(),
    );
  });
});
