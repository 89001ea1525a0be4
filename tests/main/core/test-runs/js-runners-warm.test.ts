import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import {
  projectRunCaches,
  runCachesFolder,
  type RunCaches,
} from '../../../../src/main/core/test-runs/run-caches';
import {
  runPlanInCopy,
  type CopyRunResult,
} from '../../../../src/main/core/test-runs/test-copy-run';
import type { TestChange } from '../../../../src/main/core/test-runs/test-plan';
import { createTestRunService } from '../../../../src/main/core/test-runs/test-run-service';
import { createTestSelector } from '../../../../src/main/core/test-runs/test-selection';
import { tempProject, type TempProject } from './test-run-projects';
import { traceLog } from './test-run-trace-log';

const canRun = detectSandbox().available && detectCopySupport().available;

let project: TempProject | undefined;
afterEach(() => project?.cleanup());

const PRICE = `function discount(price, percent) { return price - (price * percent) / 100; }\nmodule.exports = { discount };\n`;
const BROKEN_PRICE = PRICE.replace('price -', 'price +');

function jestProject(): TempProject {
  return tempProject(
    {
      'package.json': JSON.stringify({ name: 'shop', scripts: { test: 'jest' } }),
      'src/price.js': PRICE,
      'src/label.js': `const { discount } = require('./price');\nmodule.exports = { label: (p) => 'now ' + discount(p, 10) };\n`,
      '__tests__/label.test.js': `const { label } = require('../src/label');\ntest('label shows the discounted price', () => { expect(label(100)).toBe('now 90'); });\n`,
    },
    true,
  );
}

const TOTAL = 'export function total(items) { return items.reduce((s, i) => s + i, 0); }\n';

function vitestProject(): TempProject {
  return tempProject(
    {
      'package.json': JSON.stringify({ name: 'shop', type: 'module', scripts: { test: 'vitest' } }),
      'vitest.config.js': 'export default { test: {} };\n',
      'src/total.ts': TOTAL,
      'tests/total.test.ts': `import { expect, test } from 'vitest';\nimport { total } from '../src/total';\ntest('total adds', () => { expect(total([2, 3])).toBe(5); });\n`,
      // Passes only when vitest's cache folder was there before the run wrote it.
      'tests/kept.test.ts': `import { existsSync } from 'node:fs';\nimport { expect, test } from 'vitest';\nimport { total } from '../src/total';\ntest('results were kept', () => { expect(total([]) === 0 && existsSync('node_modules/.vite/vitest')).toBe(true); });\n`,
    },
    true,
  );
}

/** Runs the plan that `change` selects in a fresh copy, with `files` laid over. */
function copyRunner(root: string, change: TestChange, caches: RunCaches, copies: string) {
  const plan = createTestSelector()({ root, changes: [change] }).plans[0];
  if (!plan) throw new Error('no plan');
  return (files: readonly TestChange[]): Promise<CopyRunResult> =>
    runPlanInCopy({
      root,
      plan,
      files,
      sandbox: detectSandbox(),
      copiesDir: copies,
      timeoutMs: 120_000,
      signal: new AbortController().signal,
      hidden: [path.dirname(copies)],
      caches,
    });
}

const statuses = (r: CopyRunResult) =>
  r.kind === 'ran' ? r.outcomes.map((o) => `${o.name}: ${o.status}`).sort() : r;

/** Every file under `dir`, relative. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe.skipIf(!canRun)('javascript runners kept warm between test runs', () => {
  it('jest cache - the second run finds the folder filled; a changed file is transformed anew, never served stale', async () => {
    project = jestProject();
    const caches = projectRunCaches(project.home, project.root);
    const folder = path.join(runCachesFolder(project.home, project.root), 'jest');
    const run = copyRunner(
      project.root,
      { path: 'src/price.js', after: PRICE },
      caches,
      path.join(project.home, 'test-copies'),
    );
    const pass = ['label shows the discounted price: passed'];
    const fail = ['label shows the discounted price: failed'];
    expect(statuses(await run([]))).toEqual(pass);
    const first = filesUnder(folder);
    expect(first.some((f) => f.startsWith('jest-transform-cache-'))).toBe(true);
    expect(first.some((f) => f.startsWith('haste-map-'))).toBe(true);
    expect(statuses(await run([]))).toEqual(pass);
    // Nothing transformed again: every transform came from the cache.
    const transforms = (list: string[]) =>
      list.filter((f) => f.startsWith('jest-transform-cache-'));
    expect(transforms(filesUnder(folder))).toEqual(transforms(first));
    // The proposed text is transformed anew and its behaviour seen...
    expect(statuses(await run([{ path: 'src/price.js', after: BROKEN_PRICE }]))).toEqual(fail);
    const added = transforms(filesUnder(folder)).filter((f) => !first.includes(f));
    expect(added.map((f) => path.basename(f).replace(/_[0-9a-f]+/u, ''))).toEqual([
      'price',
      'price.map',
    ]);
    // ...and so is a change on disk; the disk's text again passes.
    project.write('src/price.js', BROKEN_PRICE);
    expect(statuses(await run([]))).toEqual(fail);
    project.write('src/price.js', PRICE);
    expect(statuses(await run([]))).toEqual(pass);
  }, 240_000);

  it('vitest cache - the second run in a fresh copy finds the results the first kept; a changed file behaves as changed', async () => {
    project = vitestProject();
    const caches = projectRunCaches(project.home, project.root);
    const kept = path.join(runCachesFolder(project.home, project.root), 'vite');
    const run = copyRunner(
      project.root,
      { path: 'src/total.ts', after: TOTAL },
      caches,
      path.join(project.home, 'test-copies'),
    );
    expect(statuses(await run([]))).toEqual(['results were kept: failed', 'total adds: passed']);
    expect(filesUnder(kept).some((f) => f.endsWith('results.json'))).toBe(true);
    expect(statuses(await run([]))).toEqual(['results were kept: passed', 'total adds: passed']);
    const broken = TOTAL.replace('s + i', 's - i');
    expect(statuses(await run([{ path: 'src/total.ts', after: broken }]))).toEqual([
      'results were kept: passed',
      'total adds: failed',
    ]);
    // The person's project holds no cache of ours.
    expect(existsSync(path.join(project.root, 'node_modules', '.vite'))).toBe(false);
  }, 240_000);

  it('cache folders - each project has its own', () => {
    project = tempProject({ 'a/package.json': '{}', 'b/package.json': '{}' });
    const [a, b] = ['a', 'b'].map((name) => {
      const root = path.join(project?.root ?? '', name);
      return projectRunCaches(project?.home ?? '', root).prepare(
        path.join(project?.home ?? '', `upper-${name}`),
        [],
        'jest',
      );
    });
    expect(a?.args[0]).toMatch(/^--cacheDirectory=/u);
    expect(a?.writable).toHaveLength(1);
    expect(a?.args[0]).toBe(`--cacheDirectory=${a?.writable[0] ?? ''}`);
    expect(a?.writable[0]).not.toBe(b?.writable[0]);
    expect(runCachesFolder(project.home, path.join(project.root, 'a'))).not.toBe(
      runCachesFolder(project.home, path.join(project.root, 'b')),
    );
  });

  it('unwritable SLUICE_HOME - jest and vitest run cold with the right verdict, and the trace says why', async () => {
    for (const make of [jestProject, vitestProject]) {
      project = make();
      // No folder can be made under SLUICE_HOME/cache: it is a file.
      writeFileSync(path.join(project.home, 'cache'), 'not a folder');
      const trace = traceLog(project.root);
      const jest = make === jestProject;
      const service = createTestRunService({ root: project.root, home: project.home });
      const verdict = await service.verdict({
        changes: jest
          ? [{ path: 'src/price.js', after: BROKEN_PRICE, before: PRICE }]
          : [{ path: 'src/total.ts', after: TOTAL.replace('s + i', 's * i'), before: TOTAL }],
        deadlineMs: 120_000,
      });
      service.dispose();
      trace.stop();
      expect(verdict.state).toBe('failed');
      expect(verdict.newlyFailing.map((f) => f.name)).toEqual([
        jest ? 'label shows the discounted price' : 'total adds',
      ]);
      const said = trace.events.flatMap((e) => (e.type === 'cache' ? [e.detail] : []));
      expect(said[0]).toMatch(
        jest
          ? /^no cache folder could be made at .*jest \(.*\); this run starts cold$/u
          : /^vitest's cache folder could not be kept at .*vite \(.*\); the next run starts without it$/u,
      );
      project.cleanup();
      project = undefined;
    }
  }, 360_000);
});
