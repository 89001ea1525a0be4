// The engine as every shell opens it, with the person's PreToolUse hooks added through the
// engine's own hooks: a write tool's proposal is shown to them in the private copy (the tool
// ports carry the proposal hooks), a block holds the change back once, and a hook the person's
// command rules deny does not run.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import { openProjectEngine } from '../../../../src/main/core/project/open-project-engine';
import { detectCopySupport } from '../../../../src/main/core/sandbox/copy-mount';
import { detectSandbox } from '../../../../src/main/core/sandbox/sandbox-detect';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createEditFileTool } from '../../../../src/main/core/tools/edit-file';
import { runTool } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';

const canRun = detectSandbox().available && detectCopySupport().available;

let temp: string;
let project: string;
let home: string;
let db: WritableDb;
let engine: ReturnType<typeof openProjectEngine> | undefined;
beforeEach(() => {
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-engine-proposal-hooks-')));
  project = path.join(temp, 'proj');
  home = path.join(temp, 'home');
  mkdirSync(project);
  mkdirSync(home);
  writeFileSync(path.join(project, 'notes.txt'), 'draft\n');
  db = openAppDatabase({ home });
});
afterEach(async () => {
  await engine?.dispose();
  engine = undefined;
  db.close();
  rmSync(temp, { recursive: true, force: true });
});

/** The engine with an approver that approves every write it is asked about. */
async function open(): Promise<{ requests: AgentEvent[]; engine: NonNullable<typeof engine> }> {
  const requests: AgentEvent[] = [];
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
    createDiagnostics: null,
    createTests: null,
    approver: (gates) => ({
      onEvent: (event) => {
        if (event.type !== 'approval_request') return;
        requests.push(event);
        void gates.approvals.broker.decide({
          approvalId: event.request.approvalId,
          proposalHash: event.request.proposalHash,
          decision: { type: 'approve' },
        });
      },
      close: () => undefined,
    }),
    onBackgroundError: (error) => {
      throw error;
    },
  });
  engine = opened;
  await opened.hooks.ready();
  return { requests, engine: opened };
}

const edit = createEditFileTool();
const change = { path: 'notes.txt', edits: [{ old_text: 'draft', new_text: 'final' }] };

describe.skipIf(!canRun)('the engine and proposal hooks', () => {
  it('engine - a hook added to the engine sees the proposal, and its block holds it back once', async () => {
    const { requests, engine: opened } = await open();
    opened.hooks.add({
      event: 'PreToolUse',
      matcher: 'Edit|Write',
      command: 'grep -q final notes.txt && { echo "notes.txt is frozen" >&2; exit 2; }; exit 0',
      scope: 'project',
    });
    const ctx = {
      ...opened.toolPorts(),
      signal: new AbortController().signal,
      conversationId: 'c1',
    };
    const first = await runTool(edit, change, ctx);
    expect(first.status).toBe('error');
    expect(first.content).toContain('notes.txt is frozen');
    expect(requests).toEqual([]);
    const second = await runTool(edit, change, ctx);
    expect(second.status).toBe('ok');
    const [asked] = requests;
    expect(asked?.type === 'approval_request' && asked.request.evidence?.hooks?.state).toBe(
      'blocked',
    );
    expect(readFileSync(path.join(project, 'notes.txt'), 'utf8')).toBe('final\n');
    // Both runs on the proposal are in the audit trail, with the conversation that asked.
    const kept = opened.hooks.recentRuns(10).filter((r) => r.event === 'PreToolUse');
    expect(kept.map((r) => [r.outcome, r.conversationId, r.toolName])).toEqual([
      ['blocked', 'c1', 'edit_file'],
      ['blocked', 'c1', 'edit_file'],
    ]);
  });

  it("engine - a hook the person's command rules deny does not run on a proposal", async () => {
    const { requests, engine: opened } = await open();
    opened.gates.commands.rules.add(opened.projectId, { prefix: ['touch'], action: 'deny' });
    opened.hooks.add({
      event: 'PreToolUse',
      matcher: 'edit_file',
      command: 'touch ran; exit 2',
      scope: 'project',
    });
    const ctx = {
      ...opened.toolPorts(),
      signal: new AbortController().signal,
      conversationId: 'c1',
    };
    const result = await runTool(edit, change, ctx);
    expect(result.status).toBe('ok');
    const [asked] = requests;
    const run = asked?.type === 'approval_request' ? asked.request.evidence?.hooks?.runs[0] : null;
    expect(run?.outcome).toBe('not_run');
    expect(run?.reason).toMatch(/^your command rules refuse its command/u);
  });
});
