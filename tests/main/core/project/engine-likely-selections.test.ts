// The engine as every shell opens it (the app, `sluice serve`, the terminal): a write tool's
// proposal of several hunks waits in the engine's broker, and while it waits the engine's
// selection checks learn its likely selections' errors in the changed file, so a change of
// ticks is answered from memory; the decision stops what is left.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest } from '../../../../src/shared/approvals';
import type { ProposalEvidence } from '../../../../src/shared/diagnostics';
import { createDiagnosticsService } from '../../../../src/main/core/diagnostics/diagnostics-service';
import { openProjectEngine } from '../../../../src/main/core/project/open-project-engine';
import { checkDecision } from '../../../../src/main/core/project/decision-checks';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createEditFileTool } from '../../../../src/main/core/tools/edit-file';
import { runTool } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import { diagnostic } from '../../../support/fake-diagnostics';
import { createHeldChecker, type HeldChecker } from '../../../support/held-checker';

const KEEP = 'keep();\n'.repeat(8);
const BEFORE = ['a', 'b', 'c'].map((n) => `export const ${n} = 1;\n${KEEP}`).join('');

function errorsOf(text: string) {
  return text.split('\n').flatMap((line, index) => {
    const marker = /BROKEN_[A-Z]/u.exec(line)?.[0];
    return marker ? [diagnostic('cart.ts', index + 1, `Cannot find name '${marker}'.`)] : [];
  });
}

let temp: string;
let project: string;
let home: string;
let db: WritableDb;
let engine: ReturnType<typeof openProjectEngine> | undefined;
let checker: HeldChecker;
beforeEach(() => {
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-engine-likely-')));
  project = path.join(temp, 'proj');
  home = path.join(temp, 'home');
  mkdirSync(project);
  mkdirSync(home);
  writeFileSync(path.join(project, 'cart.ts'), BEFORE);
  db = openAppDatabase({ home });
  checker = createHeldChecker(errorsOf);
});
afterEach(async () => {
  for (const call of checker.calls) call.finish();
  await engine?.dispose();
  engine = undefined;
  db.close();
  rmSync(temp, { recursive: true, force: true });
});

describe('the engine and the likely selections', () => {
  it('engine - a waiting proposal has its likely selections checked, hunk 2 alone answers from memory', async () => {
    const requests: ApprovalRequest[] = [];
    const opened = openProjectEngine({
      db,
      home,
      workspace: await Workspace.open(project),
      env: {},
      createClient: () => {
        throw new Error('no model in this test');
      },
      model: () => 'm',
      maxRounds: () => 4,
      createDiagnostics: ({ root }) => createDiagnosticsService({ root, checkers: [checker] }),
      createTests: null,
      approver: () => ({
        onEvent: (event) => {
          if (event.type === 'approval_request') requests.push(event.request as ApprovalRequest);
        },
        close: () => undefined,
      }),
      onBackgroundError: (error) => {
        throw error;
      },
    });
    engine = opened;
    await opened.hooks.ready();
    const edits = ['a', 'b', 'c'].map((n) => ({
      old_text: `${n} = 1`,
      new_text: `${n} = BROKEN_${n.toUpperCase()}`,
    }));
    const ran = runTool(
      createEditFileTool(),
      { path: 'cart.ts', edits },
      {
        ...opened.toolPorts(),
        signal: new AbortController().signal,
      },
    );
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const request = requests[0]!;
    expect(request.hunks).toHaveLength(3);
    // The proposal's own check finishes (its importers), then the six texts are checked.
    checker.calls[0]!.finish();
    await vi.waitFor(() => expect(checker.calls).toHaveLength(7));
    await vi.waitFor(() =>
      expect(checker.calls.slice(1).every((c) => c.signal.aborted)).toBe(true),
    );
    checker.auto = false;
    const { broker } = opened.gates.approvals;
    const answer = await checkDecision(broker, opened.checks.selection, {
      approvalId: request.approvalId,
      proposalHash: request.proposalHash,
      decision: { type: 'approve_hunks', hunkIds: ['h2'] },
      wait: 'first',
    });
    const evidence = (answer as { evidence: ProposalEvidence }).evidence;
    expect(evidence.introduced.map((d) => d.message)).toEqual(["Cannot find name 'BROKEN_B'."]);
    expect(checker.calls[7]?.answered).toBe(false);
    expect(
      broker.decide({
        approvalId: request.approvalId,
        proposalHash: request.proposalHash,
        decision: { type: 'approve_hunks', hunkIds: ['h2'] },
      }),
    ).toEqual({ accepted: true });
    expect((await ran).status).toBe('ok');
    expect(readFileSync(path.join(project, 'cart.ts'), 'utf8')).toBe(
      BEFORE.replace('b = 1', 'b = BROKEN_B'),
    );
  });
});
