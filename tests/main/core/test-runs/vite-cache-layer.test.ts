import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { viteCacheLayer } from '../../../../src/main/core/test-runs/vite-cache-layer';

let base: string | undefined;
afterEach(() => {
  if (base) rmSync(base, { recursive: true, force: true });
});

/** A project, a kept folder and two runs' layers, in a temp folder. */
function setting(nodeModules: 'folder' | 'link' | 'own-cache') {
  base = mkdtempSync(path.join(os.tmpdir(), 'sluice-vite-layer-'));
  const root = path.join(base, 'project');
  mkdirSync(root);
  if (nodeModules === 'link') {
    mkdirSync(path.join(base, 'shared-modules'));
    symlinkSync(path.join(base, 'shared-modules'), path.join(root, 'node_modules'));
  } else mkdirSync(path.join(root, 'node_modules'));
  if (nodeModules === 'own-cache') mkdirSync(path.join(root, 'node_modules', '.vite'));
  const said: string[] = [];
  const kept = path.join(base, 'home', 'vite');
  const layer = viteCacheLayer(root, kept, (d) => said.push(d));
  const run = (name: string, written: Record<string, string>): string => {
    const upper = path.join(base ?? '', name);
    for (const [file, text] of Object.entries(written)) {
      const full = path.join(upper, 'node_modules', '.vite', file);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, text);
    }
    return upper;
  };
  return { layer, kept, said, run };
}

const RESULTS = 'vitest/da39a3ee/results.json';

describe("vite's cache folder kept through the copy's layer", () => {
  it('viteCacheLayer - what a run wrote is laid into the next fresh layer', () => {
    const { layer, kept, run } = setting('folder');
    layer.keep(run('first', { [RESULTS]: '{"v":1}' }));
    expect(readFileSync(path.join(kept, RESULTS), 'utf8')).toBe('{"v":1}');
    const next = run('second', {});
    layer.lay(next);
    expect(readFileSync(path.join(next, 'node_modules', '.vite', RESULTS), 'utf8')).toBe('{"v":1}');
    // A later run's folder replaces the kept one whole.
    layer.keep(run('third', { 'deps/_metadata.json': '{}' }));
    expect(existsSync(path.join(kept, RESULTS))).toBe(false);
    expect(existsSync(path.join(kept, 'deps/_metadata.json'))).toBe(true);
  });

  it("viteCacheLayer - never over the person's own cache, nor through a linked node_modules", () => {
    for (const kind of ['own-cache', 'link'] as const) {
      const { layer, kept, run } = setting(kind);
      layer.keep(run('first', { [RESULTS]: '{}' }));
      expect(existsSync(kept)).toBe(false);
      const next = run('second', {});
      layer.lay(next);
      expect(existsSync(path.join(next, 'node_modules'))).toBe(false);
      rmSync(base ?? '', { recursive: true, force: true });
    }
  });

  it('viteCacheLayer - a run that wrote past the limit keeps nothing more and says so', () => {
    const { layer, kept, said, run } = setting('folder');
    layer.keep(run('first', { [RESULTS]: 'small' }));
    const many = Object.fromEntries(
      Array.from({ length: 5001 }, (_, i) => [`deps/chunk-${i}.js`, '']),
    );
    layer.keep(run('second', many));
    expect(readFileSync(path.join(kept, RESULTS), 'utf8')).toBe('small');
    expect(said).toEqual([
      "vitest's cache folder (node_modules/.vite) held more than 5000 files or 64 MB after the run: nothing more of it is kept",
    ]);
  });
});
