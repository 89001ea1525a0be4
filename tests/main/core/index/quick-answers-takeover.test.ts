// The index taking over from quick answers (issue 20): queries asked all through a cold build
// get the complete answer every time; the status says a quick search answered until the
// build ends; files a quick answer parsed warm the index without making it look complete.
import { afterEach, describe, expect, it } from 'vitest';
import { makeProject, type TestProject } from './index-test-project';
import type { SymbolIndex } from '../../../../src/main/core/index/symbol-index';
import type { DefinitionResult } from '../../../../src/main/core/index/definition-query';

const projects: TestProject[] = [];
afterEach(() => {
  for (const p of projects.splice(0)) p.cleanup();
});

/** 300 modules in a chain of imports, so a cold build takes a while on the calling thread. */
function chainProject(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < 300; i++) {
    const uses = i > 0 ? `import { f${i - 1} } from './m${i - 1}';\n` : '';
    files[`src/m${i}.ts`] =
      `${uses}export function f${i}(x: number): number { return x + ${i}; }\n` +
      `export class C${i} { run(): number { return f${i}(1); } }\n`;
  }
  return files;
}

/** What a tool does: a quick answer while there is one, else the index. */
async function ask(index: SymbolIndex, name: string): Promise<DefinitionResult | 'waited'> {
  const quick = index.quickAnswers();
  if (quick) {
    const answer = await quick.definitions(name);
    return answer.kind === 'wait' ? 'waited' : answer.value;
  }
  return index.findDefinition(name);
}

describe('quick answers - the index takes over', () => {
  it('every answer while the cold build runs, and after, is the complete one', async () => {
    const p = await makeProject(chainProject());
    projects.push(p);
    const reference = p.openIndex({ home: null });
    await reference.refresh();
    const names = ['f0', 'f150', 'C299.run', 'run', 'C7'];
    const expected = new Map(names.map((n) => [n, reference.findDefinition(n)]));

    const index = p.openIndex();
    const notices: string[][] = [];
    index.onStatus((s) => notices.push(s.notices ?? []));
    expect(index.hasCompleteBuild()).toBe(false);
    let done = false;
    const building = index.refresh().then(() => (done = true));
    let quickAnswers = 0;
    let afterDone = 0;
    for (let round = 0; afterDone < 2; round++) {
      if (done) afterDone++;
      const name = names[round % names.length] as string;
      if (index.quickAnswers()) quickAnswers++;
      const got = await ask(index, name);
      expect({ name, got }).toEqual({ name, got: expected.get(name) });
      await new Promise((r) => setTimeout(r, 5));
    }
    await building;
    expect(quickAnswers).toBeGreaterThan(0);
    expect(index.quickAnswers()).toBeUndefined();
    expect(index.status().notices ?? []).toEqual([]);
    expect(notices.some((n) => n.some((t) => /answered from a quick search/.test(t)))).toBe(true);
  });

  it('a quick answer warms the index; the next build completes it and resolves the warmed imports', async () => {
    const p = await makeProject(chainProject());
    projects.push(p);
    const first = p.openIndex();
    const answer = await first.quickAnswers()!.importers('src/m10.ts');
    expect(answer.kind).toBe('answer');
    await first.close();

    // Another process: the warmed files are there, but it is not a complete build.
    const second = p.openIndex();
    expect(second.hasFile('src/m11.ts')).toBe(true);
    expect(second.hasFile('src/m200.ts')).toBe(false);
    expect(second.hasCompleteBuild()).toBe(false);
    expect(second.quickAnswers()).toBeDefined();
    const summary = await second.refresh();
    expect(summary.parsed).toBeLessThan(300);
    expect(second.hasCompleteBuild()).toBe(true);
    expect(second.findImporters('src/m10.ts').map((i) => i.path)).toEqual(['src/m11.ts']);
    expect(second.findDefinitionFrom('f10', 'src/m11.ts').map((d) => d.path)).toEqual([
      'src/m10.ts',
    ]);
    await second.close();

    const third = p.openIndex();
    expect(third.hasCompleteBuild()).toBe(true);
    expect(third.quickAnswers()).toBeUndefined();
  });
});
