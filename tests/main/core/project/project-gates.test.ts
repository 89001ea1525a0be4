// The engine composes the keeper of written evidence over its own selection checks: a person
// who keeps one hunk of two gets that hunk's check listed with the checkpoint. A real engine
// on a temp project, a scripted checker, and the app database.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnthropicClient } from '../../../../src/main/core/agent/anthropic-client';
import { openProjectEngine } from '../../../../src/main/core/project/open-project-engine';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createEditFileTool } from '../../../../src/main/core/tools/edit-file';
import { runTool } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { brokenWhenMarked, createFakeDiagnostics } from '../../../support/fake-diagnostics';

const BEFORE = 'export const a = 1;\n' + 'keep();\n'.repeat(8) + 'export const b = 2;\n';

let temp: string;
let project: string;
let home: string;
let db: WritableDb;
beforeEach(() => {
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-gates-')));
  project = path.join(temp, 'proj');
  home = path.join(temp, 'home');
  mkdirSync(project);
  mkdirSync(home);
  writeFileSync(path.join(project, 'cart.ts'), BEFORE);
  db = openAppDatabase({ home });
});
afterEach(() => {
  db.close();
  rmSync(temp, { recursive: true, force: true });
});

describe('openProjectGates - the evidence of what a decision wrote is kept with its checkpoint', () => {
  it('a person keeps the clean hunk of two: the checkpoint lists that hunk check, not the proposal', async () => {
    const edit = createEditFileTool();
    let shownErrors: number | null = null;
    const engine = openProjectEngine({
      db,
      home,
      workspace: await Workspace.open(project),
      env: {},
      createClient: () => createAnthropicClient({ apiKey: 'k', baseURL: 'http://127.0.0.1:9' }),
      model: () => 'claude-sonnet-4-5',
      maxRounds: () => 3,
      tools: () => [edit],
      createDiagnostics: () => createFakeDiagnostics(brokenWhenMarked),
      createTests: null,
      approver: () => ({
        onEvent: (event) => {
          if (event.type !== 'approval_request') return;
          // The request showed the whole proposal's error; the person keeps only h2.
          shownErrors = event.request.evidence?.introduced.length ?? null;
          engine.gates.approvals.broker.decide({
            approvalId: event.request.approvalId,
            proposalHash: event.request.proposalHash,
            decision: { type: 'approve_hunks', hunkIds: ['h2'] },
          });
        },
        close: () => undefined,
      }),
      onBackgroundError: (error) => {
        throw error;
      },
    });
    try {
      const result = await runTool(
        edit,
        {
          path: 'cart.ts',
          edits: [
            { old_text: 'a = 1', new_text: 'a = BROKEN' },
            { old_text: 'b = 2', new_text: 'b = 3' },
          ],
        },
        { ...engine.toolPorts(), signal: new AbortController().signal },
      );
      expect(result.status).toBe('ok');
      expect(shownErrors).toBe(1);
      expect(readFileSync(path.join(project, 'cart.ts'), 'utf8')).toBe(
        BEFORE.replace('b = 2', 'b = 3'),
      );
      const listed = () => engine.gates.approvals.checkpoints.list()[0]?.evidence;
      const deadline = Date.now() + 5_000;
      while (!listed()?.complete && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 10));
      expect(listed()).toMatchObject({
        what: 'selection',
        checked: 'the 1 of 2 hunks you kept',
        introducedCount: 0,
        complete: true,
      });
    } finally {
      await engine.dispose();
    }
  });
});
