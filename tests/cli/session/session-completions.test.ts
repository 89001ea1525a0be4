import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectFileNames } from '../../../src/cli/session/project-file-names';
import { completionSources } from '../../../src/cli/session/session-completions';
import { Workspace } from '../../../src/main/core/workspace/workspace';

let root: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-mention-names-')));
  for (const file of [
    'README.md',
    'calc.py',
    'tests/__init__.py',
    'tests/test_calc.py',
    'docs/readme-extra.txt',
    'secrets/README.key',
    '.git/config',
    '.gitignore',
  ]) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), file === '.gitignore' ? 'secrets/\n' : 'x\n');
  }
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('project file names for @-mentions', () => {
  it('search - every listed file, not only code the index reads; ignored and .git files left out', async () => {
    const names = projectFileNames(await Workspace.open(root));
    expect(await names.search('READ', 8)).toEqual(['README.md', 'docs/readme-extra.txt']);
    expect(await names.search('tests/', 8)).toEqual(['tests/__init__.py', 'tests/test_calc.py']);
    expect(await names.search('config', 8)).toEqual([]);
    expect(await names.search('key', 8)).toEqual([]);
  });

  it('search - a file made during the session is found once the listing is stale', async () => {
    let now = 0;
    const names = projectFileNames(await Workspace.open(root), () => now);
    expect(await names.search('notes', 8)).toEqual([]);
    writeFileSync(path.join(root, 'notes.txt'), 'n\n');
    expect(await names.search('notes', 8)).toEqual([]);
    now = 60_000;
    expect(await names.search('notes', 8)).toEqual(['notes.txt']);
  });
});

describe('the session completions', () => {
  it('commands - /mode and /model say they change this session, as they do there', () => {
    const sources = completionSources(
      { workspace: { listFiles: () => Promise.reject(new Error('not listed')) } } as never,
      () => Promise.resolve([]),
    );
    const details = Object.fromEntries(sources.commands('mo').map((s) => [s.value, s.detail]));
    expect(details['/mode']).toBe('Set the approval mode for this session');
    expect(details['/model']).toBe('Show or set the model for this session');
  });
});
