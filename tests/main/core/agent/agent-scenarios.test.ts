import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  ApprovalPort,
  ApprovalResolution,
} from '../../../../src/main/core/approvals/approval-port';
import { createTools } from '../../../../src/main/core/tools';
import { toApiTool } from '../../../../src/main/core/tools/tool';
import { reply, text, toolUse } from '../../../support/fake-anthropic-server';
import { ofType, runTurn, startHarness, textOf, type Harness } from './agent-harness';

let h: Harness;
afterEach(async () => {
  await h.close();
});

/** An approval port that answers every proposal with `answer` and emits the events a broker would. */
function scriptedApprovals(answer: 'approve' | 'reject', asked: string[]): ApprovalPort {
  let n = 0;
  return {
    async request(proposal, call) {
      n += 1;
      const approvalId = `ap${n}`;
      asked.push(proposal.path);
      const resolution: ApprovalResolution =
        answer === 'approve'
          ? { approvalId, decidedBy: 'person', outcome: 'approved', reason: 'looks right' }
          : { approvalId, decidedBy: 'person', outcome: 'rejected', reason: 'keep the old name' };
      call.emit?.({
        type: 'approval_resolved',
        conversationId: call.conversationId ?? '',
        turnId: call.turnId ?? '',
        approvalId,
        outcome: resolution.outcome === 'approved' ? 'approved' : 'rejected',
        decidedBy: 'person',
      });
      return resolution;
    },
    applied: () => undefined,
    failed: () => undefined,
  };
}

describe('agent scenarios', () => {
  it('edit with approval - read, propose, the person approves, the file changes, the summary says so', async () => {
    h = await startHarness({ 'src/greet.ts': 'export const greeting = "hello";\n' });
    const asked: string[] = [];
    h.server.enqueue(
      reply([toolUse('read_file', { path: 'src/greet.ts' })]),
      reply([
        text('Changing the greeting.'),
        toolUse('edit_file', {
          path: 'src/greet.ts',
          edits: [{ old_text: '"hello"', new_text: '"hi"' }],
          description: 'Shorter greeting',
        }),
      ]),
      reply('Changed src/greet.ts: the greeting is now "hi".'),
    );
    const { events } = await runTurn(h, {
      userText: 'Make the greeting "hi"',
      tools: createTools(),
      ports: { workspace: h.workspace, approvals: scriptedApprovals('approve', asked) },
    });
    expect(asked).toEqual(['src/greet.ts']);
    expect(ofType(events, 'approval_resolved')).toHaveLength(1);
    expect(ofType(events, 'tool_end').map((e) => [e.name, e.status])).toEqual([
      ['read_file', 'ok'],
      ['edit_file', 'ok'],
    ]);
    expect(await readFile(path.join(h.root, 'src/greet.ts'), 'utf8')).toBe(
      'export const greeting = "hi";\n',
    );
    expect(textOf(events)).toContain('Changed src/greet.ts');
  });

  it('edit rejected - nothing written, the model is told the reason as a non-ok result', async () => {
    h = await startHarness({ 'a.ts': 'const name = 1;\n' });
    h.server.enqueue(
      reply([
        toolUse('edit_file', { path: 'a.ts', edits: [{ old_text: 'name', new_text: 'title' }] }),
      ]),
      reply('Understood, leaving it.'),
    );
    const { events } = await runTurn(h, {
      tools: createTools(),
      ports: { workspace: h.workspace, approvals: scriptedApprovals('reject', []) },
    });
    expect(ofType(events, 'tool_end')[0]?.status).not.toBe('ok');
    expect(await readFile(path.join(h.root, 'a.ts'), 'utf8')).toBe('const name = 1;\n');
    const result = (
      h.server.requests[1]?.body.messages?.at(-1)?.content as {
        is_error?: boolean;
        content?: unknown;
      }[]
    )[0];
    expect(result?.is_error).toBe(true);
    expect(JSON.stringify(result?.content)).toContain('keep the old name');
  });

  it('write tool without an approval port - refused, file untouched, the turn goes on', async () => {
    h = await startHarness({ 'a.ts': 'x\n' });
    h.server.enqueue(
      reply([toolUse('create_file', { path: 'b.ts', content: 'y\n' })]),
      reply('I could not create it.'),
    );
    const { events, outcome } = await runTurn(h, { tools: createTools() });
    expect(ofType(events, 'tool_end')[0]?.status).not.toBe('ok');
    await expect(readFile(path.join(h.root, 'b.ts'), 'utf8')).rejects.toThrow();
    expect(outcome.reason).toBe('end_turn');
  });

  it('impact analysis - who depends on a module, via find_importers when registered, else a search', async () => {
    h = await startHarness({
      'src/math.ts': 'export const add = (a: number, b: number) => a + b;\n',
      'src/app.ts': "import { add } from './math';\nadd(1, 2);\n",
      'src/report.ts': "import { add } from './math';\n",
      'src/other.ts': 'export const x = 1;\n',
    });
    const tools = createTools();
    const importers = tools.find((t) => t.name === 'find_importers');
    let call;
    if (importers) {
      // The index engineer's tool: fill its first required string field with the target file.
      const schema = toApiTool(importers).input_schema as { required?: string[] };
      call = toolUse('find_importers', { [schema.required?.[0] ?? 'target']: 'src/math.ts' });
    } else {
      call = toolUse('search_files', { pattern: "from './math'" });
    }
    h.server.enqueue(reply([call]), (req) => {
      const result = JSON.stringify(req.body.messages?.at(-1)?.content);
      const files = ['src/app.ts', 'src/report.ts', 'src/other.ts'].filter((f) =>
        result.includes(f),
      );
      return reply(`Changing add affects: ${files.join(', ')}`);
    });
    const { events } = await runTurn(h, {
      userText: 'What breaks if I change add in src/math.ts?',
      tools,
    });
    expect(ofType(events, 'tool_end')[0]?.status).toBe('ok');
    expect(textOf(events)).toBe('Changing add affects: src/app.ts, src/report.ts');
  });
});
