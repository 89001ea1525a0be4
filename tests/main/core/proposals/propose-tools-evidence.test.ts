import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProposalEvidence } from '../../../../src/shared/diagnostics';
import { DEFAULT_DIAGNOSTICS_SETTINGS } from '../../../../src/shared/diagnostics-settings';
import { OverlayWorkspace } from '../../../../src/main/core/proposals/overlay-workspace';
import { createProposeTools } from '../../../../src/main/core/proposals/propose-tools';
import { ProposalOverlay } from '../../../../src/main/core/proposals/proposal-overlay';
import { runTool, type ToolDefinition } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import {
  createFakeDiagnostics,
  diagnostic,
  evidence,
  fakeProjectDiagnostics,
} from '../../../support/fake-diagnostics';

let project: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'sluice-propose-evidence-'));
  await writeFile(path.join(project, 'a.ts'), 'one\n');
});
afterEach(async () => {
  await rm(project, { recursive: true, force: true });
});

describe('propose tools evidence', () => {
  it('propose edits - each result says "Not yet applied", checked with the whole overlay; an older late result is dropped', async () => {
    const fake = createFakeDiagnostics(
      (changes) =>
        evidence(changes.length === 1 ? [diagnostic('a.ts', 1, 'first overlay')] : [], []),
      400,
    );
    const overlay = new ProposalOverlay();
    const stored: ProposalEvidence[] = [];
    const tools = new Map<string, ToolDefinition>(
      createProposeTools({
        overlay,
        policy: () => ({ mode: 'ask', rules: [] }),
        onEvidence: (e) => stored.push(e),
        checkDeadlineMs: 250,
      }).map((t) => [t.name, t]),
    );
    const disk = await Workspace.open(project);
    const ctx = {
      workspace: OverlayWorkspace.over(disk, overlay),
      signal: new AbortController().signal,
      conversationId: 'c1',
      diagnostics: fakeProjectDiagnostics(fake, () => ({
        ...DEFAULT_DIAGNOSTICS_SETTINGS,
        liveDeadlineMs: 250,
      })),
    };
    const edit = tools.get('edit_file');
    const create = tools.get('create_file');
    if (!edit || !create) throw new Error('missing tools');
    const first = await runTool(
      edit,
      { path: 'a.ts', edits: [{ old_text: 'one', new_text: 'two' }] },
      ctx,
    );
    // Nothing held back in propose mode: the edit is in the overlay, the check timed out.
    expect(first.status).toBe('ok');
    expect(first.content).toContain('Not yet applied. The check timed out after 250 ms.');
    fake.delayMs = 0;
    const second = await runTool(create, { path: 'b.ts', content: 'x\n' }, ctx);
    expect(second.content).toContain(
      'Not yet applied. Checked with all your changes so far: no new errors.',
    );
    expect(fake.calls[1]?.changes).toEqual([
      { path: 'a.ts', after: 'two\n' },
      { path: 'b.ts', after: 'x\n' },
    ]);
    await new Promise((r) => setTimeout(r, 300));
    expect(stored.map((e) => e.state)).toEqual(['timed_out', 'checked']);
    expect(stored[1]?.baseHashes['b.ts']).toBe('absent');
    expect(await readFile(path.join(project, 'a.ts'), 'utf8')).toBe('one\n');
  });

  it('propose edits - the background deadline applies, not the live one: a check slower than the live setting is answered, never "timed out"', async () => {
    const fake = createFakeDiagnostics(
      () =>
        evidence([diagnostic('a.ts', 1, "Type 'number' is not assignable to type 'string'.")], []),
      600,
    );
    const overlay = new ProposalOverlay();
    const tools = new Map<string, ToolDefinition>(
      createProposeTools({ overlay, policy: () => ({ mode: 'ask', rules: [] }) }).map((t) => [
        t.name,
        t,
      ]),
    );
    const edit = tools.get('edit_file');
    if (!edit) throw new Error('missing tools');
    const result = await runTool(
      edit,
      { path: 'a.ts', edits: [{ old_text: 'one', new_text: 'const b: string = 42;' }] },
      {
        workspace: OverlayWorkspace.over(await Workspace.open(project), overlay),
        signal: new AbortController().signal,
        conversationId: 'c1',
        diagnostics: fakeProjectDiagnostics(fake, () => ({
          ...DEFAULT_DIAGNOSTICS_SETTINGS,
          liveDeadlineMs: 250,
        })),
      },
    );
    expect(result.content).not.toContain('timed out');
    expect(result.content).toContain('would introduce 1 error');
    expect(fake.calls[0]?.options?.deadlineMs).toBe(30_000);
  });

  it("propose edits - past 50 errors the rest are counted with the check of the run's change set", async () => {
    const many = Array.from({ length: 62 }, (_, i) => diagnostic('a.ts', i + 1, `e${i + 1}`));
    const fake = createFakeDiagnostics(() => evidence(many, []));
    const overlay = new ProposalOverlay();
    const tools = createProposeTools({
      overlay,
      policy: () => ({ mode: 'ask', rules: [] }),
      changeSetId: () => 'set-42',
    });
    const edit = tools.find((t) => t.name === 'edit_file');
    if (!edit) throw new Error('missing tools');
    const result = await runTool(
      edit,
      { path: 'a.ts', edits: [{ old_text: 'one', new_text: 'two' }] },
      {
        workspace: OverlayWorkspace.over(await Workspace.open(project), overlay),
        signal: new AbortController().signal,
        conversationId: 'c1',
        diagnostics: fakeProjectDiagnostics(fake, () => DEFAULT_DIAGNOSTICS_SETTINGS),
      },
    );
    expect(result.content.split('\n').filter((l) => /^- a\.ts:\d+: e\d+$/u.test(l))).toHaveLength(
      50,
    );
    expect(result.content).toContain(
      '- a.ts:50: e50\n- and 12 more: `sluice check --proposal set-42` lists them all',
    );
  });
});
