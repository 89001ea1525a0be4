// The approval seam inside a real agent turn: the real SDK against the fake Anthropic server,
// the real edit_file tool, the broker's events in the turn's stream, a person's per-hunk
// decision, and the tool result the model gets back.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApprovalBroker } from '../../../../src/main/core/approvals/approval-broker';
import { createMemoryAudit } from './memory-audit';
import { createEditFileTool } from '../../../../src/main/core/tools/edit-file';
import { reply, text, toolUse } from '../../../support/fake-anthropic-server';
import { ofType, runTurn, startHarness, type Harness } from '../agent/agent-harness';

let h: Harness;
afterEach(async () => {
  await h.close();
});

const file = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n') + '\n';

describe('edit_file inside an agent turn', () => {
  it('asks through the turn stream, applies the approved hunk and tells the model the rest', async () => {
    h = await startHarness({ 'notes.txt': file });
    const broker = new ApprovalBroker({
      policy: () => ({ mode: 'ask', rules: [] }),
      audit: createMemoryAudit(),
    });
    let toolResult = '';
    h.server.enqueue(
      reply([
        text('Editing.'),
        toolUse(
          'edit_file',
          {
            path: 'notes.txt',
            edits: [
              { old_text: 'line 1\n', new_text: 'LINE 1\n' },
              { old_text: 'line 18\n', new_text: 'LINE 18\n' },
            ],
            description: 'Capitalise two lines',
          },
          'toolu_edit',
        ),
      ]),
      (request) => {
        const last = request.body.messages?.at(-1);
        const blocks = (last?.content ?? []) as Array<{ type: string; content?: unknown }>;
        toolResult = JSON.stringify(blocks.find((b) => b.type === 'tool_result')?.content ?? '');
        return reply('Done.');
      },
    );
    const { events } = await runTurn(
      h,
      {
        tools: [createEditFileTool()],
        ports: { workspace: h.workspace, approvals: broker },
      },
      (event) => {
        if (event.type !== 'approval_request') return;
        broker.decide({
          approvalId: event.request.approvalId,
          proposalHash: event.request.proposalHash,
          decision: { type: 'approve_hunks', hunkIds: ['h1'], reason: 'line 18 stays lowercase' },
        });
      },
    );
    expect(
      events.map((e) => e.type).filter((t) => t.startsWith('tool') || t.startsWith('approval')),
    ).toEqual(['tool_start', 'approval_request', 'approval_resolved', 'tool_end']);
    expect(ofType(events, 'approval_request')[0]).toMatchObject({
      conversationId: 'c1',
      turnId: 't1',
      request: { path: 'notes.txt', description: 'Capitalise two lines' },
    });
    expect(ofType(events, 'approval_resolved')[0]).toMatchObject({
      outcome: 'partially_approved',
      decidedBy: 'person',
    });
    expect(ofType(events, 'tool_end')[0]).toMatchObject({ status: 'ok' });
    expect(toolResult).toMatch(/Partly applied to notes\.txt.*line 18 stays lowercase/u);
    expect(await readFile(path.join(h.root, 'notes.txt'), 'utf8')).toBe(
      file.replace('line 1\n', 'LINE 1\n'),
    );
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'end_turn' });
  });
});
