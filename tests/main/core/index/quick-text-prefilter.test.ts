// The prefilter over real ripgrep: files with a kept line, read from ripgrep's output as it
// is printed (records split across chunks, multi-byte text cut inside a character), each
// told to onListed before the listing ends, ignored and non-code files never.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPrefilter } from '../../../../src/main/core/index/quick-text-prefilter';
import { locateBundledRipgrep } from '../../../../src/main/core/search/create-search-engine';
import { makeProject, type TestProject } from './index-test-project';

describe('runPrefilter', () => {
  let project: TestProject;
  let rg: string;
  beforeAll(async () => {
    const files: Record<string, string> = {
      '.gitignore': 'ignored/\n',
      'ignored/hidden.ts': 'export class Target {}\n',
      'notes.txt': 'class Target\n',
    };
    // Long lines with multi-byte text: ripgrep's output arrives in many chunks.
    const filler = 'é'.repeat(3000);
    for (let i = 0; i < 400; i++)
      files[`src/f${i}.ts`] =
        i % 2 ? `// ${filler} Target\n` : `export class Target${''} {} // ${filler}\n`;
    project = await makeProject(files);
    const located = await locateBundledRipgrep();
    if (!located) throw new Error('no ripgrep binary');
    rg = located;
  });
  afterAll(() => project.cleanup());

  it('keepLine - lists each file with a kept line, told to onListed as ripgrep prints it', async () => {
    const told: string[] = [];
    let resolved = false;
    const lines: string[] = [];
    const listing = runPrefilter({
      rgPath: rg,
      source: project.workspace,
      words: ['Target'],
      keepLine: (_path, line) => {
        lines.push(line);
        return line.startsWith('export class');
      },
      onListed: (file) => {
        expect(resolved).toBe(false);
        told.push(file);
      },
    });
    const result = await listing;
    resolved = true;
    const expected = Array.from({ length: 200 }, (_, i) => `src/f${i * 2}.ts`).sort();
    // Every file holds the word: all of them matched, half kept.
    expect(result).toEqual({ files: expected, matched: 400 });
    expect([...told].sort()).toEqual(expected);
    // Every line arrived whole, its multi-byte text intact.
    expect(lines).toHaveLength(400);
    expect(lines.every((line) => line.includes('é'.repeat(3000)))).toBe(true);
  });
});
