// code-cache: a CommonJS module loads through a V8 code cache that is written once and read
// afterwards; a missing, corrupt or rejected cache is an ordinary load, never an error.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  codeCacheFile,
  MAX_CACHE_FILES,
  requireWithCodeCache,
} from '../../../../src/main/core/index/code-cache';

interface Fixture {
  twice(n: number): number;
  readonly requiredPath: string;
  readonly self: string;
}

let dir: string;
let moduleFile: string;
let cacheDir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sluice-code-cache-'));
  moduleFile = path.join(dir, 'lib', 'fixture.cjs');
  cacheDir = path.join(dir, 'cache');
  writeFileSync(path.join(dir, 'helper.cjs'), 'module.exports = { join: (a, b) => a + b };\n');
  mkdirSync(path.join(dir, 'lib'));
  writeFileSync(
    moduleFile,
    [
      "const path = require('node:path');",
      "const helper = require('../helper.cjs');",
      'function twice(n) { return helper.join(n, n); }',
      'module.exports = { twice, requiredPath: path.sep, self: __filename };',
      '',
    ].join('\n'),
  );
});

afterEach(() => {
  forget();
  rmSync(dir, { recursive: true, force: true });
});

/** Drops the fixture from Node's module cache, as a new process would start. */
function forget(): void {
  const cache = createRequire(moduleFile).cache;
  delete cache[moduleFile];
  delete cache[path.join(dir, 'helper.cjs')];
}

function load(): ReturnType<typeof requireWithCodeCache<Fixture>> {
  forget();
  return requireWithCodeCache<Fixture>(moduleFile, cacheDir, 'fixture-1.0.0');
}

function cacheFiles(): string[] {
  return existsSync(cacheDir) ? readdirSync(cacheDir) : [];
}

describe('requireWithCodeCache', () => {
  it('requireWithCodeCache - compiles from source first, writes the cache, then loads from it', () => {
    const first = load();
    expect(first.exports.twice(21)).toBe(42);
    expect(first.exports.self).toBe(moduleFile);
    expect(first.state()).toBe('missing');
    expect(first.save()).toBe(true);
    expect(first.state()).toBe('saved');
    expect(first.save()).toBe(false);
    expect(cacheFiles()).toEqual([
      path.basename(codeCacheFile(moduleFile, cacheDir, 'fixture-1.0.0')),
    ]);
    expect(cacheFiles()[0]).toMatch(/^fixture-1\.0\.0-[0-9a-f]{16}\.v8cache$/);

    const second = load();
    expect(second.state()).toBe('accepted');
    expect(second.exports.twice(2)).toBe(4);
    expect(second.save()).toBe(false);
  });

  it('requireWithCodeCache - saving keeps only the newest caches (old compiler or Node builds go)', () => {
    mkdirSync(cacheDir, { recursive: true });
    const stale = Array.from(
      { length: MAX_CACHE_FILES + 2 },
      (_, i) => `typescript-old-${i}.v8cache`,
    );
    stale.forEach((name, i) => {
      const file = path.join(cacheDir, name);
      writeFileSync(file, 'old');
      utimesSync(file, 1_000 + i, 1_000 + i);
    });
    writeFileSync(path.join(cacheDir, 'notes.txt'), 'not a cache');
    expect(load().save()).toBe(true);
    const kept = cacheFiles().filter((name) => name.endsWith('.v8cache'));
    expect(kept).toHaveLength(MAX_CACHE_FILES);
    expect(kept).toContain(path.basename(codeCacheFile(moduleFile, cacheDir, 'fixture-1.0.0')));
    // The newest of the old ones stay; the oldest went.
    expect(kept).toContain(stale[stale.length - 1]);
    expect(kept).not.toContain(stale[0]);
    expect(cacheFiles()).toContain('notes.txt');
  });

  it('requireWithCodeCache - registers the module so a plain require gets the same copy', () => {
    const loaded = load();
    const plain = createRequire(moduleFile)(moduleFile) as Fixture;
    expect(plain).toBe(loaded.exports);
    const again = requireWithCodeCache<Fixture>(moduleFile, cacheDir, 'fixture-1.0.0');
    expect(again.exports).toBe(loaded.exports);
    expect(again.state()).toBe('off');
  });

  it('requireWithCodeCache - a corrupt or truncated cache file is ignored and rewritten', () => {
    load().save();
    const file = codeCacheFile(moduleFile, cacheDir, 'fixture-1.0.0');
    const good = readFileSync(file);
    for (const bad of [
      Buffer.from('garbage'),
      good.subarray(0, good.length - 7),
      Buffer.alloc(0),
    ]) {
      writeFileSync(file, bad);
      const loaded = load();
      expect(loaded.exports.twice(3)).toBe(6);
      expect(loaded.state()).toBe('missing');
      expect(loaded.save()).toBe(true);
      expect(load().state()).toBe('accepted');
    }
  });

  it('requireWithCodeCache - a cache V8 rejects (intact digest, foreign payload) loads from source and is rewritten', () => {
    const file = codeCacheFile(moduleFile, cacheDir, 'fixture-1.0.0');
    const payload = Buffer.alloc(4096, 7);
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(file, Buffer.concat([createHash('sha1').update(payload).digest(), payload]));
    const loaded = load();
    expect(loaded.state()).toBe('rejected');
    expect(loaded.exports.twice(5)).toBe(10);
    expect(loaded.save()).toBe(true);
    expect(load().state()).toBe('accepted');
  });

  it('codeCacheFile - a changed module file reads another cache file', () => {
    const before = codeCacheFile(moduleFile, cacheDir, 'fixture-1.0.0');
    utimesSync(moduleFile, new Date(2001, 1, 1), new Date(2001, 1, 1));
    const touched = codeCacheFile(moduleFile, cacheDir, 'fixture-1.0.0');
    expect(touched).not.toBe(before);
    writeFileSync(moduleFile, `${readFileSync(moduleFile, 'utf8')}// more\n`);
    expect(codeCacheFile(moduleFile, cacheDir, 'fixture-1.0.0')).not.toBe(touched);
    expect(path.basename(codeCacheFile(moduleFile, cacheDir, 'a/b:c'))).toMatch(/^a_b_c-/);
  });

  it('requireWithCodeCache - an unwritable cache folder loads normally and save says false', () => {
    const blocker = path.join(dir, 'not-a-folder');
    writeFileSync(blocker, 'x');
    forget();
    const loaded = requireWithCodeCache<Fixture>(
      moduleFile,
      path.join(blocker, 'cache'),
      'fixture',
    );
    expect(loaded.exports.twice(1)).toBe(2);
    expect(loaded.state()).toBe('missing');
    expect(loaded.save()).toBe(false);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('requireWithCodeCache - without a folder, a plain require', () => {
    forget();
    const loaded = requireWithCodeCache<Fixture>(moduleFile, undefined, '');
    expect(loaded.exports.twice(4)).toBe(8);
    expect(loaded.state()).toBe('off');
    expect(loaded.save()).toBe(false);
    expect(cacheFiles()).toEqual([]);
  });

  it('requireWithCodeCache - a module that throws while loading throws as require does, and is not kept', () => {
    writeFileSync(moduleFile, "throw new Error('broken module');\n");
    expect(() => load()).toThrow('broken module');
    expect(createRequire(moduleFile).cache[moduleFile]).toBeUndefined();
  });
});
