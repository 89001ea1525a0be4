import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCliSession } from '../support/cli-session';
import type { CliIo } from '../../src/cli/cli-io';
import type { TerminalApprover } from '../../src/cli/terminal-approval';
import type { AgentEvent } from '../../src/shared/agent-events';
import type { ApprovalRequest, ToolCallApprovalRequest } from '../../src/shared/approvals';
import type { ToolCallProposal } from '../../src/main/core/approvals/approval-port';
import { NO_TERMINAL_MCP_REASON } from '../../src/cli/terminal-mcp-approval';
import { openAppDatabase } from '../../src/main/core/store/app-database';
import { createPolicyRepository } from '../../src/main/core/store/policy-repository';
import { projectIdFor } from '../../src/main/core/store/project-id';
import { createEditFileTool } from '../../src/main/core/tools/edit-file';
import { runTool } from '../../src/main/core/tools/tool';
import { Workspace } from '../../src/main/core/workspace/workspace';

let project: string;
let home: string;
beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'sluice-session-'));
  home = await mkdtemp(path.join(os.tmpdir(), 'sluice-session-home-'));
});
afterEach(async () => {
  await rm(project, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

function io(): CliIo & { errText: () => string } {
  let err = '';
  const stdin = new PassThrough();
  stdin.end();
  return {
    stdout: { write: () => true },
    stderr: { write: (t: string) => (err += t) },
    stdin,
    env: { SLUICE_HOME: home },
    cwd: project,
    errText: () => err,
  };
}

const edit = createEditFileTool();
const input = { path: 'src/a.ts', edits: [{ old_text: 'one', new_text: 'two' }] };

describe('terminal approver', () => {
  it('saves "always allow" as a visible rule, then later writes there need no prompt', async () => {
    await mkdir(path.join(project, 'src'));
    await writeFile(path.join(project, 'src/a.ts'), 'one\n');
    await writeFile(path.join(project, 'src/b.ts'), 'one\n');
    const asked: ApprovalRequest[] = [];
    const approver: TerminalApprover = {
      ask: async (request) => {
        asked.push(request);
        return { decision: { type: 'approve' }, alwaysAllowGlob: 'src/**' };
      },
      close: () => undefined,
    };
    const cli = io();
    const workspace = await Workspace.open(project);
    const session = openCliSession({ io: cli, workspace, yes: false, approver });
    const ctx = { workspace, signal: new AbortController().signal, approvals: session.broker };
    expect((await runTool(edit, input, ctx)).status).toBe('ok');
    expect(cli.errText()).toMatch(
      /Saved rule rule-[0-9a-f]{8}: allow writes to src\/\*\* \(remove it with "sluice rules remove rule-[0-9a-f]{8}"/u,
    );
    expect((await runTool(edit, { ...input, path: 'src/b.ts' }, ctx)).content).toMatch(
      /applied without asking \(allowed by rule "allow write src\/\*\*"\)/u,
    );
    expect(asked).toHaveLength(1);
    const db = openAppDatabase({ home });
    try {
      expect(
        createPolicyRepository(db).get(projectIdFor(realpathSync(project))).rules,
      ).toMatchObject([{ tool: 'write', pathGlob: 'src/**', action: 'allow' }]);
    } finally {
      db.close();
    }
    session.close();
  });
});

describe('CLI engine close', () => {
  it('rejects a pending approval as aborted, lets go of the terminal, and can be called twice', async () => {
    await mkdir(path.join(project, 'src'));
    await writeFile(path.join(project, 'src/a.ts'), 'one\n');
    let asked!: () => void;
    const askedOnce = new Promise<void>((resolve) => (asked = resolve));
    let approverClosed = 0;
    const approver: TerminalApprover = {
      ask: () => {
        asked();
        return new Promise(() => undefined);
      },
      close: () => void (approverClosed += 1),
    };
    const workspace = await Workspace.open(project);
    const session = openCliSession({ io: io(), workspace, yes: false, approver });
    const running = runTool(edit, input, {
      workspace,
      signal: new AbortController().signal,
      approvals: session.broker,
    });
    await askedOnce;
    session.close();
    session.close();
    expect(await running).toMatchObject({ status: 'rejected' });
    expect(approverClosed).toBe(1);
    expect(await readFile(path.join(project, 'src/a.ts'), 'utf8')).toBe('one\n');
  });
});

describe('CLI engine ports', () => {
  it('puts approval events into the turn stream and rejects without a terminal', async () => {
    await mkdir(path.join(project, 'src'));
    await writeFile(path.join(project, 'src/a.ts'), 'one\n');
    const workspace = await Workspace.open(project);
    const events: AgentEvent[] = [];
    const session = openCliSession({ io: io(), workspace, mode: 'ask' });
    try {
      const result = await runTool(edit, input, {
        workspace,
        signal: new AbortController().signal,
        approvals: session.broker,
        conversationId: 'c',
        turnId: 't',
        emit: (e) => events.push(e),
      });
      expect(result).toMatchObject({
        status: 'rejected',
        content: expect.stringMatching(/no terminal to ask the person/u),
      });
      expect(events.map((e) => e.type)).toEqual(['approval_request', 'approval_resolved']);
      expect(await readFile(path.join(project, 'src/a.ts'), 'utf8')).toBe('one\n');
    } finally {
      await session.closed();
    }
    const auto = openCliSession({ io: io(), workspace, mode: 'auto-edit' });
    try {
      expect(
        (
          await runTool(edit, input, {
            workspace,
            signal: new AbortController().signal,
            approvals: auto.broker,
          })
        ).status,
      ).toBe('ok');
    } finally {
      await auto.closed();
    }
  });
});

describe('terminal approver MCP calls', () => {
  const proposal: ToolCallProposal = {
    kind: 'mcp_call',
    tool: 'mcp__ev__echo',
    server: 'ev',
    serverTool: 'echo',
    arguments: { message: 'ping' },
    description: 'Echoes back the input string',
    annotations: { readOnlyHint: true },
    reason: 'MCP tool calls ask before they run',
    definitionHash: 'd'.repeat(64),
  };

  it('yes - does not approve an MCP call: without a terminal it is rejected with the reason', async () => {
    const workspace = await Workspace.open(project);
    const session = openCliSession({ io: io(), workspace, yes: true });
    try {
      const resolution = await session.broker.requestToolCall(proposal, {
        signal: new AbortController().signal,
      });
      expect(resolution).toMatchObject({
        outcome: 'rejected',
        decidedBy: 'mode',
        reason: NO_TERMINAL_MCP_REASON,
      });
    } finally {
      session.close();
    }
  });

  it('yes - the person at the terminal decides an MCP call, shown server, tool and arguments', async () => {
    const asked: ToolCallApprovalRequest[] = [];
    const approver: TerminalApprover = {
      ask: () => Promise.reject(new Error('not a file')),
      askToolCall: async (request) => {
        asked.push(request);
        return { decision: { type: 'reject', reason: 'not now' } };
      },
      close: () => undefined,
    };
    const workspace = await Workspace.open(project);
    const session = openCliSession({ io: io(), workspace, yes: true, approver });
    try {
      const resolution = await session.broker.requestToolCall(proposal, {
        signal: new AbortController().signal,
      });
      expect(resolution).toMatchObject({
        outcome: 'rejected',
        decidedBy: 'person',
        reason: 'not now',
      });
      expect(asked).toMatchObject([
        { server: 'ev', serverTool: 'echo', arguments: expect.stringContaining('"ping"') },
      ]);
    } finally {
      session.close();
    }
  });
});
