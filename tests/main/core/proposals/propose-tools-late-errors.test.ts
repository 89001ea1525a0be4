// Overlay edits stream their evidence as live edits do: the edit's result comes once the changed
// files' errors are in, and the importers' errors, when they arrive, are given with the next
// tool result; a next write waits for them; a newer edit of the same file drops the older
// check's; a late result that never comes is said at the deadline. The real diagnostics
// service runs over a checker whose complete answers the tests release.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProposalEvidence } from '../../../../src/shared/diagnostics';
import type { ProjectDiagnostics } from '../../../../src/main/core/diagnostics/project-diagnostics';
import { OverlayWorkspace } from '../../../../src/main/core/proposals/overlay-workspace';
import { createProposeTools } from '../../../../src/main/core/proposals/propose-tools';
import { ProposalOverlay } from '../../../../src/main/core/proposals/proposal-overlay';
import {
  runTool,
  type ToolContext,
  type ToolDefinition,
} from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { diagnostic } from '../../../support/fake-diagnostics';
import {
  createStagedChecker,
  stagedDiagnostics,
  type StagedChecker,
} from '../../../support/staged-checker';

let project: string;
let diagnostics: ProjectDiagnostics | null = null;

beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'sluice-propose-late-'));
  await writeFile(path.join(project, 'a.ts'), 'export const a = 1;\n');
  await writeFile(path.join(project, 'use.ts'), "import { a } from './a';\n");
});
afterEach(async () => {
  await diagnostics?.dispose();
  diagnostics = null;
  await rm(project, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await sleep(10);
  if (!condition()) throw new Error('the condition never held');
}

/** An error in the changed a.ts, and one in use.ts naming the text of a.ts it saw. */
function stagedForA(): StagedChecker {
  return createStagedChecker((changes) => {
    const a = changes.find((c) => c.path === 'a.ts')?.after ?? '';
    return {
      changed: [diagnostic('a.ts', 1, 'own error')],
      importers: [diagnostic('use.ts', 1, `importer sees ${a.trim()}`)],
    };
  });
}

async function setUp(checker: StagedChecker, checkDeadlineMs?: number) {
  diagnostics = stagedDiagnostics(checker);
  const overlay = new ProposalOverlay();
  const stored: ProposalEvidence[] = [];
  const tools = new Map<string, ToolDefinition>(
    createProposeTools({
      overlay,
      policy: () => ({ mode: 'ask', rules: [] }),
      onEvidence: (e) => stored.push(e),
      changeSetId: () => 'set-1',
      ...(checkDeadlineMs ? { checkDeadlineMs } : {}),
    }).map((t) => [t.name, t]),
  );
  const ctx: ToolContext = {
    workspace: OverlayWorkspace.over(await Workspace.open(project), overlay),
    signal: new AbortController().signal,
    conversationId: 'c1',
    diagnostics,
  };
  const call = (name: string, input: unknown) => {
    const tool = tools.get(name);
    if (!tool) throw new Error(`no tool ${name}`);
    return runTool(tool, input, ctx);
  };
  const editA = (to: string) =>
    call('edit_file', { path: 'a.ts', edits: [{ old_text: 'export const a', new_text: to }] });
  return { call, editA, stored };
}

describe('propose tools - the importers after the result', () => {
  it('overlay edit - answers before the importers are in, says so, and the next tool result carries the importer error', async () => {
    const checker = stagedForA();
    const { call, editA, stored } = await setUp(checker);
    const started = Date.now();
    const edit = await editA('export const b');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(edit.status).toBe('ok');
    expect(edit.content).toContain(
      'Not yet applied. Errors in the changed files: with all your changes so far, this change would introduce 1 error:\n- a.ts:1: own error\nThe files that import them are still being checked: their errors will be given to you before your next edit is checked.',
    );
    expect(edit.content).not.toContain('importer sees');
    expect(stored.at(-1)?.state).toBe('checking');

    checker.checks[0]?.release();
    await until(() => stored.at(-1)?.state === 'checked');
    // The set stores the complete evidence.
    expect(stored.at(-1)?.introduced.map((d) => d.message)).toEqual([
      'own error',
      'importer sees export const b = 1;',
    ]);
    const read = await call('list_files', {});
    expect(read.content).toMatch(
      /^Since your edit of a\.ts: 1 error in the files that import your changed files:\n- use\.ts:1: importer sees export const b = 1;\nRevise your changes unless a later edit fixes them\.\n\n/u,
    );
    const again = await call('list_files', {});
    expect(again.content).not.toContain('Since your edit');
  });

  it("overlay edit - a next write waits for the previous edit's importers before its check and carries them", async () => {
    const checker = stagedForA();
    const { call, editA } = await setUp(checker);
    await editA('export const b');
    let done = false;
    const next = call('create_file', { path: 'n.ts', content: 'export const n = 1;\n' }).then(
      (r) => {
        done = true;
        return r;
      },
    );
    await sleep(300);
    // The next edit is not checked until the previous one's importers are in.
    expect(done).toBe(false);
    expect(checker.checks).toHaveLength(1);
    checker.releaseAll();
    const result = await next;
    expect(checker.checks).toHaveLength(2);
    expect(result.content).toMatch(
      /^Since your edit of a\.ts: 1 error in the files that import your changed files:\n- use\.ts:1: importer sees export const b = 1;\n[^]*Created n\.ts in the proposal/u,
    );
  });

  it('overlay edit - a newer edit of the same file drops the older check: its late result is not given or stored', async () => {
    const checker = stagedForA();
    const { call, editA, stored } = await setUp(checker);
    await editA('export const b');
    const started = Date.now();
    const second = await call('edit_file', {
      path: 'a.ts',
      edits: [{ old_text: 'export const b', new_text: 'export const c' }],
    });
    // No wait for the older check: the same file's newer text replaces it.
    expect(Date.now() - started).toBeLessThan(2000);
    expect(second.content).not.toContain('Since your edit');
    checker.checks[0]?.release();
    await sleep(200);
    expect(stored.some((e) => e.introduced.some((d) => d.message.includes('const b')))).toBe(false);
    const read = await call('list_files', {});
    expect(read.content).not.toContain('Since your edit');

    checker.checks[1]?.release();
    await until(() => stored.at(-1)?.state === 'checked');
    const later = await call('list_files', {});
    expect(later.content).toContain(
      'Since your edit of a.ts: 1 error in the files that import your changed files:\n- use.ts:1: importer sees export const c = 1;',
    );
  });

  it('overlay edit - importers that never come are waited for until the deadline, and said', async () => {
    const checker = stagedForA();
    const { call, editA } = await setUp(checker, 600);
    const started = Date.now();
    const edit = await editA('export const b');
    expect(edit.content).toContain('still being checked');
    const next = await call('create_file', { path: 'n.ts', content: 'export const n = 1;\n' });
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(550);
    expect(waited).toBeLessThan(3000);
    expect(next.status).toBe('ok');
    expect(next.content).toMatch(
      /^Since your edit of a\.ts: the files that import your changed files were not checked within 600 ms \(the check's deadline\), so their errors are not known here; the change set's own check shows them to the person\.\n\n/u,
    );
    // Said once; the check of n.ts that followed is followed in its turn.
    expect(next.content.match(/Since your edit/gu)).toHaveLength(1);
  });

  it('overlay edit - a check answered whole at once leaves nothing for the next result', async () => {
    const checker = stagedForA();
    checker.holding = false;
    const { call, editA } = await setUp(checker);
    const edit = await editA('export const b');
    expect(edit.content).toContain(
      'With all your changes so far, this change would introduce 2 errors:\n- a.ts:1: own error\n- use.ts:1: importer sees export const b = 1;',
    );
    const read = await call('list_files', {});
    expect(read.content).not.toContain('Since your edit');
  });
});
