// A project's folders read level after level: only the folders entered, an unreadable one passed over.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BreadthFirstFolders } from '../../../../src/main/core/sandbox/breadth-first-folders';

let root: string;

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-folders-')));
  mkdirSync(path.join(root, 'a', 'deep'), { recursive: true });
  mkdirSync(path.join(root, 'b'));
  writeFileSync(path.join(root, 'top.txt'), '');
  writeFileSync(path.join(root, 'a', 'deep', 'x.txt'), '');
  writeFileSync(path.join(root, 'b', 'y.txt'), '');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function read(walk: BreadthFirstFolders, enter: (relative: string) => boolean): string[][] {
  const seen: string[][] = [];
  for (const entries of walk.folders()) {
    seen.push(entries.map((e) => e.relative).sort());
    for (const { entry, relative } of entries)
      if (entry.isDirectory() && enter(relative)) walk.enter(relative);
  }
  return seen;
}

describe('BreadthFirstFolders', () => {
  it('every folder entered - read level after level, with root-relative paths', () => {
    const seen = read(new BreadthFirstFolders(root, ''), () => true);
    expect(seen[0]).toEqual(['a', 'b', 'top.txt']);
    expect(seen.slice(1, 3).sort()).toEqual([['a/deep'], ['b/y.txt']]);
    expect(seen[3]).toEqual(['a/deep/x.txt']);
  });

  it('a folder not entered - is not read', () => {
    expect(read(new BreadthFirstFolders(root, ''), (r) => r !== 'a')).toEqual([
      ['a', 'b', 'top.txt'],
      ['b/y.txt'],
    ]);
  });

  it('a start below the root - paths stay root-relative', () => {
    expect(read(new BreadthFirstFolders(root, 'a'), () => true)).toEqual([
      ['a/deep'],
      ['a/deep/x.txt'],
    ]);
  });

  it('a folder that cannot be read - is passed over', () => {
    const walk = new BreadthFirstFolders(root, 'missing');
    walk.enter('b');
    expect(read(walk, () => true)).toEqual([['b/y.txt']]);
  });

  it('unread - says whether entered folders still wait', () => {
    const walk = new BreadthFirstFolders(root, '');
    const first = walk.folders().next();
    expect(first.done).toBe(false);
    expect(walk.unread).toBe(false);
    walk.enter('a');
    expect(walk.unread).toBe(true);
  });
});
