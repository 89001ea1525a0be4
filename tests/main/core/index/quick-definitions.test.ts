// Quick definitions through the definition-line filter: for every form under which the index
// records a definition (quick-definition-forms.ts), in all five languages, the quick answer
// is the complete index's, read from the defining file alone (the file that only uses every
// name is not parsed); a name that a thousand files use and one defines is answered, not
// left to the index; `default` still goes by the words; a plain name files use and none
// defines is answered as a miss with how many use it, one nothing uses waits for the index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject, type TestProject } from './index-test-project';
import type { SymbolIndex } from '../../../../src/main/core/index/symbol-index';
import type { QuickAnswers } from '../../../../src/main/core/index/quick-answers';
import { LANGUAGE_FORMS, formFile } from './quick-definition-forms';

describe.each(LANGUAGE_FORMS)('quick definitions - $language forms', (language) => {
  let project: TestProject;
  let full: SymbolIndex;
  let quick: QuickAnswers;
  beforeAll(async () => {
    const files: Record<string, string> = {
      [`src/use.${language.extension}`]: language.uses(language.forms.map((f) => f.name)),
      // What destructuring forms take apart.
      'src/source.ts':
        'declare const src: any;\ndeclare function f(a: number, b: number): number;\n',
    };
    language.forms.forEach((form, i) => {
      files[`src/forms/f${i}.${language.extension}`] = formFile(language, form);
    });
    project = await makeProject(files);
    full = project.openIndex({ home: null });
    await full.refresh();
    const cold = project.openIndex({ home: null });
    const answers = cold.quickAnswers();
    if (!answers) throw new Error('a never-built index offered no quick answers');
    quick = answers;
  }, 60_000);
  afterAll(() => project.cleanup());

  it.each(language.forms)('$form - answered from its file as the index answers', async (form) => {
    const expected = full.findDefinition(form.name);
    const defining = new Set(expected.definitions.map((d) => d.path));
    expect({ name: form.name, defining: [...defining] }).toEqual({
      name: form.name,
      defining: [expect.stringMatching(/^src\/forms\//)],
    });
    const answer = await quick.definitions(form.name);
    expect({ name: form.name, answer }).toEqual({
      name: form.name,
      answer: { kind: 'answer', value: expected, parsed: 1 },
    });
  });
});

describe('quick definitions - frequent and special names', () => {
  it('a name a thousand files use and one defines: answered from that file, as the index answers', async () => {
    const files: Record<string, string> = {
      'src/widget.ts': 'export class Widget {\n  static count = 0;\n}\n',
    };
    for (let i = 0; i < 1000; i++)
      files[`src/uses/u${i}.ts`] = [
        "import { Widget } from '../widget';",
        `export const w${i}: Widget = new Widget();`,
        `export function f${i}(a: number, w: Widget): Widget[] { return [w]; }`,
        'Widget.count++;',
      ].join('\n');
    const project = await makeProject(files);
    try {
      const full = project.openIndex({ home: null });
      await full.refresh();
      const expected = full.findDefinition('Widget');
      expect(expected.definitions.map((d) => d.path)).toEqual(['src/widget.ts']);
      const quick = project.openIndex({ home: null }).quickAnswers();
      expect(await quick?.definitions('Widget')).toEqual({
        kind: 'answer',
        value: expected,
        parsed: 1,
      });
    } finally {
      project.cleanup();
    }
  }, 120_000);

  it('default, defined by `export =` without the word: the quick answer is the index answer', async () => {
    const project = await makeProject({
      'src/a.ts': 'const a = 1;\nexport = a;\n',
      'src/b.ts': 'export default function b(): void {}\n',
      'src/c.ts': "import b from './b';\nb();\n",
    });
    try {
      const full = project.openIndex({ home: null });
      await full.refresh();
      const expected = full.findDefinition('default');
      expect(expected.definitions.map((d) => d.path).sort()).toEqual(['src/a.ts', 'src/b.ts']);
      const quick = project.openIndex({ home: null }).quickAnswers();
      const answer = await quick?.definitions('default');
      // c.ts holds neither word: a.ts and b.ts are read.
      expect(answer).toEqual({ kind: 'answer', value: expected, parsed: 2 });
    } finally {
      project.cleanup();
    }
  });

  it('a name files use and none defines: a miss, with how many use it, as the index finds none', async () => {
    const project = await makeProject({
      'src/a.ts': "import { injectable } from 'inversify';\n@injectable()\nexport class A {}\n",
      'src/b.ts':
        "import {\n  injectable,\n} from 'inversify';\n@injectable()\nexport class B {}\n",
      'src/c.js': "const inv = require('inversify');\nmodule.exports = inv.injectable;\n",
      'src/d.ts': 'export const other = 1;\n',
    });
    try {
      const full = project.openIndex({ home: null });
      await full.refresh();
      expect(full.findDefinition('injectable').definitions).toEqual([]);
      const quick = project.openIndex({ home: null }).quickAnswers();
      expect(await quick?.definitions('injectable')).toEqual({
        kind: 'answer',
        value: { definitions: [], suggestions: [], usedIn: 3 },
        // The import list broken over lines (b.ts) is read to be sure.
        parsed: expect.any(Number),
      });
      // With a kind, or for a name no file uses (a typo: similar names), the index answers.
      expect((await quick?.definitions('injectable', 'class'))?.kind).toBe('wait');
      expect((await quick?.definitions('injectabel'))?.kind).toBe('wait');
      // `default` is searched with `export` too: files holding either are no count of its uses.
      expect(full.findDefinition('default').definitions).toEqual([]);
      expect((await quick?.definitions('default'))?.kind).toBe('wait');
    } finally {
      project.cleanup();
    }
  });
});
