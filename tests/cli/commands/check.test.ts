// `sluice check` through main() with a fake io: a real project, the real diagnostics engine,
// a real change set in the app DB under SLUICE_HOME.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main';
import { detectFormat } from '../../../src/main/core/edits/text-format';
import { diffOfOverlayFile } from '../../../src/main/core/proposals/proposal-overlay';
import { openAppDatabase } from '../../../src/main/core/store/app-database';
import { createChangeSetRepository } from '../../../src/main/core/store/change-set-repository';
import { projectIdFor } from '../../../src/main/core/store/project-id';
import { sha256 } from '../../../src/main/core/workspace/content-hash';
import { proposalEvidenceSchema } from '../../../src/shared/diagnostics';
import { fakeCliIo } from '../../support/fake-cli-io';

const LONG = 120_000;
let base: string;
let proj: string;

const X = 'export function greet(name: string): string {\n  return name;\n}\n';
const APP = "import { greet } from './x';\n\nexport const hello = greet('a');\n";

function write(relative: string, text: string): void {
  const file = path.join(proj, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const fakeIo = () =>
  fakeCliIo({
    cwd: base,
    env: { SLUICE_HOME: path.join(base, 'home'), PATH: process.env.PATH ?? '' },
  });

beforeEach(() => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-cli-check-')));
  proj = path.join(base, 'proj');
  write(
    'tsconfig.json',
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        module: 'ESNext',
        moduleResolution: 'Bundler',
        target: 'ES2022',
      },
    }),
  );
  write('src/x.ts', X);
  write('src/app.ts', APP);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

function storeChangeSet(files: { path: string; text: string }[]): string {
  const db = openAppDatabase({ home: path.join(base, 'home') });
  try {
    const repo = createChangeSetRepository(db);
    const id = 'cs-test-1';
    repo.create({
      id,
      projectId: projectIdFor(proj),
      projectRoot: proj,
      conversationId: null,
      turnId: null,
      prompt: 'rename greet',
      model: 'claude-test',
      pid: process.pid,
      timeoutMs: 60_000,
      refines: null,
      createdAt: Date.now(),
    });
    for (const f of files) {
      const baseText = X;
      repo.saveFile(
        id,
        diffOfOverlayFile({
          path: f.path,
          isNewFile: false,
          baseHash: sha256(baseText),
          baseText,
          text: f.text,
          format: detectFormat(f.text),
          bytes: Buffer.from(f.text),
          changedAt: Date.now(),
        }),
      );
    }
    repo.finish(id, {
      status: 'proposed',
      reason: null,
      summary: 'done',
      usage: {
        inputTokens: 0,
        outputTokens: 0,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        costUsd: 0,
      },
    });
    return id;
  } finally {
    db.close();
  }
}

describe('sluice check', () => {
  it(
    '--project - prints each error as file:line:col  error CODE  message, exit 1; a clean project exits 0',
    async () => {
      write('src/bad.ts', "export const n: number = 'text';\n");
      const io = fakeIo();
      expect(await main(['check', '--project', 'proj'], io)).toBe(1);
      expect(io.out()).toContain(
        "src/bad.ts:1:14  error TS2322  Type 'string' is not assignable to type 'number'.\n",
      );
      expect(io.out()).toMatch(/TypeScript: checked 3 files in /);
      expect(io.out()).toContain('1 error.\n');
      rmSync(path.join(proj, 'src/bad.ts'));
      const clean = fakeIo();
      expect(await main(['check', '--project', 'proj', '--json'], clean)).toBe(0);
      const [result] = clean.lines() as {
        diagnostics: unknown[];
        languages: { language: string; state: string }[];
      }[];
      expect(result?.diagnostics).toEqual([]);
      expect(result?.languages).toEqual([
        expect.objectContaining({ language: 'typescript', state: 'checked' }),
      ]);
    },
    LONG,
  );

  it(
    '--project - tsconfigs that reference each other: TypeScript not checked in its words, exit 1, never a bare "No errors."',
    async () => {
      rmSync(path.join(proj, 'tsconfig.json'), { force: true });
      write(
        'tsconfig.json',
        JSON.stringify({ files: [], references: [{ path: './a' }, { path: './b' }] }),
      );
      write(
        'a/tsconfig.json',
        JSON.stringify({ compilerOptions: { composite: true }, references: [{ path: '../b' }] }),
      );
      write(
        'b/tsconfig.json',
        JSON.stringify({ compilerOptions: { composite: true }, references: [{ path: '../a' }] }),
      );
      write('a/x.ts', 'const b: string = 42;\nexport {};\n');
      const io = fakeIo();
      expect(await main(['check', '--project', 'proj'], io)).toBe(1);
      expect(io.out()).toMatch(
        /TypeScript: not checked \(TS6202: .*Project references may not form a circular graph/,
      );
      expect(io.out()).not.toContain('No file of a language Sluice can check was found.');
      expect(io.out()).not.toMatch(/^No errors\.$/m);
    },
    LONG,
  );

  it(
    '--proposal - prints what a change set introduces, exit 1; --json prints the evidence',
    async () => {
      const id = storeChangeSet([{ path: 'src/x.ts', text: X.replace('greet', 'welcome') }]);
      const io = fakeIo();
      expect(await main(['check', '--proposal', id], io)).toBe(1);
      expect(io.out()).toContain(`Change set ${id} introduces 1 error · fixes 0\n`);
      expect(io.out()).toContain(
        "  src/app.ts:1:10  error TS2305  Module '\"./x\"' has no exported member 'greet'.\n",
      );
      // An unambiguous start of the id, as `proposal show` takes it.
      const short = fakeIo();
      expect(await main(['check', '--proposal', id.slice(0, 8)], short)).toBe(1);
      expect(short.out()).toContain(`Change set ${id} introduces 1 error · fixes 0\n`);
      const json = fakeIo();
      expect(await main(['check', '--proposal', id, '--project', 'proj', '--json'], json)).toBe(1);
      const evidence = proposalEvidenceSchema.parse(json.lines()[0]);
      expect(evidence.introduced.map((d) => d.path)).toEqual(['src/app.ts']);
    },
    LONG,
  );

  it(
    '--proposal - lists every error a change set introduces, 62 of 62, where the model is pointed past 50',
    async () => {
      const broken = Array.from({ length: 62 }, (_, i) => `export const e${i + 1}: number = 'x';`);
      const id = storeChangeSet([{ path: 'src/x.ts', text: `${X}${broken.join('\n')}\n` }]);
      const io = fakeIo();
      expect(await main(['check', '--proposal', id], io)).toBe(1);
      expect(io.out()).toContain(`Change set ${id} introduces 62 errors · fixes 0\n`);
      const listed = io
        .out()
        .split('\n')
        .filter((l) => /^ {2}src\/x\.ts:\d+:14 {2}error TS2322/u.test(l));
      expect(listed).toHaveLength(62);
      expect(listed[61]).toContain('src/x.ts:65:14');
    },
    LONG,
  );

  it(
    'refuses usage errors with exit 2: a blank project, unknown set, bad timeout, set of another project',
    async () => {
      expect(await main(['check', '--project', ''], fakeIo())).toBe(2);
      expect(await main(['check', '--proposal', 'nope'], fakeIo())).toBe(2);
      expect(await main(['check', '--project', 'proj', '--timeout', '-1'], fakeIo())).toBe(2);
      const id = storeChangeSet([{ path: 'src/x.ts', text: X }]);
      mkdirSync(path.join(base, 'other'));
      const io = fakeIo();
      expect(await main(['check', '--proposal', id, '--project', 'other'], io)).toBe(2);
      expect(io.err()).toContain('belongs to');
    },
    LONG,
  );
});
