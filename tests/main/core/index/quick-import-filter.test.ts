// The quick importers' filter before the parse (issue 30 item 5): the strings it tries as
// module specifiers, and which files it lets through to the index's parse.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createImportFilter,
  specifierCandidates,
} from '../../../../src/main/core/index/quick-import-filter';
import { buildProjectResolver } from '../../../../src/main/core/index/project-resolver';
import { makeProject, type TestProject } from './index-test-project';

let project: TestProject | undefined;
afterEach(() => project?.cleanup());

const DOTS = /['"`](?:\.\.?\/)*\.\.?\/?['"`]/;

describe('quick import filter', () => {
  it('specifierCandidates - every string around a word, whatever quotes come before it on the line', () => {
    const text = [
      "const s = \"it's\"; import('./options');",
      'const t = `./options/x`; // options in a comment',
      "export * from '.';",
      "import '../';",
    ].join('\n');
    const found = specifierCandidates(text, ['options'], [DOTS]);
    expect(found).toContain('./options');
    expect(found).toContain('./options/x');
    expect(found).toContain('.');
    expect(found).toContain('../');
    // A word outside any string on its line gives nothing; nor does one inside a longer word,
    // which no specifier naming the file holds (the prefilter asks for it whole).
    expect([...found].some((c) => c.includes('comment'))).toBe(false);
    expect(specifierCandidates("const k = 'optionsTable';", ['options'], [])).toEqual(new Set());
  });

  it('mayImport - a file whose strings resolve to a searched file, or that cannot be read here', async () => {
    project = await makeProject({
      'src/options.ts': 'export const o = 1;\n',
      'src/uses.ts': "import { o } from './options';\nexport const u = o;\n",
      'src/mentions.ts': "export const m = 'options';\nexport const p = '../lib/options';\n",
      'lib/options.ts': 'export const l = 1;\n',
    });
    const files = ['src/options.ts', 'src/uses.ts', 'src/mentions.ts', 'lib/options.ts'];
    const resolver = buildProjectResolver(project.dir, files, 1024 * 1024);
    const options = {
      root: project.dir,
      maxFileBytes: 1024 * 1024,
      resolve: (from: string, specifier: string) => resolver.resolve(from, specifier),
    };
    const filter = createImportFilter(options);
    const search = { words: ['options'], patterns: [DOTS], searched: new Set(['src/options.ts']) };
    expect(filter.mayImport('src/uses.ts', search)).toBe(true);
    // It names lib/options.ts, which is not searched.
    expect(filter.mayImport('src/mentions.ts', search)).toBe(false);
    expect(
      filter.mayImport('src/mentions.ts', { ...search, searched: new Set(['lib/options.ts']) }),
    ).toBe(true);
    // Over the size limit, or gone: the parse job decides, as before.
    const small = createImportFilter({ ...options, maxFileBytes: 4 });
    expect(small.mayImport('src/mentions.ts', search)).toBe(true);
    expect(filter.mayImport('src/gone.ts', search)).toBe(true);
    // A file is read once per quick search: a fresh filter sees the new text.
    writeFileSync(path.join(project.dir, 'src/mentions.ts'), "export * from './options';\n");
    expect(filter.mayImport('src/mentions.ts', search)).toBe(false);
    expect(createImportFilter(options).mayImport('src/mentions.ts', search)).toBe(true);
  });
});
