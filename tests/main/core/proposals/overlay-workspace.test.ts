import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProposal, ABSENT_FILE_HASH, sha256 } from '../../../../src/main/core/edits/proposal';
import { detectFormat } from '../../../../src/main/core/edits/text-format';
import { OverlayWorkspace } from '../../../../src/main/core/proposals/overlay-workspace';
import { overlaySymbolIndex } from '../../../../src/main/core/proposals/overlay-symbol-index';
import { ProposalOverlay } from '../../../../src/main/core/proposals/proposal-overlay';
import { SymbolIndex } from '../../../../src/main/core/index/symbol-index';
import { createFindFilesTool } from '../../../../src/main/core/tools/find-files';
import { runTool } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import {
  copyMountOf,
  copyMountSpawn,
  detectCopySupport,
} from '../../../../src/main/core/sandbox/copy-mount';
import { createRunCopy } from '../../../../src/main/core/sandbox/run-copy';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'sluice-overlay-'));
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'src/a.ts'), 'export function alpha() {}\n');
  writeFileSync(path.join(root, '.gitignore'), 'dist/\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function put(overlay: ProposalOverlay, file: string, before: string | null, after: string) {
  overlay.apply(
    createProposal({
      tool: before === null ? 'create_file' : 'edit_file',
      path: file,
      isNewFile: before === null,
      before: before ?? '',
      after,
      format: detectFormat(after),
      baseHash: before === null ? ABSENT_FILE_HASH : sha256(before),
      description: '',
    }),
  );
}

describe('OverlayWorkspace', () => {
  it('reads, stats and lists - overlay text and created files, disk untouched', async () => {
    const base = await Workspace.open(root);
    const overlay = new ProposalOverlay();
    const ws = OverlayWorkspace.over(base, overlay);
    put(overlay, 'src/a.ts', 'export function alpha() {}\n', 'export function alpha2() {}\n');
    put(overlay, 'src/deep/new.ts', null, 'export const n = 1;\nline two\n');
    put(overlay, 'dist/out.js', null, 'x\n');
    expect(await ws.readText('src/a.ts')).toBe('export function alpha2() {}\n');
    expect(await base.readText('src/a.ts')).toBe('export function alpha() {}\n');
    expect(await ws.stat('src/deep')).toMatchObject({ type: 'directory' });
    expect(await base.stat('src/deep')).toBeNull();
    const window = await ws.readLineWindow('src/deep/new.ts', {
      startLine: 2,
      maxLines: 10,
      maxChars: 1000,
      maxLineChars: 100,
    });
    expect(window.lines.map((l) => l.text)).toEqual(['line two']);
    expect((await ws.listDir('src')).map((e) => `${e.name}:${e.type}`)).toEqual([
      'a.ts:file',
      'deep:directory',
    ]);
    expect((await ws.listFiles()).files).toEqual(['.gitignore', 'src/a.ts', 'src/deep/new.ts']);
    const found = await runTool(
      createFindFilesTool(),
      { pattern: '**/new.ts' },
      {
        workspace: ws,
        signal: new AbortController().signal,
      },
    );
    expect(found.content).toContain('src/deep/new.ts');
    expect(overlay.get('src/a.ts')?.baseHash).toBe(sha256('export function alpha() {}\n'));
  });

  it('overlaySymbolIndex - definitions come from overlay text, stale disk rows are dropped', async () => {
    const base = await Workspace.open(root);
    const overlay = new ProposalOverlay();
    const index = SymbolIndex.open({ source: base, home: null });
    try {
      await index.ensureBuilt();
      const port = overlaySymbolIndex(index, overlay);
      expect(port.findDefinition('alpha').definitions).toHaveLength(1);
      put(overlay, 'src/a.ts', 'export function alpha() {}\n', 'export function alpha2() {}\n');
      put(overlay, 'src/b.ts', null, 'export class Beta {}\n');
      expect(port.findDefinition('alpha').definitions).toEqual([]);
      expect(port.findDefinition('Beta').definitions).toMatchObject([
        { path: 'src/b.ts', line: 1, kind: 'class', exported: true },
      ]);
      expect(port.outline('src/a.ts').map((d) => d.name)).toEqual(['alpha2']);
    } finally {
      await index.close();
    }
  });
});

describe.skipIf(!detectCopySupport().available)('OverlayWorkspace over a private copy', () => {
  it('the copy layer - command output is read from it, deletions are gone, the project untouched', async () => {
    writeFileSync(path.join(root, 'src/b.ts'), 'export const b = 1;\n');
    const temp = mkdtempSync(path.join(os.tmpdir(), 'sluice-overlay-copy-'));
    try {
      const copy = createRunCopy(temp, '00000000-0000-4000-8000-0000000000aa');
      const spawn = copyMountSpawn(copyMountOf(root, copy), '/bin/sh', [
        '-c',
        'cd "$0" && mkdir dist && echo built > dist/out.js && rm src/b.ts',
        copy.merged,
      ]);
      expect(spawnSync(spawn.file, spawn.args).status).toBe(0);
      const workspace = OverlayWorkspace.over(
        await Workspace.open(root),
        new ProposalOverlay(),
        copy.upper,
      );
      expect((await workspace.readText('dist/out.js')).trim()).toBe('built');
      expect(await workspace.stat('src/b.ts')).toBeNull();
      await expect(workspace.readText('src/b.ts')).rejects.toThrow(/deleted it/u);
      expect((await workspace.listDir('src')).map((e) => e.name)).toEqual(['a.ts']);
      expect((await workspace.listDir('', { includeIgnored: true })).map((e) => e.name)).toContain(
        'dist',
      );
      const listing = await workspace.listFiles();
      expect(listing.files).toEqual(['.gitignore', 'src/a.ts']);
      expect(
        (
          await workspace.readLineWindow('dist/out.js', {
            startLine: 1,
            maxLines: 5,
            maxChars: 1000,
            maxLineChars: 100,
          })
        ).lines,
      ).toHaveLength(1);
      expect(readFileSync(path.join(root, 'src/b.ts'), 'utf8')).toBe('export const b = 1;\n');
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  });
});
