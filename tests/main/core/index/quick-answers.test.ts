// Quick answers before the index (issue 20): in never-indexed projects of all five languages
// they equal the complete index's answers; barrel chains and renamed re-exports answer right
// or say partial; ignore rules hold; no wrong answer while the index takes over.
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject, type TestProject } from './index-test-project';
import type { QuickAnswer } from '../../../../src/main/core/index/quick-answer';
import type { SymbolIndex } from '../../../../src/main/core/index/symbol-index';

const projects: TestProject[] = [];
afterEach(() => {
  for (const p of projects.splice(0)) p.cleanup();
});

async function project(files: Record<string, string> | string): Promise<TestProject> {
  const p = await makeProject(files);
  projects.push(p);
  return p;
}

/** A complete in-memory index and a never-built one over the same files. */
async function completeAndCold(p: TestProject): Promise<{ full: SymbolIndex; cold: SymbolIndex }> {
  const full = p.openIndex({ home: null });
  await full.refresh();
  const cold = p.openIndex({ home: null });
  return { full, cold };
}

function answerOf<T>(answer: QuickAnswer<T>): T {
  if (answer.kind !== 'answer')
    throw new Error(`expected an answer, got ${JSON.stringify(answer)}`);
  return answer.value;
}

describe.each([
  ['TypeScript', 'constructs'],
  ['Python', 'languages/python'],
  ['Go', 'languages/go'],
  ['Rust', 'languages/rust'],
  ['Java', 'languages/java'],
])('quick answers - %s', (_language, fixture) => {
  it('every name and every file: the quick answer is the complete index answer', async () => {
    const p = await project(fixture);
    const { full, cold } = await completeAndCold(p);
    const quick = cold.quickAnswers();
    expect(quick).toBeDefined();
    const files = full.searchFiles('', 10_000);
    expect(files.length).toBeGreaterThan(2);
    const names = new Set(files.flatMap((f) => full.outline(f).map((d) => d.name)));
    for (const name of names) {
      const expected = full.findDefinition(name);
      const answer = await quick!.definitions(name);
      // A miss waits for the index (similar names need it), or says how many files use the
      // name; a hit is the index's answer.
      if (answer.kind === 'wait' || answerOf(answer).usedIn)
        expect({ name, found: expected.definitions }).toEqual({ name, found: [] });
      else expect({ name, ...answerOf(answer) }).toEqual({ name, ...expected });
    }
    for (const file of files) {
      expect({ file, importers: answerOf(await quick!.importers(file)) }).toEqual({
        file,
        importers: full.findImporters(file),
      });
      for (const d of full.outline(file).filter((s) => s.exported && !s.name.includes('.'))) {
        const target = `${file}#${d.name}`;
        expect({ target, importers: answerOf(await quick!.importers(target)) }).toEqual({
          target,
          importers: full.findImporters(target),
        });
      }
    }
  });
});

describe('quick answers - barrels, renames and limits', () => {
  const barrels = {
    'src/deep/impl.ts': 'export function hidden(): number { return 1; }\nexport const other = 2;\n',
    'src/deep/index.ts': "export * from './impl';\n",
    'src/index.ts': "export * from './deep';\n",
    'src/app.ts': "import { hidden } from '.';\nexport const v = hidden();\n",
    'src/lib/core.ts':
      'export function original(): void {}\nfunction local(): void {}\nexport { local as alias };\n',
    'src/lib/index.ts': "export { original as renamed } from './core';\n",
    'src/use.ts': "import { renamed, alias } from './lib';\nrenamed();\nalias();\n",
    'src/lib/more.ts': "import { alias } from './core';\nexport { alias as aliasAgain };\n",
  };

  it('a name defined only behind a barrel chain: its definition and its importers through the chain', async () => {
    const p = await project(barrels);
    const { full, cold } = await completeAndCold(p);
    const quick = cold.quickAnswers()!;
    expect(answerOf(await quick.definitions('hidden'))).toEqual(full.findDefinition('hidden'));
    const importers = answerOf(await quick.importers('src/deep/impl.ts#hidden'));
    expect(importers).toEqual(full.findImporters('src/deep/impl.ts#hidden'));
    expect(importers.map((i) => [i.path, i.via])).toContainEqual([
      'src/app.ts',
      ['src/index.ts', 'src/deep/index.ts'],
    ]);
  });

  it('a name re-exported under another name: answered right, or left to the index', async () => {
    const p = await project(barrels);
    const { full, cold } = await completeAndCold(p);
    const quick = cold.quickAnswers()!;
    // `export { local as alias }` is a definition of alias in the index: so it is here.
    expect(answerOf(await quick.definitions('alias'))).toEqual(full.findDefinition('alias'));
    // `export { original as renamed } from` declares nothing: a miss, with the files using it.
    expect(full.findDefinition('renamed').definitions).toEqual([]);
    expect(await quick.definitions('renamed')).toEqual({
      kind: 'answer',
      value: { definitions: [], suggestions: [], usedIn: 2 },
      parsed: 1,
    });
    for (const target of ['src/lib/core.ts#original', 'src/lib/core.ts#local', 'src/lib/core.ts'])
      expect(answerOf(await quick.importers(target))).toEqual(full.findImporters(target));
  });

  it('importers named in strings the parse is skipped for: the same answer as the index, from fewer files', async () => {
    // Every form of module reference, each in a file whose other strings name the target's
    // words too; and files that only mention them (a message, another folder's options.ts).
    const p = await project({
      'src/options.ts':
        'export interface Options { strict: boolean }\nexport const defaults = 1;\n',
      'src/index.ts': "export * from './options';\n",
      'src/a.ts': "const s = \"it's\"; import('./options').then(() => s);\n",
      'src/b.ts': "import type { Options } from './options.js';\nexport type B = Options;\n",
      'src/c.js': 'const o = require(`./options`);\nmodule.exports = o;\n',
      'src/d.ts': "import { defaults } from '.';\nexport const d = defaults;\n",
      'src/e.ts': "import x = require('./options');\nexport const e = x;\n",
      'src/f.ts': "declare module 'ext' { export * from './options'; }\n",
      'src/g.ts':
        "export const message = 'see the options page';\nexport const other = './options';\n",
      'lib/options.ts': 'export const elsewhere = 1;\n',
      'lib/use.ts': "import { elsewhere } from './options';\nexport const u = elsewhere;\n",
    });
    const { full, cold } = await completeAndCold(p);
    for (const target of ['src/options.ts', 'src/options.ts#defaults', 'lib/options.ts']) {
      const answer = await cold.quickAnswers()!.importers(target);
      expect(answer.kind).toBe('answer');
      if (answer.kind !== 'answer') return;
      expect(answer.value).toEqual(full.findImporters(target));
    }
    const quick = await cold.quickAnswers()!.importers('lib/options.ts');
    // lib/options.ts and its one importer; none of the src/ files that only name "options".
    expect(quick.kind === 'answer' && quick.parsed).toBe(2);
  });

  it('a re-export chain longer than the quick search follows says partial, with no wrong importer', async () => {
    const files: Record<string, string> = { 'src/b0.ts': 'export const deepest = 1;\n' };
    for (let i = 1; i <= 15; i++) files[`src/b${i}.ts`] = `export * from './b${i - 1}';\n`;
    files['src/top.ts'] = "import { deepest } from './b15';\nexport const t = deepest;\n";
    const p = await project(files);
    const { full, cold } = await completeAndCold(p);
    const answer = await cold.quickAnswers()!.importers('src/b0.ts#deepest');
    expect(answer.kind).toBe('partial');
    if (answer.kind !== 'partial') return;
    expect(answer.why).toMatch(/re-export chain longer than/);
    const complete = full.findImporters('src/b0.ts#deepest');
    expect(answer.value.length).toBeLessThan(complete.length);
    for (const importer of answer.value) expect(complete).toContainEqual(importer);
  });

  it('ignore rules hold as in the index: .gitignore and nested .sluiceignore', async () => {
    const p = await project({
      '.gitignore': 'gen/\n',
      'src/.sluiceignore': 'secret.ts\n',
      'src/a.ts': 'export function shared(): void {}\n',
      'gen/b.ts': 'export function shared(): void {}\n',
      'src/secret.ts': "export function shared(): void {}\nimport './a';\n",
      'src/c.ts': "import { shared } from './a';\n",
    });
    const { full, cold } = await completeAndCold(p);
    const quick = cold.quickAnswers()!;
    const defs = answerOf(await quick.definitions('shared'));
    expect(defs).toEqual(full.findDefinition('shared'));
    expect(defs.definitions.map((d) => d.path)).toEqual(['src/a.ts']);
    expect(answerOf(await quick.importers('src/a.ts'))).toEqual(full.findImporters('src/a.ts'));
    expect((await quick.importers('gen/b.ts')).kind).toBe('wait');
  });

  it('without ripgrep every quick answer waits for the index', async () => {
    const p = await project(barrels);
    const cold = p.openIndex({ home: null, locateRipgrep: () => Promise.resolve(null) });
    const answer = await cold.quickAnswers()!.definitions('hidden');
    expect(answer).toEqual({ kind: 'wait', why: 'ripgrep is not available' });
  });
});
