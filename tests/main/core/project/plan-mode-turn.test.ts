// Plan mode in a real turn: the real SDK against the fake Anthropic server, the engine's own
// tools and gates. The model reads a file and submits a plan; approved into ask mode, the same
// turn goes on and its edit is asked (not applied unseen); rejected, the feedback reaches the
// model, the mode stays plan and an edit is refused. A reload shows the plan with its decision.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../src/shared/agent-events';
import type { PlanDecision } from '../../../../src/shared/plans';
import { createAnthropicClient } from '../../../../src/main/core/agent/anthropic-client';
import { DEFAULT_MODEL } from '../../../../src/main/core/agent/model-catalog';
import { openProjectEngine } from '../../../../src/main/core/project/open-project-engine';
import { openAppDatabase } from '../../../../src/main/core/store/app-database';
import { createConversationRepository } from '../../../../src/main/core/store/conversation-repository';
import type { WritableDb } from '../../../../src/main/core/store/database-handles';
import { createPolicyRepository } from '../../../../src/main/core/store/policy-repository';
import { Workspace } from '../../../../src/main/core/workspace/workspace';
import {
  reply,
  startFakeAnthropicServer,
  text,
  toolUse,
  type FakeAnthropicServer,
  type RecordedRequest,
} from '../../../support/fake-anthropic-server';

let temp: string;
let project: string;
let home: string;
let db: WritableDb;
let server: FakeAnthropicServer;
beforeEach(async () => {
  temp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'sluice-plan-turn-')));
  project = path.join(temp, 'proj');
  home = path.join(temp, 'home');
  mkdirSync(project);
  mkdirSync(home);
  writeFileSync(path.join(project, 'cart.ts'), 'export const total = 1;\n');
  db = openAppDatabase({ home });
  server = await startFakeAnthropicServer();
});
afterEach(async () => {
  await server.close();
  db.close();
  rmSync(temp, { recursive: true, force: true });
});

const plan = {
  summary: 'Rename total to sum in cart.ts',
  steps: ['Rename the export', 'Check its importers'],
  files: ['cart.ts'],
};
const edit = {
  path: 'cart.ts',
  edits: [{ old_text: 'total', new_text: 'sum' }],
  description: 'Rename total to sum',
};

/** The last tool result the model was sent in this request. */
function lastToolResult(request: RecordedRequest): string {
  const blocks = (request.body.messages?.at(-1)?.content ?? []) as Array<{
    type: string;
    content?: unknown;
  }>;
  return JSON.stringify(blocks.filter((b) => b.type === 'tool_result').at(-1)?.content ?? '');
}

interface Opened {
  readonly engine: ReturnType<typeof openProjectEngine>;
  readonly asked: AgentEvent[];
}

/** The engine in plan mode for this run, whose approver answers plans with `answer` and approves writes. */
async function open(answer: PlanDecision, options: { storedMode?: boolean } = {}): Promise<Opened> {
  const asked: AgentEvent[] = [];
  const engine = openProjectEngine({
    db,
    home,
    workspace: await Workspace.open(project),
    env: {},
    createClient: () =>
      createAnthropicClient({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 0 }),
    model: () => DEFAULT_MODEL,
    maxRounds: () => 8,
    createDiagnostics: null,
    createTests: null,
    ...(options.storedMode ? { approvedPlanSetsStoredMode: true } : { modeOverride: 'plan' }),
    approver: (gates) => ({
      onEvent: (event) => {
        if (event.type === 'plan_request') {
          asked.push(event);
          gates.plans.decide({ approvalId: event.approvalId, decision: answer });
        }
        if (event.type === 'approval_request') {
          asked.push(event);
          gates.approvals.broker.decide(
            {
              approvalId: event.request.approvalId,
              proposalHash: event.request.proposalHash,
              decision: { type: 'approve' },
            },
            'person',
          );
        }
      },
      close: () => undefined,
    }),
    onBackgroundError: (error) => {
      throw error;
    },
  });
  return { engine, asked };
}

async function runTurn(opened: Opened): Promise<{ events: AgentEvent[]; conversationId: string }> {
  const started = opened.engine.runner.start({ kind: 'send', text: 'Rename total to sum' });
  const events: AgentEvent[] = [];
  for await (const event of started.events) events.push(event);
  return { events, conversationId: started.conversationId };
}

describe('plan mode in a turn', () => {
  it('plan mode - approved into ask mode, the same turn goes on and its edit is asked', async () => {
    server.enqueue(
      reply([text('Reading first.'), toolUse('read_file', { path: 'cart.ts' }, 'tu_read')]),
      reply([toolUse('submit_plan', plan, 'tu_plan')]),
      reply([toolUse('edit_file', edit, 'tu_edit')]),
      reply('Renamed.'),
    );
    const opened = await open({ type: 'approve', mode: 'ask' });
    const { engine } = opened;
    try {
      const { events, conversationId } = await runTurn(opened);
      const [first, , afterPlan] = server.requests as [
        RecordedRequest,
        RecordedRequest,
        RecordedRequest,
      ];
      expect(first.body.tools?.map((t) => t.name)).toContain('submit_plan');
      expect(JSON.stringify(first.body.system)).toMatch(/Plan mode is on/u);
      expect(lastToolResult(afterPlan)).toMatch(
        /The person approved the plan; carry it out now\. Mode: ask — each write is reviewed/u,
      );
      // Asked: the plan, then the edit (ask mode), never applied unseen.
      expect(opened.asked.map((e) => e.type)).toEqual(['plan_request', 'approval_request']);
      expect(engine.mode()).toBe('ask');
      expect(readFileSync(path.join(project, 'cart.ts'), 'utf8')).toBe('export const sum = 1;\n');
      expect(events.find((e) => e.type === 'plan_resolved')).toMatchObject({
        outcome: 'approved',
        mode: 'ask',
        decidedBy: 'person',
      });
      expect(events.at(-1)).toMatchObject({ type: 'turn_end', reason: 'end_turn' });
      // A reload shows the plan on its step, approved with the mode.
      const step = createConversationRepository(db)
        .transcript(conversationId)
        .find((item) => item.type === 'tool' && item.id === 'tu_plan');
      expect(step).toMatchObject({
        plan: { state: 'approved', mode: 'ask', plan },
        status: 'ok',
      });
      // The stored mode did not change: only this run's did.
      expect(createPolicyRepository(db).get(engine.projectId).mode).toBe('ask');
    } finally {
      await engine.dispose();
    }
  });

  it('plan mode - a rejected plan sends its feedback to the model, which stays in plan mode', async () => {
    server.enqueue(
      reply([toolUse('read_file', { path: 'cart.ts' }, 'tu_read')]),
      reply([toolUse('submit_plan', plan, 'tu_plan')]),
      reply([toolUse('edit_file', edit, 'tu_edit')]),
      reply('I will revise the plan.'),
    );
    const opened = await open({ type: 'reject', feedback: 'Keep total; add sum beside it' });
    const { engine } = opened;
    try {
      const { events, conversationId } = await runTurn(opened);
      const afterPlan = server.requests[2] as RecordedRequest;
      expect(lastToolResult(afterPlan)).toMatch(
        /The person rejected the plan\. Their feedback: Keep total; add sum beside it/u,
      );
      expect(lastToolResult(afterPlan)).toMatch(/still in plan mode/u);
      const afterEdit = server.requests[3] as RecordedRequest;
      expect(lastToolResult(afterEdit)).toMatch(/plan mode/u);
      expect(engine.mode()).toBe('plan');
      expect(opened.asked.map((e) => e.type)).toEqual(['plan_request']);
      expect(readFileSync(path.join(project, 'cart.ts'), 'utf8')).toBe('export const total = 1;\n');
      expect(events.find((e) => e.type === 'tool_end' && e.toolUseId === 'tu_edit')).toMatchObject({
        status: 'denied',
      });
      const step = createConversationRepository(db)
        .transcript(conversationId)
        .find((item) => item.type === 'tool' && item.id === 'tu_plan');
      expect(step).toMatchObject({
        plan: { state: 'rejected', feedback: 'Keep total; add sum beside it' },
        status: 'rejected',
      });
    } finally {
      await engine.dispose();
    }
  });

  it("plan mode - in the app an approved plan sets the project's stored mode", async () => {
    server.enqueue(reply([toolUse('submit_plan', plan, 'tu_plan')]), reply('Going on.'));
    const policies = createPolicyRepository(db);
    const opened = await open(
      { type: 'edit', text: 'Rename only the export', mode: 'auto-edit' },
      { storedMode: true },
    );
    const { engine } = opened;
    policies.setMode(engine.projectId, 'plan');
    try {
      await runTurn(opened);
      expect(policies.get(engine.projectId).mode).toBe('auto-edit');
      expect(lastToolResult(server.requests[1] as RecordedRequest)).toMatch(
        /approved the plan as edited; carry it out now\. Mode: auto-edit.*Rename only the export/u,
      );
    } finally {
      await engine.dispose();
    }
  });

  it('plan mode - outside plan mode a turn is offered no submit_plan', async () => {
    server.enqueue(reply('Hello.'));
    const opened = await open({ type: 'approve', mode: 'ask' });
    opened.engine.setMode('ask');
    try {
      await runTurn(opened);
      expect(server.requests[0]?.body.tools?.map((t) => t.name)).not.toContain('submit_plan');
      expect(JSON.stringify(server.requests[0]?.body.system)).not.toMatch(/Plan mode is on/u);
    } finally {
      await opened.engine.dispose();
    }
  });
});
