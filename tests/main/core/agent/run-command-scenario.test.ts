// The real-project check (issue 13): on a fixture project the fake model runs `npm test` in
// the sandbox, sees the failure in the tool result, edits the code, runs the tests again and
// they pass. The model's second and fourth replies are decided from what it was sent.
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import { CommandApprovalGate } from '../../../../src/main/core/commands/command-approval-gate';
import { detectBubblewrap } from '../../../../src/main/core/sandbox/bubblewrap';
import { createTools } from '../../../../src/main/core/tools';
import { reply, text, toolUse, type RecordedRequest } from '../../../support/fake-anthropic-server';
import { ofType, runTurn, startHarness, textOf, type Harness } from './agent-harness';

const sandbox = detectBubblewrap();
const itSandboxed = sandbox.available ? it : it.skip;
let h: Harness;
let logs: string;
afterEach(async () => {
  await h.close();
  await rm(logs, { recursive: true, force: true });
});

/** The text of the last tool_result the model was sent. */
function lastToolResult(request: RecordedRequest): string {
  const messages = (request.body as { messages: { content: unknown }[] }).messages;
  const content = messages.at(-1)?.content;
  const blocks = Array.isArray(content) ? (content as { type: string; content?: unknown }[]) : [];
  const result = blocks.find((b) => b.type === 'tool_result');
  const inner = result?.content;
  if (typeof inner === 'string') return inner;
  return Array.isArray(inner) ? inner.map((b: { text?: string }) => b.text ?? '').join('') : '';
}

describe('run_command - real project', () => {
  itSandboxed('npm test fails, the model fixes the code, npm test passes', async () => {
    h = await startHarness();
    logs = await mkdtemp(path.join(os.tmpdir(), 'sluice-scenario-logs-'));
    await cp(path.join(import.meta.dirname, '../../../fixtures/command-project'), h.root, {
      recursive: true,
    });
    const seen: string[] = [];
    h.server.enqueue(
      reply([toolUse('run_command', { command: 'npm test', description: 'Run the tests' })]),
      (request) => {
        seen.push(lastToolResult(request));
        return /exit code [1-9]/u.test(seen[0] ?? '') && /sum adds/u.test(seen[0] ?? '')
          ? reply([
              text('The test fails: sum subtracts.'),
              toolUse('edit_file', {
                path: 'src/sum.js',
                edits: [{ old_text: 'return a - b;', new_text: 'return a + b;' }],
                description: 'Add instead of subtract',
              }),
            ])
          : reply('The tests did not fail as expected.');
      },
      reply([toolUse('run_command', { command: 'npm test', description: 'Run the tests again' })]),
      (request) => {
        seen.push(lastToolResult(request));
        return reply(/exit code 0/u.test(seen[1] ?? '') ? 'Tests pass now.' : 'Still failing.');
      },
    );
    const gate = new CommandApprovalGate({
      policy: () => ({
        mode: 'ask',
        rules: [{ id: 'r1', prefix: ['npm', 'test'], action: 'allow' }],
      }),
      addAllowRule: () => undefined,
    });
    const broker = new ApprovalBroker({ policy: () => ({ mode: 'auto-edit', rules: [] }) });
    const { events } = await runTurn(h, {
      userText: 'Make the tests pass',
      tools: createTools(),
      ports: {
        workspace: h.workspace,
        approvals: broker,
        commands: {
          gate,
          sandbox,
          outputDir: logs,
          hidden: [],
        },
      },
    });
    expect(ofType(events, 'tool_end').map((e) => [e.name, e.status])).toEqual([
      ['run_command', 'error'],
      ['edit_file', 'ok'],
      ['run_command', 'ok'],
    ]);
    expect(seen[0]).toMatch(/untrusted data/u);
    expect(await readFile(path.join(h.root, 'src/sum.js'), 'utf8')).toContain('return a + b;');
    expect(textOf(events)).toContain('Tests pass now.');
    expect(ofType(events, 'command_output').length).toBeGreaterThan(0);
  });
});
