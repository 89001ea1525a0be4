// What the model reads after a decision that wrote something other than the proposal: the
// checks of exactly the text written (the hunks kept, the person's own version), never those
// of the whole proposal. The real edit_file tool, a real broker and evidence keeper, selection
// checks over a scripted checker, and the real app database.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Decision } from '../../../../src/shared/approvals';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import { createEvidenceKeeper } from '../../../../src/main/core/evidence/evidence-keeper';
import { SelectionEvidence } from '../../../../src/main/core/evidence/selection-evidence';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import { createCheckpointEvidenceRepository } from '../../../../src/main/core/store/checkpoint-evidence-repository';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createEditFileTool } from '../../../../src/main/core/tools/edit-file';
import { runTool, type ToolContext } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import {
  brokenWhenMarked,
  createFakeDiagnostics,
  fakeProjectDiagnostics,
} from '../../../support/fake-diagnostics';

const FILLER = Array.from({ length: 8 }, () => 'keep();\n').join('');
const BEFORE = `export const a = 1;\n${FILLER}export const b = 2;\n`;
/** Two hunks: h1 breaks the build, h2 is clean. */
const edit = {
  path: 'a.ts',
  edits: [
    { old_text: 'a = 1', new_text: 'a = BROKEN' },
    { old_text: 'b = 2', new_text: 'b = 3' },
  ],
};

let project: string;
let home: string;
let db: WritableDb;
beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'sluice-written-evidence-'));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-home-'));
  db = openAppDatabase({ home });
  await writeFile(path.join(project, 'a.ts'), BEFORE);
});
afterEach(async () => {
  db.close();
  await Promise.all([project, home].map((d) => rm(d, { recursive: true, force: true })));
});

async function decideWith(decision: Decision, keeping = true): Promise<string> {
  const fake = createFakeDiagnostics(brokenWhenMarked);
  const diagnostics = fakeProjectDiagnostics(fake);
  const selection = new SelectionEvidence({ diagnostics });
  const keeper = createEvidenceKeeper({
    store: createCheckpointEvidenceRepository(db, 'p1'),
    selection: () => selection,
  });
  const broker: ApprovalBroker = new ApprovalBroker({
    policy: () => ({ mode: 'ask', rules: [] }),
    ...(keeping ? { keepEvidence: keeper.keep } : {}),
    emit: (event) => {
      if (event.type !== 'approval_request') return;
      const { approvalId, proposalHash } = event.request;
      queueMicrotask(() => broker.decide({ approvalId, proposalHash, decision }));
    },
  });
  const ctx: ToolContext = {
    workspace: await Workspace.open(project),
    signal: new AbortController().signal,
    approvals: broker,
    diagnostics,
    conversationId: 'c1',
    turnId: 't1',
    toolUseId: 'u1',
  };
  // The first call is sent back for its error; the same call again is shown with it.
  await runTool(createEditFileTool(), edit, ctx);
  const result = await runTool(createEditFileTool(), edit, ctx);
  expect(result.status).toBe('ok');
  return result.content;
}

describe('the model reads the checks of what was written', () => {
  it('written evidence - the person keeps the clean hunk: no error is reported for the hunk left out', async () => {
    const content = await decideWith({ type: 'approve_hunks', hunkIds: ['h2'] });
    expect(await readFile(path.join(project, 'a.ts'), 'utf8')).toBe(
      BEFORE.replace('b = 2', 'b = 3'),
    );
    expect(content).toContain(
      'The checks below are of what was written (the part of the change the person kept), not of the whole proposal.',
    );
    expect(content).toContain('Checked before writing: no new errors');
    expect(content).not.toContain('Cannot find name');
  });

  it('written evidence - the person keeps the breaking hunk: its error is reported', async () => {
    const content = await decideWith({ type: 'approve_hunks', hunkIds: ['h1'] });
    expect(content).toContain(
      "Checked before writing: this change introduces 1 error:\n- a.ts:1: Cannot find name 'BROKEN'.",
    );
  });

  it("written evidence - the person's own version is what is reported", async () => {
    const own = BEFORE.replace('a = 1', 'a = 10');
    const content = await decideWith({ type: 'edit', content: own });
    expect(await readFile(path.join(project, 'a.ts'), 'utf8')).toBe(own);
    expect(content).toContain("what was written (the person's version)");
    expect(content).toContain('Checked before writing: no new errors');
    expect(content).not.toContain('introduces 1 error');
  });

  it('written evidence - nobody checks the kept text: the model is told so, not the proposal’s errors', async () => {
    const content = await decideWith({ type: 'approve_hunks', hunkIds: ['h2'] }, false);
    expect(content).toContain(
      'What was written (the part of the change the person kept) was not checked before this reply; the checks of the whole proposal do not apply to it.',
    );
    expect(content).not.toContain('introduces 1 error');
  });
});
