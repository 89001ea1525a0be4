import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  DiagnosticsPort,
  ProposedFileChange,
} from '../../../../src/main/core/diagnostics/diagnostics-port';
import { GitReader } from '../../../../src/main/core/git/git-reader';
import { mergePreview } from '../../../../src/main/core/git/merge-preview';
import { evidence } from '../../../renderer/support/evidence';
import { git, makeRepo, testGitEnv, writeIn } from '../../../support/git-fixture';

let repo: string;
beforeEach(async () => {
  repo = await makeRepo({ 'a.ts': 'export const a = 1;\n', 'b.ts': 'export const b = 1;\n' });
});
afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
});

describe('mergePreview - what a branch would bring, checked before the merge', () => {
  it('the branch’s files are checked as the branch has them; one changed on both sides is named, not checked', async () => {
    git(repo, ['checkout', '-q', '-b', 'sluice/w']);
    await writeIn(repo, 'a.ts', 'export const a = 2;\n');
    await writeIn(repo, 'b.ts', 'export const b = 2;\n');
    await writeIn(repo, 'c.ts', 'export const c = 1;\n');
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-qm', 'work']);
    git(repo, ['checkout', '-q', 'main']);
    await writeIn(repo, 'b.ts', 'export const b = 3;\n');
    git(repo, ['commit', '-qam', 'main moved b']);
    const asked: ProposedFileChange[][] = [];
    const diagnostics = {
      checkChange: async (changes: readonly ProposedFileChange[]) => {
        asked.push([...changes]);
        return evidence({});
      },
    } as unknown as DiagnosticsPort;
    const opened = await GitReader.open(repo, testGitEnv());
    if (opened.kind !== 'repository') throw new Error('expected a repository');
    const preview = await mergePreview({ main: opened.reader, branch: 'sluice/w', diagnostics });
    expect(preview.files).toEqual(['a.ts', 'b.ts', 'c.ts']);
    expect(preview.bothChanged).toEqual(['b.ts']);
    expect(asked).toEqual([
      [
        { path: 'a.ts', after: 'export const a = 2;\n' },
        { path: 'c.ts', after: 'export const c = 1;\n' },
      ],
    ]);
    expect(preview.evidence?.state).toBe('checked');
  });
});
