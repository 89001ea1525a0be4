import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import { createAnthropicClient } from '../../../../src/main/core/agent/anthropic-client';
import { openProjectEngine } from '../../../../src/main/core/project/open-project-engine';
import type { ShellApprover } from '../../../../src/main/core/project/shell-approver';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createEditFileTool } from '../../../../src/main/core/tools/edit-file';
import { runTool } from '../../../../src/main/core/tools/tool';
import { Workspace } from '../../../../src/main/core/workspace/workspace';

let temp: string;
let project: string;
let home: string;
let db: WritableDb;
beforeEach(() => {
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-engine-')));
  project = path.join(temp, 'proj');
  home = path.join(temp, 'home');
  mkdirSync(project);
  mkdirSync(home);
  writeFileSync(path.join(project, 'a.ts'), 'one\n');
  db = openAppDatabase({ home });
});
afterEach(() => {
  db.close();
  rmSync(temp, { recursive: true, force: true });
});

const edit = createEditFileTool();
const change = (from: string, to: string) => ({
  path: 'a.ts',
  edits: [{ old_text: from, new_text: to }],
});

async function open(approver?: (log: string[]) => ShellApprover, log: string[] = []) {
  let toolLoads = 0;
  const engine = openProjectEngine({
    db,
    home,
    workspace: await Workspace.open(project),
    env: {},
    createClient: () => createAnthropicClient({ apiKey: 'k', baseURL: 'http://127.0.0.1:9' }),
    model: () => 'claude-sonnet-4-5',
    maxRounds: () => 3,
    tools: () => ((toolLoads += 1), [edit]),
    createDiagnostics: null,
    createTests: null,
    ...(approver ? { approver: () => approver(log) } : {}),
    onBackgroundError: (error) => {
      throw error;
    },
  });
  return { engine, log, toolLoads: () => toolLoads };
}

describe('openProjectEngine', () => {
  it('approver - made at the first question, let go when the turn ends, made again at the next', async () => {
    const { engine, log } = await open((log) => {
      log.push('made');
      return {
        onEvent: (event: AgentEvent) => {
          if (event.type !== 'approval_request') return;
          log.push('asked');
          engine.gates.approvals.broker.decide(
            {
              approvalId: event.request.approvalId,
              proposalHash: event.request.proposalHash,
              decision: { type: 'approve' },
            },
            'person',
          );
        },
        close: () => void log.push('closed'),
      };
    });
    try {
      const ctx = () => ({ ...engine.toolPorts(), signal: new AbortController().signal });
      expect(log).toEqual([]);
      expect((await runTool(edit, change('one', 'two'), ctx())).status).toBe('ok');
      engine.ports.release();
      expect((await runTool(edit, change('two', 'three'), ctx())).status).toBe('ok');
      expect(log).toEqual(['made', 'asked', 'closed', 'made', 'asked']);
      expect(readFileSync(path.join(project, 'a.ts'), 'utf8')).toBe('three\n');
    } finally {
      await engine.dispose();
    }
    expect(log.at(-1)).toBe('closed');
  });

  it('dispose - a question still waiting is rejected and nothing is written', async () => {
    let asked!: () => void;
    const waiting = new Promise<void>((resolve) => (asked = resolve));
    const { engine } = await open(() => ({
      onEvent: (event) => void (event.type === 'approval_request' && asked()),
      close: () => undefined,
    }));
    const running = runTool(edit, change('one', 'two'), {
      ...engine.toolPorts(),
      signal: new AbortController().signal,
    });
    await waiting;
    await engine.dispose();
    expect(await running).toMatchObject({ status: 'rejected' });
    expect(readFileSync(path.join(project, 'a.ts'), 'utf8')).toBe('one\n');
  });

  it('runner - made on first use only, with the tools loaded once', async () => {
    const { engine, toolLoads } = await open();
    try {
      expect(toolLoads()).toBe(0);
      expect(engine.runner).toBe(engine.runner);
      expect(toolLoads()).toBe(1);
    } finally {
      await engine.dispose();
    }
  });

  it('MCP - a project with no server offers no tools and loads no client', async () => {
    const { engine } = await open();
    try {
      expect(await engine.mcp.tools({ contextWindow: 200_000, calledBefore: [] })).toEqual({
        tools: [],
      });
    } finally {
      await engine.dispose();
    }
  });

  it('gates - the command gate waits in the broker registry, so a project has one', async () => {
    const { engine } = await open();
    try {
      const gate = engine.gates.commands.gate as unknown as { registry: unknown };
      expect(gate.registry).toBe(engine.gates.approvals.broker.registry);
    } finally {
      await engine.dispose();
    }
  });
});
