// `sluice ask --mode plan`: the model explores and submits a plan; approved at the terminal
// into ask mode, the same turn's edit is asked before it is written; without a terminal the
// plan is rejected and the model reads that nobody could approve it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAskCommand } from '../../src/cli/commands/ask';
import type { CliIo } from '../../src/cli/cli-io';
import type { PlanRequest } from '../../src/shared/plans';
import {
  reply,
  startFakeAnthropicServer,
  toolUse,
  type FakeAnthropicServer,
} from '../support/fake-anthropic-server';

let server: FakeAnthropicServer;
let project: string;
let home: string;
beforeEach(async () => {
  server = await startFakeAnthropicServer();
  project = mkdtempSync(path.join(os.tmpdir(), 'sluice-ask-plan-project-'));
  home = mkdtempSync(path.join(os.tmpdir(), 'sluice-ask-plan-home-'));
  writeFileSync(path.join(project, 'cart.ts'), 'export const total = 1;\n');
});
afterEach(async () => {
  await server.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

function makeIo() {
  const err: string[] = [];
  const out: string[] = [];
  const io: CliIo = {
    stdout: { write: (t: string) => out.push(t) },
    stderr: { write: (t: string) => err.push(t) },
    stdin: Readable.from([]),
    env: { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: server.baseURL, SLUICE_HOME: home },
    cwd: os.tmpdir(),
  };
  return { io, stderr: () => err.join(''), stdout: () => out.join('') };
}

const plan = { summary: 'Rename total to sum', steps: ['Rename it'], files: ['cart.ts'] };
const rename = {
  path: 'cart.ts',
  edits: [{ old_text: 'total', new_text: 'sum' }],
  description: 'Rename',
};

/** The text of the last tool result of the request at `index`. */
function toolResultOf(index: number): string {
  const blocks = (server.requests[index]?.body.messages?.at(-1)?.content ?? []) as Array<{
    type: string;
    content?: unknown;
  }>;
  return JSON.stringify(blocks.find((b) => b.type === 'tool_result')?.content ?? '');
}

describe('sluice ask --mode plan', () => {
  it('ask --mode plan - approved at the terminal into ask mode, the edit is then asked', async () => {
    const asked: string[] = [];
    const plans: PlanRequest[] = [];
    const ask = createAskCommand({
      maxRetries: 0,
      onInterrupt: () => () => undefined,
      createDiagnostics: null,
      createTests: null,
      approver: {
        askPlan: async (request) => (
          plans.push(request),
          { decision: { type: 'approve', mode: 'ask' } }
        ),
        ask: async (request) => (asked.push(request.path), { decision: { type: 'approve' } }),
        close: () => undefined,
      },
    });
    server.enqueue(
      reply([toolUse('read_file', { path: 'cart.ts' })]),
      reply([toolUse('submit_plan', plan)]),
      reply([toolUse('edit_file', rename)]),
      reply('Done.'),
    );
    const { io, stderr } = makeIo();
    expect(await ask.run(['Rename total', '--project', project, '--mode', 'plan'], io)).toBe(0);
    expect(plans.map((p) => p.plan)).toEqual([plan]);
    expect(toolResultOf(2)).toMatch(/approved the plan; carry it out now\. Mode: ask/u);
    expect(asked).toEqual(['cart.ts']);
    expect(readFileSync(path.join(project, 'cart.ts'), 'utf8')).toBe('export const sum = 1;\n');
    expect(stderr()).toContain('plan approved by you; going on in ask mode');
  });

  it('ask --mode plan - without a terminal the plan is rejected: nobody could approve it', async () => {
    const ask = createAskCommand({
      maxRetries: 0,
      onInterrupt: () => () => undefined,
      createDiagnostics: null,
      createTests: null,
    });
    server.enqueue(reply([toolUse('submit_plan', plan)]), reply('Here is the plan instead.'));
    const { io, stderr } = makeIo();
    expect(await ask.run(['Rename total', '--project', project, '--mode', 'plan'], io)).toBe(0);
    expect(toolResultOf(1)).toMatch(/no person decided: there is no terminal to ask the person/u);
    expect(stderr()).toContain('plan not approved: there is no terminal');
    expect(readFileSync(path.join(project, 'cart.ts'), 'utf8')).toBe('export const total = 1;\n');
  });
});
